CREATE TABLE "reviewer_counts" (
	"brainstorm_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reviewed" integer DEFAULT 0 NOT NULL,
	"reviewed_stacked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reviewer_counts_brainstorm_id_user_id_pk" PRIMARY KEY("brainstorm_id","user_id")
);
--> statement-breakpoint
-- The review queue's counts at any size (decision 040): how many of a brainstorm's ideas each
-- user has reviewed, originals and stacked ones apart, kept here by the database as the
-- brainstorm's own counts are (0006, 0013), so that 'unreviewed' and 'reviewed by me' are counted
-- from two rows instead of a probe per idea. Concurrent reviews add with ON CONFLICT, which
-- never loses one.
CREATE FUNCTION reviewer_counts_add(counts_brainstorm integer, counts_user integer,
  originals integer, stacked integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO reviewer_counts AS c (brainstorm_id, user_id, reviewed, reviewed_stacked)
  VALUES (counts_brainstorm, counts_user, originals, stacked)
  ON CONFLICT (brainstorm_id, user_id) DO UPDATE
    SET reviewed = c.reviewed + excluded.reviewed,
      reviewed_stacked = c.reviewed_stacked + excluded.reviewed_stacked;
$$;
--> statement-breakpoint
-- Taking off never inserts: the row exists if what is taken off was counted, and once a
-- brainstorm or a user is deleted, its rows must not come back.
CREATE FUNCTION reviewer_counts_take(counts_brainstorm integer, counts_user integer,
  originals integer, stacked integer) RETURNS void LANGUAGE sql AS $$
  UPDATE reviewer_counts SET reviewed = reviewed - originals,
    reviewed_stacked = reviewed_stacked - stacked
  WHERE brainstorm_id = counts_brainstorm AND user_id = counts_user;
$$;
--> statement-breakpoint
-- Annotations added or removed, per statement: the seed and a brainstorm's deletion touch
-- thousands at once. An annotation removed with its idea is counted off by the idea's own
-- trigger below, which runs while both still exist; here its idea is gone and it is skipped.
CREATE FUNCTION reviewer_counts_on_annotations() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counted record;
BEGIN
  FOR counted IN
    SELECT i.brainstorm_id, a.user_id,
      count(*) FILTER (WHERE i.duplicate_of IS NULL)::int AS originals,
      count(*) FILTER (WHERE i.duplicate_of IS NOT NULL)::int AS stacked
    FROM changed_annotations a JOIN ideas i ON i.id = a.idea_id
    GROUP BY i.brainstorm_id, a.user_id
    ORDER BY i.brainstorm_id, a.user_id
  LOOP
    IF TG_OP = 'INSERT' THEN
      PERFORM reviewer_counts_add(counted.brainstorm_id, counted.user_id,
        counted.originals, counted.stacked);
    ELSE
      PERFORM reviewer_counts_take(counted.brainstorm_id, counted.user_id,
        counted.originals, counted.stacked);
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER reviewer_counts_on_insert AFTER INSERT ON idea_annotations
  REFERENCING NEW TABLE AS changed_annotations
  FOR EACH STATEMENT EXECUTE FUNCTION reviewer_counts_on_annotations();
--> statement-breakpoint
CREATE TRIGGER reviewer_counts_on_delete AFTER DELETE ON idea_annotations
  REFERENCING OLD TABLE AS changed_annotations
  FOR EACH STATEMENT EXECUTE FUNCTION reviewer_counts_on_annotations();
--> statement-breakpoint
-- An idea stacked, unstacked, moved or deleted moves its reviewers' counts with it.
CREATE FUNCTION reviewer_counts_on_idea() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reviewer_counts_take(OLD.brainstorm_id, a.user_id,
    (OLD.duplicate_of IS NULL)::int, (OLD.duplicate_of IS NOT NULL)::int)
  FROM idea_annotations a WHERE a.idea_id = OLD.id ORDER BY a.user_id;
  IF TG_OP = 'UPDATE' THEN
    PERFORM reviewer_counts_add(NEW.brainstorm_id, a.user_id,
      (NEW.duplicate_of IS NULL)::int, (NEW.duplicate_of IS NOT NULL)::int)
    FROM idea_annotations a WHERE a.idea_id = NEW.id ORDER BY a.user_id;
    RETURN NULL;
  END IF;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER reviewer_counts_on_idea_update AFTER UPDATE OF duplicate_of, brainstorm_id ON ideas
  FOR EACH ROW WHEN ((OLD.duplicate_of IS NULL) <> (NEW.duplicate_of IS NULL)
    OR OLD.brainstorm_id <> NEW.brainstorm_id)
  EXECUTE FUNCTION reviewer_counts_on_idea();
--> statement-breakpoint
CREATE TRIGGER reviewer_counts_on_idea_delete BEFORE DELETE ON ideas
  FOR EACH ROW EXECUTE FUNCTION reviewer_counts_on_idea();
--> statement-breakpoint
-- Rows of a deleted brainstorm or user go with it. A review being counted at that moment holds
-- its idea (and user) against the deletion, so none is counted after.
CREATE FUNCTION reviewer_counts_forget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'brainstorms' THEN
    DELETE FROM reviewer_counts WHERE brainstorm_id = OLD.id;
  ELSE
    DELETE FROM reviewer_counts WHERE user_id = OLD.id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER reviewer_counts_on_brainstorm_delete AFTER DELETE ON brainstorms
  FOR EACH ROW EXECUTE FUNCTION reviewer_counts_forget();
--> statement-breakpoint
CREATE TRIGGER reviewer_counts_on_user_delete AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION reviewer_counts_forget();
--> statement-breakpoint
INSERT INTO reviewer_counts (brainstorm_id, user_id, reviewed, reviewed_stacked)
SELECT i.brainstorm_id, a.user_id,
  count(*) FILTER (WHERE i.duplicate_of IS NULL)::int,
  count(*) FILTER (WHERE i.duplicate_of IS NOT NULL)::int
FROM idea_annotations a JOIN ideas i ON i.id = a.idea_id
GROUP BY i.brainstorm_id, a.user_id;
