-- Issue 49: the public checks' per-address counts, written in batches.
--
-- Each process counts the checks it admits per key in memory and adds them here every short
-- interval (modules/public/slot-counter.ts), one statement for every key it saw, instead of one
-- take_throttle_slots per check. The reply is each key's count in its window and when that window
-- ends, so every process learns what the others admitted. A window that ended starts again with
-- the counts added (take_throttle_slots does the same); a key whose count reaches the limit is
-- blocked until its window ends (blocked_until, which take_throttle_slots and the prune job read).
-- Rows are written in key order, so two processes adding to the same keys wait for each other and
-- cannot deadlock.
CREATE FUNCTION add_throttle_counts(p_keys text[], p_counts integer[], p_limit integer, p_window_ms bigint, p_now timestamptz)
RETURNS TABLE (key text, failures integer, window_end timestamptz) LANGUAGE sql AS $$
  INSERT INTO auth_throttle AS t (key, failures, window_start, blocked_until)
  SELECT r.key, r.n, p_now, CASE WHEN r.n >= p_limit THEN p_now + p_window_ms * interval '1 millisecond' END
  FROM unnest(p_keys, p_counts) AS r(key, n)
  ORDER BY r.key
  ON CONFLICT ON CONSTRAINT auth_throttle_pkey DO UPDATE SET
    failures = CASE WHEN t.window_start + p_window_ms * interval '1 millisecond' <= p_now THEN excluded.failures ELSE t.failures + excluded.failures END,
    window_start = CASE WHEN t.window_start + p_window_ms * interval '1 millisecond' <= p_now THEN p_now ELSE t.window_start END,
    blocked_until = CASE
      WHEN t.window_start + p_window_ms * interval '1 millisecond' <= p_now
        THEN CASE WHEN excluded.failures >= p_limit THEN p_now + p_window_ms * interval '1 millisecond' END
      WHEN t.failures + excluded.failures >= p_limit THEN t.window_start + p_window_ms * interval '1 millisecond'
      ELSE t.blocked_until
    END
  RETURNING t.key, t.failures, t.window_start + p_window_ms * interval '1 millisecond';
$$;
