-- Near-duplicate candidates come from an index, not a scan of the brainstorm (decision 039): a
-- GiST index on the compared text within each brainstorm, whose `<->` order gives the ideas
-- nearest by pg_trgm's similarity, exactly. btree_gist lets the brainstorm's id lead it.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
CREATE INDEX ideas_compared_text_idx ON ideas
  USING gist (brainstorm_id, (title || ' ' || summary) gist_trgm_ops (siglen = 64));
--> statement-breakpoint
-- Ideas stored together (an import) count their stacks once per original, not once per idea:
-- one statement of 200 stacked rows updated its originals 200 times, under the brainstorm's lock.
CREATE FUNCTION ideas_count_inserted_duplicates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ideas SET duplicates_count = ideas.duplicates_count + stacked.n
  FROM (SELECT duplicate_of, count(*)::int AS n FROM new_ideas
        WHERE duplicate_of IS NOT NULL GROUP BY duplicate_of) stacked
  WHERE ideas.id = stacked.duplicate_of;
  UPDATE brainstorms SET duplicates_count = brainstorms.duplicates_count + stacked.n
  FROM (SELECT brainstorm_id, count(*)::int AS n FROM new_ideas
        WHERE duplicate_of IS NOT NULL GROUP BY brainstorm_id) stacked
  WHERE brainstorms.id = stacked.brainstorm_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER ideas_duplicates_on_insert ON ideas;
--> statement-breakpoint
CREATE TRIGGER ideas_duplicates_on_insert AFTER INSERT ON ideas
  REFERENCING NEW TABLE AS new_ideas
  FOR EACH STATEMENT EXECUTE FUNCTION ideas_count_inserted_duplicates();
