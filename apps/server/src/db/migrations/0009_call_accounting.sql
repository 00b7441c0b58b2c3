ALTER TABLE "generation_slots" ADD COLUMN "in_flight" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "generation_slots" ADD COLUMN "unreported_tokens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "unreported_tokens" integer DEFAULT 0 NOT NULL;