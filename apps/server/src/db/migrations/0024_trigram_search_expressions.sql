-- Trigram searches each reach the index meant for them (decision 040).
--
-- 0023's GIN index was built on the text 0021's GiST index holds, `title || ' ' || summary`, and
-- the planner, which guesses both at a few rows, chose the GiST one for every `%`: about 40 ms
-- at 20,000 ideas, where the GIN one finds the same ideas in about 10. Built on the same text
-- written `title || (' ' || summary)`, it is the only index a search written that way matches;
-- the nearest by distance (`<->`) still reads the GiST one.
DROP INDEX IF EXISTS ideas_compared_trigrams_idx;
--> statement-breakpoint
CREATE INDEX ideas_compared_trigrams_idx ON ideas
  USING gin (brainstorm_id, (title || (' ' || summary)) gin_trgm_ops)
  WITH (fastupdate = on, gin_pending_list_limit = 256);
--> statement-breakpoint
-- A list's search finds its ideas through their trigrams rather than by reading the brainstorm:
-- every word of a search must occur in the title, the summary or the description, which is
-- the same as occurring in the three joined by spaces, since a word holds none.
CREATE INDEX ideas_search_trigrams_idx ON ideas
  USING gin (brainstorm_id, (title || ' ' || summary || ' ' || description) gin_trgm_ops)
  WITH (fastupdate = on, gin_pending_list_limit = 256);
