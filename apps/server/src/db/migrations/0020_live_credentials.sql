-- A live stream ends with the credential that opened it (decision 026). A user's change now
-- carries their session version and whether they are active, so that a password change ends
-- the streams of web sessions and not those of personal access tokens, which it leaves valid
-- (decision 032); a token's revocation, deletion or new expiry ends the streams it opened.
CREATE OR REPLACE FUNCTION live_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ideaforge_live', json_build_object('k', 'user', 'u', NEW.id,
    'v', NEW.session_version, 'a', NEW.is_active)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION live_token_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ideaforge_live', json_build_object('k', 'token', 't', OLD.id)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER personal_access_tokens_live_changed AFTER UPDATE ON personal_access_tokens
  FOR EACH ROW
  WHEN ((OLD.revoked_at, OLD.expires_at) IS DISTINCT FROM (NEW.revoked_at, NEW.expires_at))
  EXECUTE FUNCTION live_token_changed();
--> statement-breakpoint
CREATE TRIGGER personal_access_tokens_live_deleted AFTER DELETE ON personal_access_tokens
  FOR EACH ROW EXECUTE FUNCTION live_token_changed();
