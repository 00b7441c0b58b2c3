-- Near-duplicates found through the trigrams they share (decision 040): a GIN index on the
-- compared text within each brainstorm, whose `%` finds every idea at a similarity threshold or
-- above by reading the candidate's trigrams' posting lists, not by walking the brainstorm. The
-- GiST index of 0021 stays for the nearest by distance, which choosing among several candidates
-- needs. btree_gin lets the brainstorm's id lead it. New ideas wait in a pending list, merged
-- into the index in bulk, which makes an insert about three times cheaper than merging each at
-- once; the list is kept small (256 kB), so a search, which reads all of it, stays quick, and it
-- is merged when it fills even where no vacuum runs (the embedded database).
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE INDEX ideas_compared_trigrams_idx ON ideas
  USING gin (brainstorm_id, (title || ' ' || summary) gin_trgm_ops)
  WITH (fastupdate = on, gin_pending_list_limit = 256);
