CREATE TABLE "themes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "themes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brainstorm_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analyses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analyses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brainstorm_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_by" integer NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"method" text DEFAULT 'model' NOT NULL,
	"params" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"calls_planned" integer DEFAULT 0 NOT NULL,
	"calls_made" integer DEFAULT 0 NOT NULL,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"reserved_tokens" integer DEFAULT 0 NOT NULL,
	"in_flight_tokens" integer DEFAULT 0 NOT NULL,
	"unreported_tokens" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"error" text,
	"applied" timestamp with time zone,
	"applied_by" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"started" timestamp with time zone,
	"finished" timestamp with time zone,
	CONSTRAINT "analyses_kind_check" CHECK ("analyses"."kind" in ('themes','assess','rank','combine')),
	CONSTRAINT "analyses_status_check" CHECK ("analyses"."status" in ('queued','running','done','failed'))
);
--> statement-breakpoint
CREATE TABLE "idea_assessments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "idea_assessments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"idea_id" integer NOT NULL,
	"analysis_id" integer NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"impact" smallint NOT NULL,
	"effort" smallint NOT NULL,
	"novelty" smallint NOT NULL,
	"impact_reason" text NOT NULL,
	"effort_reason" text NOT NULL,
	"novelty_reason" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idea_assessments_scores_check" CHECK ("idea_assessments"."impact" between 1 and 5 and "idea_assessments"."effort" between 1 and 5 and "idea_assessments"."novelty" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "ranking_comparisons" (
	"analysis_id" integer NOT NULL,
	"round" integer NOT NULL,
	"pair" integer NOT NULL,
	"idea_a" integer NOT NULL,
	"idea_b" integer NOT NULL,
	"winner" integer NOT NULL,
	"reason" text NOT NULL,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "theme_id" integer;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "combined_from" integer[];--> statement-breakpoint
ALTER TABLE "themes" ADD CONSTRAINT "themes_brainstorm_id_brainstorms_id_fk" FOREIGN KEY ("brainstorm_id") REFERENCES "public"."brainstorms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "themes" ADD CONSTRAINT "themes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_brainstorm_id_brainstorms_id_fk" FOREIGN KEY ("brainstorm_id") REFERENCES "public"."brainstorms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_assessments" ADD CONSTRAINT "idea_assessments_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_assessments" ADD CONSTRAINT "idea_assessments_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranking_comparisons" ADD CONSTRAINT "ranking_comparisons_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "themes_brainstorm_position_idx" ON "themes" USING btree ("brainstorm_id","position","id");--> statement-breakpoint
CREATE UNIQUE INDEX "themes_brainstorm_id_key" ON "themes" USING btree ("brainstorm_id","id");--> statement-breakpoint
CREATE INDEX "analyses_brainstorm_created_idx" ON "analyses" USING btree ("brainstorm_id","created");--> statement-breakpoint
CREATE INDEX "analyses_created_by_created_idx" ON "analyses" USING btree ("created_by","created");--> statement-breakpoint
CREATE INDEX "analyses_created_idx" ON "analyses" USING btree ("created");--> statement-breakpoint
CREATE UNIQUE INDEX "idea_assessments_analysis_idea_key" ON "idea_assessments" USING btree ("analysis_id","idea_id");--> statement-breakpoint
CREATE INDEX "idea_assessments_idea_created_idx" ON "idea_assessments" USING btree ("idea_id","created","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ranking_comparisons_key" ON "ranking_comparisons" USING btree ("analysis_id","round","pair");--> statement-breakpoint
CREATE INDEX "ideas_theme_idx" ON "ideas" USING btree ("theme_id") WHERE "ideas"."theme_id" is not null;--> statement-breakpoint
-- An idea's theme is a theme of its own brainstorm; deleting the theme leaves the idea unsorted
-- (only theme_id is set to null, never brainstorm_id).
ALTER TABLE "ideas" ADD CONSTRAINT "ideas_theme_fk" FOREIGN KEY ("brainstorm_id","theme_id")
  REFERENCES "public"."themes"("brainstorm_id","id") ON DELETE SET NULL ("theme_id");
