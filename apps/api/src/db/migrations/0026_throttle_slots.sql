-- Sign-in and reset throttling takes its slot before the password (or the request) is checked, in one
-- statement: `SELECT take_throttle_slots(...)`. Its rows are locked in key order, so simultaneous
-- attempts on the same keys, from any process, are counted one after the other, and an attempt takes a
-- slot on every key or on none (a refused attempt uses up no other key's slots).
-- auth_throttle.failures now counts the attempts of the window that were not given back: a
-- successful sign-in gives its slot back (release_throttle_slots).

CREATE FUNCTION take_throttle_slots(p_keys text[], p_limits integer[], p_window_ms bigint[], p_now timestamptz)
RETURNS timestamptz LANGUAGE plpgsql AS $$
DECLARE
  free_at timestamptz;
BEGIN
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

-- Gives back one slot on each key (an attempt that turned out not to be a failure).
CREATE FUNCTION release_throttle_slots(p_keys text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE auth_throttle SET failures = greatest(failures - 1, 0), blocked_until = NULL WHERE key = ANY (p_keys) AND failures > 0;
$$;
