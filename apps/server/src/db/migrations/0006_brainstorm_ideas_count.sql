ALTER TABLE "brainstorms" ADD COLUMN "ideas_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each brainstorm's idea count, kept by the database like the review aggregates (0004): once per
-- statement, from its transition table, so a batch of ideas costs one update per brainstorm.
CREATE FUNCTION brainstorms_count_ideas() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE brainstorms b SET ideas_count = b.ideas_count - gone.n
    FROM (SELECT brainstorm_id, count(*) AS n FROM old_ideas GROUP BY brainstorm_id) gone
    WHERE b.id = gone.brainstorm_id;
  ELSE
    UPDATE brainstorms b SET ideas_count = b.ideas_count + came.n
    FROM (SELECT brainstorm_id, count(*) AS n FROM new_ideas GROUP BY brainstorm_id) came
    WHERE b.id = came.brainstorm_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ideas_counted_on_insert AFTER INSERT ON ideas
  REFERENCING NEW TABLE AS new_ideas
  FOR EACH STATEMENT EXECUTE FUNCTION brainstorms_count_ideas();
--> statement-breakpoint
CREATE TRIGGER ideas_counted_on_delete AFTER DELETE ON ideas
  REFERENCING OLD TABLE AS old_ideas
  FOR EACH STATEMENT EXECUTE FUNCTION brainstorms_count_ideas();
--> statement-breakpoint
-- The API never moves an idea; should anything else, its count moves with it.
CREATE FUNCTION brainstorms_move_idea() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE brainstorms SET ideas_count = ideas_count - 1 WHERE id = OLD.brainstorm_id;
  UPDATE brainstorms SET ideas_count = ideas_count + 1 WHERE id = NEW.brainstorm_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ideas_counted_on_move AFTER UPDATE OF brainstorm_id ON ideas
  FOR EACH ROW WHEN (OLD.brainstorm_id <> NEW.brainstorm_id)
  EXECUTE FUNCTION brainstorms_move_idea();
--> statement-breakpoint
UPDATE brainstorms b SET ideas_count = counted.n
FROM (SELECT brainstorm_id, count(*) AS n FROM ideas GROUP BY brainstorm_id) counted
WHERE b.id = counted.brainstorm_id;
