-- Every change to a user's row is announced on 'ideaforge_users' with the user's id, and a
-- truncation with '*', at commit: each server's cache of signed-in users forgets them
-- (decision 036). Inserts are not announced: a new user is in no cache.
CREATE FUNCTION announce_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('ideaforge_users', '*');
  ELSE
    PERFORM pg_notify('ideaforge_users', OLD.id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_announce_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION announce_user_change();
--> statement-breakpoint
CREATE TRIGGER users_announce_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION announce_user_change();
