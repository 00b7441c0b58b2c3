-- A change of an annotation's vote, or of a reaction's type, updates its idea once rather than
-- twice (take the old value off, add the new one). A second update of a row in one transaction
-- makes PostgreSQL check the row's foreign keys again, which locks the idea's brainstorm while
-- the idea is locked: the opposite order to deleting the brainstorm, and a deadlock with it.
CREATE OR REPLACE FUNCTION ideas_apply_vote() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.vote <> 0 THEN
      UPDATE ideas SET votes = votes + NEW.vote WHERE id = NEW.idea_id;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF OLD.vote <> 0 THEN
      UPDATE ideas SET votes = votes - OLD.vote WHERE id = OLD.idea_id;
    END IF;
  ELSIF NEW.idea_id = OLD.idea_id THEN
    IF NEW.vote <> OLD.vote THEN
      UPDATE ideas SET votes = votes - OLD.vote + NEW.vote WHERE id = NEW.idea_id;
    END IF;
  ELSE
    UPDATE ideas SET votes = votes - OLD.vote WHERE id = OLD.idea_id;
    UPDATE ideas SET votes = votes + NEW.vote WHERE id = NEW.idea_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ideas_apply_reaction() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.annotation_id = OLD.annotation_id THEN
    IF NEW.reaction_type <> OLD.reaction_type THEN
      UPDATE ideas SET
        laugh_count = laugh_count
          + (NEW.reaction_type = 'laugh')::int - (OLD.reaction_type = 'laugh')::int,
        idea_count = idea_count
          + (NEW.reaction_type = 'idea')::int - (OLD.reaction_type = 'idea')::int,
        surprised_count = surprised_count
          + (NEW.reaction_type = 'surprised')::int - (OLD.reaction_type = 'surprised')::int,
        thumbtack_count = thumbtack_count
          + (NEW.reaction_type = 'thumbtack')::int - (OLD.reaction_type = 'thumbtack')::int
      WHERE id = (SELECT idea_id FROM idea_annotations WHERE id = NEW.annotation_id);
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM ideas_count_reaction(OLD.annotation_id, OLD.reaction_type, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM ideas_count_reaction(NEW.annotation_id, NEW.reaction_type, 1);
  END IF;
  RETURN NULL;
END;
$$;
