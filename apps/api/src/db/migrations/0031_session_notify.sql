-- Every server process keeps signed-in callers' accounts for a moment (SESSION_CACHE_MS). A change
-- that matters to a session (a logout or password reset bumps token_version; suspension, deletion,
-- a new role...) is announced on the channel eticketing_sessions with the person's id, at commit,
-- whichever code or process made it; each process forgets that person (platform/http/auth.ts).
CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('eticketing_sessions', NEW.id::text);
  RETURN NULL;
END $$;

CREATE TRIGGER users_session_change AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.token_version IS DISTINCT FROM NEW.token_version
     OR OLD.registration_status IS DISTINCT FROM NEW.registration_status
     OR OLD.is_deleted IS DISTINCT FROM NEW.is_deleted
     OR OLD.role IS DISTINCT FROM NEW.role
     OR OLD.agent_role IS DISTINCT FROM NEW.agent_role
     OR OLD.department IS DISTINCT FROM NEW.department
     OR OLD.union_role IS DISTINCT FROM NEW.union_role
     OR OLD.union_name IS DISTINCT FROM NEW.union_name
     OR OLD.is_motorist IS DISTINCT FROM NEW.is_motorist
     OR OLD.full_name IS DISTINCT FROM NEW.full_name)
  EXECUTE FUNCTION notify_session_change();
