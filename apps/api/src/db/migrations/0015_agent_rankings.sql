-- Top agents over any range (issue 6). A ranking summed, for the days of its range outside whole
-- months, every daily_agent_activity row of those days (every agent, per vehicle type: ~11,000 rows
-- a day at the benchmark's size) and, for its whole months, every agent's monthly_agent_activity
-- row, whatever its role: a 30-day ranking read ~400,000 rows, about a second.
--
-- Each ranked value (kobo collected, scans, motorists registered) now has rows of its own: per
-- metric, Lagos day and agent (agent_ranking_days), and per metric, month and agent
-- (agent_ranking_months, `day` holding the month's first day, as the month counts of 0014 do). Both
-- keys lead with the metric and the period and carry the value in the index, so a ranking reads one
-- metric's entries of its range from the index alone: a month of the busiest metric is ~115,000
-- entries instead of ~400,000 rows.
--
-- agent_ranking_add is the only writer of both tables: it adds a change to the day row and to its
-- month's row in the same statement, so a month row is always the sum of its days' rows.

CREATE TABLE agent_ranking_days (
  metric   text NOT NULL CHECK (metric IN ('collected_kobo', 'scans', 'registrations')),
  day      date NOT NULL,
  agent_id uuid NOT NULL,
  value    bigint NOT NULL,
  PRIMARY KEY (metric, day, agent_id) INCLUDE (value)
);

CREATE TABLE agent_ranking_months (
  metric   text NOT NULL CHECK (metric IN ('collected_kobo', 'scans', 'registrations')),
  day      date NOT NULL CHECK (day = date_trunc('month', day)::date),
  agent_id uuid NOT NULL,
  value    bigint NOT NULL,
  PRIMARY KEY (metric, day, agent_id) INCLUDE (value)
);

CREATE FUNCTION agent_ranking_add(p_metric text, p_day date, p_agent uuid, p_delta bigint)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO agent_ranking_days AS r (metric, day, agent_id, value)
  SELECT p_metric, p_day, p_agent, p_delta WHERE p_delta <> 0
  ON CONFLICT (metric, day, agent_id) DO UPDATE SET value = r.value + EXCLUDED.value;
  INSERT INTO agent_ranking_months AS r (metric, day, agent_id, value)
  SELECT p_metric, month_of(p_day), p_agent, p_delta WHERE p_delta <> 0
  ON CONFLICT (metric, day, agent_id) DO UPDATE SET value = r.value + EXCLUDED.value;
$$;

-- The roll-up function of 0008, feeding the ranking tables instead of monthly_agent_activity.
CREATE OR REPLACE FUNCTION daily_agent_activity_add(
  p_day date, p_agent uuid, p_type text,
  p_subscription_payments integer, p_subscription_kobo bigint,
  p_penalty_payments integer, p_penalty_kobo bigint,
  p_scans integer, p_compliant integer, p_charged bigint
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO daily_agent_activity AS d
    (day, agent_id, vehicle_type, subscription_payments, subscription_kobo, penalty_payments, penalty_kobo,
     scans, compliant_scans, penalties_charged_kobo)
  VALUES (p_day, p_agent, p_type, p_subscription_payments, p_subscription_kobo, p_penalty_payments, p_penalty_kobo,
          p_scans, p_compliant, p_charged)
  ON CONFLICT (day, agent_id, vehicle_type) DO UPDATE SET
    subscription_payments  = d.subscription_payments + EXCLUDED.subscription_payments,
    subscription_kobo      = d.subscription_kobo + EXCLUDED.subscription_kobo,
    penalty_payments       = d.penalty_payments + EXCLUDED.penalty_payments,
    penalty_kobo           = d.penalty_kobo + EXCLUDED.penalty_kobo,
    scans                  = d.scans + EXCLUDED.scans,
    compliant_scans        = d.compliant_scans + EXCLUDED.compliant_scans,
    penalties_charged_kobo = d.penalties_charged_kobo + EXCLUDED.penalties_charged_kobo;
  INSERT INTO daily_activity AS t
    (day, vehicle_type, shard, subscription_payments, subscription_kobo, penalty_payments, penalty_kobo,
     scans, compliant_scans, penalties_charged_kobo)
  VALUES (p_day, p_type, (abs(hashtext(p_agent::text)) % 16)::smallint, p_subscription_payments, p_subscription_kobo,
          p_penalty_payments, p_penalty_kobo, p_scans, p_compliant, p_charged)
  ON CONFLICT (day, vehicle_type, shard) DO UPDATE SET
    subscription_payments  = t.subscription_payments + EXCLUDED.subscription_payments,
    subscription_kobo      = t.subscription_kobo + EXCLUDED.subscription_kobo,
    penalty_payments       = t.penalty_payments + EXCLUDED.penalty_payments,
    penalty_kobo           = t.penalty_kobo + EXCLUDED.penalty_kobo,
    scans                  = t.scans + EXCLUDED.scans,
    compliant_scans        = t.compliant_scans + EXCLUDED.compliant_scans,
    penalties_charged_kobo = t.penalties_charged_kobo + EXCLUDED.penalties_charged_kobo;
  SELECT agent_ranking_add('collected_kobo', p_day, p_agent, p_subscription_kobo + p_penalty_kobo);
  SELECT agent_ranking_add('scans', p_day, p_agent, p_scans);
$$;

-- The people counts trigger of 0008, counting a registrar's motorists by day in the ranking tables.
CREATE OR REPLACE FUNCTION people_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND NOT OLD.is_deleted THEN
    PERFORM people_counts_add(OLD.role, OLD.registration_status, lagos_day(OLD.created_at), vehicle_type_of(OLD.id), count_shard(OLD.id), -1);
    IF OLD.role = 'motorist' AND OLD.added_by IS NOT NULL THEN
      PERFORM agent_ranking_add('registrations', lagos_day(OLD.created_at), OLD.added_by, -1);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NOT NEW.is_deleted THEN
    PERFORM people_counts_add(NEW.role, NEW.registration_status, lagos_day(NEW.created_at), vehicle_type_of(NEW.id), count_shard(NEW.id), 1);
    IF NEW.role = 'motorist' AND NEW.added_by IS NOT NULL THEN
      PERFORM agent_ranking_add('registrations', lagos_day(NEW.created_at), NEW.added_by, 1);
    END IF;
  END IF;
  RETURN NULL;
END $$;

-- The ranking tables counted afresh: kobo and scans from daily_agent_activity, registrations from
-- the motorists themselves (after a bulk load with the triggers off, or to check them).
CREATE FUNCTION rebuild_agent_rankings() RETURNS void LANGUAGE sql AS $$
  TRUNCATE agent_ranking_days, agent_ranking_months;
  INSERT INTO agent_ranking_days (metric, day, agent_id, value)
  SELECT metric, day, agent_id, sum(value) FROM (
    SELECT 'collected_kobo' AS metric, day, agent_id, subscription_kobo + penalty_kobo AS value FROM daily_agent_activity
    UNION ALL
    SELECT 'scans', day, agent_id, scans FROM daily_agent_activity
    UNION ALL
    SELECT 'registrations', lagos_day(created_at), added_by, 1 FROM users
    WHERE role = 'motorist' AND NOT is_deleted AND added_by IS NOT NULL
  ) AS parts
  GROUP BY 1, 2, 3 HAVING sum(value) <> 0;
  INSERT INTO agent_ranking_months (metric, day, agent_id, value)
  SELECT metric, month_of(day), agent_id, sum(value) FROM agent_ranking_days GROUP BY 1, 2, 3;
$$;

-- The day counts' recount of 0010 (renamed by 0014), without monthly_agent_activity.
CREATE OR REPLACE FUNCTION rebuild_day_counts() RETURNS void LANGUAGE sql AS $$
  TRUNCATE people_counts, scan_counts;
  INSERT INTO people_counts (role, registration_status, day, vehicle_type, shard, people)
  SELECT u.role, u.registration_status, lagos_day(u.created_at), coalesce(v.vehicle_type, ''), 0, count(*)
  FROM users u LEFT JOIN vehicles v ON v.user_id = u.id WHERE NOT u.is_deleted GROUP BY 1, 2, 3, 4;
  INSERT INTO scan_counts (day, vehicle_type, subscription_status, shard, scans)
  SELECT lagos_day(created_at), vehicle_type, subscription_status, 0, count(*)
  FROM scans GROUP BY 1, 2, 3;
  SELECT rebuild_payment_counts();
$$;

CREATE OR REPLACE FUNCTION rebuild_list_counts() RETURNS void LANGUAGE sql AS $$
  SELECT rebuild_day_counts();
  SELECT rebuild_month_counts();
  SELECT rebuild_agent_rankings();
$$;

DROP FUNCTION monthly_agent_activity_add(date, uuid, bigint, bigint, bigint);
DROP TABLE monthly_agent_activity;

SELECT rebuild_agent_rankings();
