-- A vote changes its idea's `votes`, and an index on that column made every vote write a new
-- entry into each of the idea's indexes; without it (a brainstorm's few hundred ideas sort by
-- votes in memory) the update can stay on its page, which the spare room below leaves it.
DROP INDEX "ideas_brainstorm_votes_idx";--> statement-breakpoint
ALTER TABLE "ideas" SET (fillfactor = 90);--> statement-breakpoint
-- The default order of a brainstorm's ideas (newest first, then by id) read straight off one
-- index, which also holds the id that counting a brainstorm's ideas needs.
DROP INDEX "ideas_brainstorm_created_idx";--> statement-breakpoint
CREATE INDEX "ideas_brainstorm_created_idx" ON "ideas" USING btree ("brainstorm_id","created","id");
