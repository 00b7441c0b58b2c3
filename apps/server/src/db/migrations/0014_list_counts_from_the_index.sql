DROP INDEX "ideas_brainstorm_created_idx";--> statement-breakpoint
CREATE INDEX "ideas_brainstorm_created_idx" ON "ideas" USING btree ("brainstorm_id","created","id","duplicate_of");