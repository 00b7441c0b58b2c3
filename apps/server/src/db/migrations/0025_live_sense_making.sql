-- Sense-making reaches every open page as it happens (issue 39): a run's start, progress, end and
-- application, and any change to the brainstorm's themes or to which theme an idea is in, are
-- announced on the live channel like votes. The notes carry ids and counts only: each page reads
-- what changed through the API, which applies blind review. A transaction that changes many
-- themes or ideas announces one 'themes' note: PostgreSQL drops identical payloads within it.
CREATE FUNCTION live_analysis_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ideaforge_live', json_build_object(
    'k', 'analysis', 'b', NEW.brainstorm_id, 'a', NEW.id, 'kind', NEW.kind, 's', NEW.status,
    'm', NEW.calls_made, 'p', NEW.calls_planned, 'ap', NEW.applied IS NOT NULL,
    'auto', coalesce(NEW.params->>'automatic' = 'true', false))::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analyses_live_added AFTER INSERT ON analyses FOR EACH ROW
  EXECUTE FUNCTION live_analysis_changed();
--> statement-breakpoint
CREATE TRIGGER analyses_live_changed AFTER UPDATE ON analyses FOR EACH ROW
  WHEN ((OLD.status, OLD.calls_made, OLD.calls_planned, OLD.applied)
    IS DISTINCT FROM (NEW.status, NEW.calls_made, NEW.calls_planned, NEW.applied))
  EXECUTE FUNCTION live_analysis_changed();
--> statement-breakpoint
CREATE FUNCTION live_themes_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ideaforge_live', json_build_object(
    'k', 'themes', 'b', CASE WHEN TG_OP = 'DELETE' THEN OLD.brainstorm_id ELSE NEW.brainstorm_id END
  )::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER themes_live_changed AFTER INSERT OR UPDATE OR DELETE ON themes FOR EACH ROW
  EXECUTE FUNCTION live_themes_changed();
--> statement-breakpoint
CREATE TRIGGER ideas_live_theme_changed AFTER UPDATE OF theme_id ON ideas FOR EACH ROW
  WHEN (OLD.theme_id IS DISTINCT FROM NEW.theme_id)
  EXECUTE FUNCTION live_themes_changed();
