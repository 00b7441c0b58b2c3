-- Repeats in other words judged by a language model (issue 38): a decision about two ideas and a
-- stack record the model that made them and its one-line reason, and 'repeats' is a sense-making
-- step. Columns only: nothing is rewritten.
ALTER TABLE "analyses" DROP CONSTRAINT "analyses_kind_check";--> statement-breakpoint
ALTER TABLE "idea_duplicate_decisions" ADD COLUMN "decided_by_model" text;--> statement-breakpoint
ALTER TABLE "idea_duplicate_decisions" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "stacked_by_model" text;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "stack_reason" text;--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_kind_check" CHECK ("analyses"."kind" in ('themes','assess','rank','combine','repeats'));