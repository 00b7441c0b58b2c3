ALTER TABLE "brainstorms" ADD COLUMN "blind_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Live review (decision 026): every change a brainstorm's viewers should see is announced on the
-- 'ideaforge_live' channel by the transaction that made it, so it is heard only once committed,
-- in commit order, whichever process or path wrote it. The payloads are for the server alone:
-- it projects each one per viewer, and never forwards a user's own annotation.
CREATE FUNCTION live_ideas_added() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  batch record;
BEGIN
  FOR batch IN
    SELECT brainstorm_id, count(*) AS n,
      (array_agg(json_build_array(id, duplicate_of) ORDER BY id))[1:50] AS ideas
    FROM added GROUP BY brainstorm_id
  LOOP
    PERFORM pg_notify('ideaforge_live', json_build_object(
      'k', 'ideas+', 'b', batch.brainstorm_id, 'n', batch.n, 'i', batch.ideas)::text);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ideas_live_added AFTER INSERT ON ideas
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION live_ideas_added();
--> statement-breakpoint
CREATE FUNCTION live_ideas_removed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  batch record;
BEGIN
  FOR batch IN
    SELECT brainstorm_id, count(*) AS n, (array_agg(id ORDER BY id))[1:50] AS ids
    FROM removed GROUP BY brainstorm_id
  LOOP
    PERFORM pg_notify('ideaforge_live', json_build_object(
      'k', 'ideas-', 'b', batch.brainstorm_id, 'n', batch.n, 'i', batch.ids)::text);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ideas_live_removed AFTER DELETE ON ideas
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION live_ideas_removed();
--> statement-breakpoint
-- An idea's shared totals as their new values (the row lock the totals' own triggers take
-- orders concurrent changes of one idea), and whether its text changed.
CREATE FUNCTION live_idea_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ideaforge_live', json_build_object(
    'k', 'idea', 'b', NEW.brainstorm_id, 'i', NEW.id, 'v', NEW.votes,
    'r', json_build_array(NEW.laugh_count, NEW.idea_count, NEW.surprised_count, NEW.thumbtack_count),
    'c', NEW.comments_count, 'd', NEW.duplicates_count, 'o', NEW.duplicate_of,
    'e', (NEW.title, NEW.summary, NEW.description)
      IS DISTINCT FROM (OLD.title, OLD.summary, OLD.description))::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ideas_live_changed AFTER UPDATE ON ideas FOR EACH ROW
  WHEN ((OLD.votes, OLD.laugh_count, OLD.idea_count, OLD.surprised_count, OLD.thumbtack_count,
      OLD.comments_count, OLD.duplicates_count, OLD.duplicate_of, OLD.title, OLD.summary,
      OLD.description)
    IS DISTINCT FROM (NEW.votes, NEW.laugh_count, NEW.idea_count, NEW.surprised_count,
      NEW.thumbtack_count, NEW.comments_count, NEW.duplicates_count, NEW.duplicate_of, NEW.title,
      NEW.summary, NEW.description))
  EXECUTE FUNCTION live_idea_changed();
--> statement-breakpoint
-- Who has reviewed what, for blind review: the server keeps it per viewer and sends nothing of
-- it to anyone but that viewer, as the totals they may now see.
CREATE FUNCTION live_annotation_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  annotation idea_annotations%ROWTYPE;
  idea ideas%ROWTYPE;
BEGIN
  IF TG_OP = 'INSERT' THEN annotation := NEW; ELSE annotation := OLD; END IF;
  SELECT * INTO idea FROM ideas WHERE id = annotation.idea_id;
  IF FOUND THEN
    PERFORM pg_notify('ideaforge_live', json_build_object(
      'k', CASE TG_OP WHEN 'INSERT' THEN 'annotation+' ELSE 'annotation-' END,
      'b', idea.brainstorm_id, 'i', idea.id, 'u', annotation.user_id, 'v', idea.votes,
      'r', json_build_array(idea.laugh_count, idea.idea_count, idea.surprised_count,
        idea.thumbtack_count),
      'c', idea.comments_count, 'd', idea.duplicates_count, 'o', idea.duplicate_of)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER idea_annotations_live AFTER INSERT OR DELETE ON idea_annotations FOR EACH ROW
  EXECUTE FUNCTION live_annotation_changed();
--> statement-breakpoint
CREATE FUNCTION live_comment_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  comment idea_comments%ROWTYPE;
  target record;
BEGIN
  IF TG_OP = 'DELETE' THEN comment := OLD; ELSE comment := NEW; END IF;
  SELECT a.idea_id, i.brainstorm_id INTO target
    FROM idea_annotations a JOIN ideas i ON i.id = a.idea_id WHERE a.id = comment.annotation_id;
  IF FOUND THEN
    PERFORM pg_notify('ideaforge_live', json_build_object(
      'k', CASE TG_OP WHEN 'INSERT' THEN 'comment+' WHEN 'UPDATE' THEN 'comment~' ELSE 'comment-' END,
      'b', target.brainstorm_id, 'i', target.idea_id, 'm', comment.id)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER idea_comments_live AFTER INSERT OR UPDATE OF text OR DELETE ON idea_comments
  FOR EACH ROW EXECUTE FUNCTION live_comment_changed();
--> statement-breakpoint
CREATE FUNCTION live_brainstorm_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('ideaforge_live', json_build_object('k', 'brainstorm-', 'b', OLD.id)::text);
  ELSE
    PERFORM pg_notify('ideaforge_live', json_build_object(
      'k', 'brainstorm', 'b', NEW.id, 'blind', NEW.blind_review)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER brainstorms_live_changed AFTER UPDATE ON brainstorms FOR EACH ROW
  WHEN ((OLD.title, OLD.description, OLD.type, OLD.parameters::text, OLD.project_id,
      OLD.blind_review)
    IS DISTINCT FROM (NEW.title, NEW.description, NEW.type, NEW.parameters::text, NEW.project_id,
      NEW.blind_review))
  EXECUTE FUNCTION live_brainstorm_changed();
--> statement-breakpoint
CREATE TRIGGER brainstorms_live_removed AFTER DELETE ON brainstorms FOR EACH ROW
  EXECUTE FUNCTION live_brainstorm_changed();
--> statement-breakpoint
CREATE FUNCTION live_generation_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ideaforge_live', json_build_object(
    'k', 'generation', 'b', NEW.brainstorm_id, 'g', NEW.id, 's', NEW.status,
    'q', NEW.requested, 'ok', NEW.succeeded, 'f', NEW.failed, 'st', NEW.stacked,
    'in', NEW.input_tokens, 'out', NEW.output_tokens)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER generations_live_added AFTER INSERT ON generations FOR EACH ROW
  EXECUTE FUNCTION live_generation_changed();
--> statement-breakpoint
CREATE TRIGGER generations_live_changed AFTER UPDATE ON generations FOR EACH ROW
  WHEN ((OLD.status, OLD.succeeded, OLD.failed, OLD.stacked, OLD.input_tokens, OLD.output_tokens)
    IS DISTINCT FROM (NEW.status, NEW.succeeded, NEW.failed, NEW.stacked, NEW.input_tokens,
      NEW.output_tokens))
  EXECUTE FUNCTION live_generation_changed();
--> statement-breakpoint
-- A deactivation or a password change ends the user's streams at once.
CREATE FUNCTION live_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ideaforge_live', json_build_object('k', 'user', 'u', NEW.id)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_live_changed AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.session_version, OLD.is_active) IS DISTINCT FROM (NEW.session_version, NEW.is_active))
  EXECUTE FUNCTION live_user_changed();
