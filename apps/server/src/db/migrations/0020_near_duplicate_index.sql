-- Near-duplicate candidates come from an index, not a scan of the brainstorm (decision 039): a
-- GiST index on the compared text within each brainstorm, whose `<->` order gives the ideas
-- nearest by pg_trgm's similarity, exactly. btree_gist lets the brainstorm's id lead it.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
CREATE INDEX ideas_compared_text_idx ON ideas
  USING gist (brainstorm_id, (title || ' ' || summary) gist_trgm_ops (siglen = 64));
