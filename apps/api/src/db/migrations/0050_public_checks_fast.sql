-- Issue 49: the public checks (/v, /a and their API calls) under a crowd.
--
-- 1. A refused attempt writes nothing. take_throttle_slots (0026) first reads whether a key is
--    blocked, without inserting or locking a row; only an attempt that may be admitted goes on to
--    take its slot as before (insert, lock in key order, count). blocked_until is the end of the
--    window of a key whose slots are all taken (0026 sets it with the last slot, a new window or a
--    release clears it), so the answer is the one the rest of the function would give.
CREATE OR REPLACE FUNCTION take_throttle_slots(p_keys text[], p_limits integer[], p_window_ms bigint[], p_now timestamptz)
RETURNS timestamptz LANGUAGE plpgsql AS $$
DECLARE
  free_at timestamptz;
BEGIN
  SELECT max(t.blocked_until) INTO free_at FROM auth_throttle t WHERE t.key = ANY (p_keys) AND t.blocked_until > p_now;
  IF free_at IS NOT NULL THEN
    RETURN free_at;
  END IF;

  INSERT INTO auth_throttle (key, failures, window_start)
  SELECT r.key, 0, p_now FROM unnest(p_keys) AS r(key) ORDER BY r.key
  ON CONFLICT (key) DO NOTHING;
  -- Concurrent attempts on these keys wait here; each statement below sees what the one before committed.
  PERFORM 1 FROM auth_throttle WHERE key = ANY (p_keys) ORDER BY key FOR UPDATE;

  UPDATE auth_throttle t
  SET failures = 0, window_start = p_now, blocked_until = NULL
  FROM unnest(p_keys, p_window_ms) AS r(key, window_ms)
  WHERE t.key = r.key AND t.window_start + r.window_ms * interval '1 millisecond' <= p_now;

  SELECT max(greatest(t.window_start + r.window_ms * interval '1 millisecond', t.blocked_until)) INTO free_at
  FROM auth_throttle t JOIN unnest(p_keys, p_limits, p_window_ms) AS r(key, max_slots, window_ms) ON t.key = r.key
  WHERE t.failures >= r.max_slots;
  IF free_at IS NOT NULL THEN
    RETURN free_at;
  END IF;

  UPDATE auth_throttle t
  SET failures = t.failures + 1,
      blocked_until = CASE WHEN t.failures + 1 >= r.max_slots THEN t.window_start + r.window_ms * interval '1 millisecond' ELSE NULL END
  FROM unnest(p_keys, p_limits, p_window_ms) AS r(key, max_slots, window_ms)
  WHERE t.key = r.key;
  RETURN NULL;
END $$;

-- 2. Each process keeps what a vehicle's or an agent's check read for a few seconds
--    (PUBLIC_CACHE_MS, modules/public/check-cache.ts). Whatever changes what such a check shows is
--    announced at commit on the channel eticketing_public_checks with the person's Unique ID,
--    whichever code or process made it, and every process forgets that check at once: a payment, a
--    penalty, a pause or resumption (ticket_subscriptions), a vehicle's plate, type or deletion
--    (vehicles), a suspension, approval, deletion or new name (users), an agent's photo
--    (user_profiles). A change of a setting (the grace period) is announced with an empty payload:
--    forget every check.
CREATE FUNCTION notify_public_check_of_owner() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner uuid;
  code text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    owner := OLD.user_id;
  ELSE
    owner := NEW.user_id;
  END IF;
  SELECT user_code INTO code FROM users WHERE id = owner;
  IF code IS NOT NULL THEN
    PERFORM pg_notify('eticketing_public_checks', code);
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION notify_public_check_of_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('eticketing_public_checks', OLD.user_code);
  ELSE
    PERFORM pg_notify('eticketing_public_checks', NEW.user_code);
    IF OLD.user_code IS DISTINCT FROM NEW.user_code THEN
      PERFORM pg_notify('eticketing_public_checks', OLD.user_code);
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION notify_public_checks_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('eticketing_public_checks', '');
  RETURN NULL;
END $$;

CREATE TRIGGER ticket_subscriptions_public_check AFTER INSERT OR DELETE ON ticket_subscriptions
  FOR EACH ROW EXECUTE FUNCTION notify_public_check_of_owner();
CREATE TRIGGER ticket_subscriptions_public_check_update AFTER UPDATE ON ticket_subscriptions FOR EACH ROW
  WHEN (OLD.expires_at IS DISTINCT FROM NEW.expires_at
     OR OLD.paused_at IS DISTINCT FROM NEW.paused_at
     OR OLD.paused_remaining_ms IS DISTINCT FROM NEW.paused_remaining_ms
     OR OLD.outstanding_penalty_kobo IS DISTINCT FROM NEW.outstanding_penalty_kobo)
  EXECUTE FUNCTION notify_public_check_of_owner();

CREATE TRIGGER vehicles_public_check AFTER INSERT OR DELETE ON vehicles
  FOR EACH ROW EXECUTE FUNCTION notify_public_check_of_owner();
CREATE TRIGGER vehicles_public_check_update AFTER UPDATE ON vehicles FOR EACH ROW
  WHEN (OLD.plate_number IS DISTINCT FROM NEW.plate_number
     OR OLD.vehicle_type IS DISTINCT FROM NEW.vehicle_type
     OR OLD.is_deleted IS DISTINCT FROM NEW.is_deleted)
  EXECUTE FUNCTION notify_public_check_of_owner();

CREATE TRIGGER user_profiles_public_check AFTER INSERT OR UPDATE OF portrait_file OR DELETE ON user_profiles
  FOR EACH ROW EXECUTE FUNCTION notify_public_check_of_owner();

CREATE TRIGGER users_public_check AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_public_check_of_user();
CREATE TRIGGER users_public_check_update AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.registration_status IS DISTINCT FROM NEW.registration_status
     OR OLD.is_deleted IS DISTINCT FROM NEW.is_deleted
     OR OLD.role IS DISTINCT FROM NEW.role
     OR OLD.full_name IS DISTINCT FROM NEW.full_name
     OR OLD.user_code IS DISTINCT FROM NEW.user_code)
  EXECUTE FUNCTION notify_public_check_of_user();

CREATE TRIGGER settings_public_check AFTER INSERT OR UPDATE OR DELETE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_checks_all();
