-- The stacking search reads the GiST index of 0021, not the GIN index of 0023 (decision 040).
--
-- Both were built on `title || ' ' || summary`, and the planner chose the GiST one for every
-- `%`. Made to read the GIN one (an index built on the same text written apart), a search for
-- an idea that shares half its trigrams with thousands of others returned all of them to be
-- checked against the table: 110-120 ms at 20,000 ideas where the GiST index took 33 ms, and on
-- the embedded database, which runs one statement at a time, a health check during an import of
-- such ideas waited 400-490 ms instead of 135. The GIN index was only a cost: about 0.14 ms an
-- inserted idea, and 5 MB at 20,000 ideas.
DROP INDEX IF EXISTS ideas_compared_trigrams_idx;
