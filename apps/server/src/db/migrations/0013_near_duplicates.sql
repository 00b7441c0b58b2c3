CREATE TABLE "idea_duplicate_decisions" (
	"idea_id" integer NOT NULL,
	"original_id" integer NOT NULL,
	"is_duplicate" boolean NOT NULL,
	"decided_by" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idea_duplicate_decisions_idea_id_original_id_pk" PRIMARY KEY("idea_id","original_id")
);
--> statement-breakpoint
CREATE TABLE "idea_embeddings" (
	"idea_id" integer PRIMARY KEY NOT NULL,
	"model" text NOT NULL,
	"embedding" real[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brainstorms" ADD COLUMN "duplicates_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "stacked" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "candidates" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "steering" jsonb;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "duplicate_of" integer;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "duplicate_score" real;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "stacked_by" integer;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "duplicates_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "inspired_by" integer;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "steered_by" jsonb;--> statement-breakpoint
ALTER TABLE "idea_duplicate_decisions" ADD CONSTRAINT "idea_duplicate_decisions_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_duplicate_decisions" ADD CONSTRAINT "idea_duplicate_decisions_original_id_ideas_id_fk" FOREIGN KEY ("original_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_duplicate_decisions" ADD CONSTRAINT "idea_duplicate_decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_embeddings" ADD CONSTRAINT "idea_embeddings_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idea_duplicate_decisions_original_idx" ON "idea_duplicate_decisions" USING btree ("original_id");--> statement-breakpoint
ALTER TABLE "ideas" ADD CONSTRAINT "ideas_duplicate_of_ideas_id_fk" FOREIGN KEY ("duplicate_of") REFERENCES "public"."ideas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ideas" ADD CONSTRAINT "ideas_stacked_by_users_id_fk" FOREIGN KEY ("stacked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ideas" ADD CONSTRAINT "ideas_inspired_by_ideas_id_fk" FOREIGN KEY ("inspired_by") REFERENCES "public"."ideas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ideas_duplicate_of_idx" ON "ideas" USING btree ("duplicate_of") WHERE "ideas"."duplicate_of" is not null;--> statement-breakpoint
CREATE INDEX "ideas_inspired_by_idx" ON "ideas" USING btree ("inspired_by") WHERE "ideas"."inspired_by" is not null;--> statement-breakpoint
-- Near-duplicates (decision 025): the trigram measure of pg_trgm, which PGlite ships too.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- How many ideas are stacked under each original, and in each brainstorm, kept by the database
-- like the other aggregates (0004, 0006), so lists read them as columns and concurrent stacking
-- never loses a count.
CREATE FUNCTION ideas_count_duplicates(original integer, brainstorm integer, delta integer)
RETURNS void LANGUAGE sql AS $$
  UPDATE ideas SET duplicates_count = duplicates_count + delta WHERE id = original;
  UPDATE brainstorms SET duplicates_count = duplicates_count + delta WHERE id = brainstorm;
$$;
--> statement-breakpoint
CREATE FUNCTION ideas_apply_duplicate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.duplicate_of IS NOT NULL THEN
    PERFORM ideas_count_duplicates(OLD.duplicate_of, OLD.brainstorm_id, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.duplicate_of IS NOT NULL THEN
    PERFORM ideas_count_duplicates(NEW.duplicate_of, NEW.brainstorm_id, 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ideas_duplicates_on_insert AFTER INSERT ON ideas
  FOR EACH ROW WHEN (NEW.duplicate_of IS NOT NULL)
  EXECUTE FUNCTION ideas_apply_duplicate();
--> statement-breakpoint
CREATE TRIGGER ideas_duplicates_on_delete AFTER DELETE ON ideas
  FOR EACH ROW WHEN (OLD.duplicate_of IS NOT NULL)
  EXECUTE FUNCTION ideas_apply_duplicate();
--> statement-breakpoint
CREATE TRIGGER ideas_duplicates_on_update AFTER UPDATE OF duplicate_of, brainstorm_id ON ideas
  FOR EACH ROW WHEN (OLD.duplicate_of IS DISTINCT FROM NEW.duplicate_of
    OR (NEW.duplicate_of IS NOT NULL AND OLD.brainstorm_id <> NEW.brainstorm_id))
  EXECUTE FUNCTION ideas_apply_duplicate();
