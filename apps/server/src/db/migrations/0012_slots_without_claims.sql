-- Workers are now known to be alive by the job queue's heartbeats (pg-boss 12), not by a presence
-- lock recorded on the slots they claimed.
ALTER TABLE "generation_slots" DROP COLUMN "claimed_by";--> statement-breakpoint
ALTER TABLE "generation_slots" DROP COLUMN "claimed";