-- The review aggregates on ideas (votes, reaction counts, comments_count), kept by the database
-- itself: each change applies its difference to the idea's row in the same transaction, so a
-- page of ideas reads them as plain columns and concurrent writers never lose a count.

CREATE FUNCTION ideas_apply_vote() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.vote <> 0 THEN
      UPDATE ideas SET votes = votes + NEW.vote WHERE id = NEW.idea_id;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF OLD.vote <> 0 THEN
      UPDATE ideas SET votes = votes - OLD.vote WHERE id = OLD.idea_id;
    END IF;
  ELSIF NEW.vote <> OLD.vote OR NEW.idea_id <> OLD.idea_id THEN
    UPDATE ideas SET votes = votes - OLD.vote WHERE id = OLD.idea_id;
    UPDATE ideas SET votes = votes + NEW.vote WHERE id = NEW.idea_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER idea_annotations_votes
  AFTER INSERT OR UPDATE OR DELETE ON idea_annotations
  FOR EACH ROW EXECUTE FUNCTION ideas_apply_vote();
--> statement-breakpoint
CREATE FUNCTION ideas_count_reaction(annotation integer, reaction text, delta integer)
RETURNS void LANGUAGE sql AS $$
  UPDATE ideas SET
    laugh_count = laugh_count + CASE WHEN reaction = 'laugh' THEN delta ELSE 0 END,
    idea_count = idea_count + CASE WHEN reaction = 'idea' THEN delta ELSE 0 END,
    surprised_count = surprised_count + CASE WHEN reaction = 'surprised' THEN delta ELSE 0 END,
    thumbtack_count = thumbtack_count + CASE WHEN reaction = 'thumbtack' THEN delta ELSE 0 END
  WHERE id = (SELECT idea_id FROM idea_annotations WHERE id = annotation);
$$;
--> statement-breakpoint
CREATE FUNCTION ideas_apply_reaction() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM ideas_count_reaction(OLD.annotation_id, OLD.reaction_type, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM ideas_count_reaction(NEW.annotation_id, NEW.reaction_type, 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER idea_reactions_counts
  AFTER INSERT OR UPDATE OF reaction_type, annotation_id OR DELETE ON idea_reactions
  FOR EACH ROW EXECUTE FUNCTION ideas_apply_reaction();
--> statement-breakpoint
CREATE FUNCTION ideas_apply_comment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE ideas SET comments_count = comments_count - 1
    WHERE id = (SELECT idea_id FROM idea_annotations WHERE id = OLD.annotation_id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE ideas SET comments_count = comments_count + 1
    WHERE id = (SELECT idea_id FROM idea_annotations WHERE id = NEW.annotation_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER idea_comments_count
  AFTER INSERT OR UPDATE OF annotation_id OR DELETE ON idea_comments
  FOR EACH ROW EXECUTE FUNCTION ideas_apply_comment();
--> statement-breakpoint
-- An annotation's reactions and comments go first, while the annotation still names its idea,
-- so their counts come off the idea rather than being lost in the cascade.
CREATE FUNCTION idea_annotations_delete_children() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM idea_reactions WHERE annotation_id = OLD.id;
  DELETE FROM idea_comments WHERE annotation_id = OLD.id;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER idea_annotations_children
  BEFORE DELETE ON idea_annotations
  FOR EACH ROW EXECUTE FUNCTION idea_annotations_delete_children();
