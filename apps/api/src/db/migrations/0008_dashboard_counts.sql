-- Dashboards at a national levy's size (issue 6): no dashboard figure counts users, scans or
-- payments row by row any more.
--
-- 1. people_counts (0006) gains the vehicle type of a motorist's vehicle ('' for everyone else), so
--    registrations per status, per period and per vehicle type are sums of counter rows. A trigger
--    on vehicles moves a motorist's count when the vehicle arrives (registration writes the person
--    first) or changes type.
-- 2. monthly_agent_activity: per Lagos month and agent, what ranks the top agents (kobo collected,
--    scans, motorists registered), so a year's ranking reads 12 rows per agent instead of 365 × 3.
--    Payments and scans feed it through daily_agent_activity_add (the same call feeds the daily
--    levels); registrations through the people_counts trigger on users.

ALTER TABLE people_counts ADD COLUMN vehicle_type text NOT NULL DEFAULT '';
ALTER TABLE people_counts DROP CONSTRAINT people_counts_pkey;
ALTER TABLE people_counts ADD PRIMARY KEY (role, registration_status, day, vehicle_type, shard);

CREATE TABLE monthly_agent_activity (
  month          date NOT NULL,
  agent_id       uuid NOT NULL,
  collected_kobo bigint NOT NULL DEFAULT 0,
  scans          bigint NOT NULL DEFAULT 0,
  registrations  bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (month, agent_id)
);

CREATE FUNCTION monthly_agent_activity_add(p_month date, p_agent uuid, p_kobo bigint, p_scans bigint, p_registrations bigint)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO monthly_agent_activity AS m (month, agent_id, collected_kobo, scans, registrations)
  VALUES (p_month, p_agent, p_kobo, p_scans, p_registrations)
  ON CONFLICT (month, agent_id) DO UPDATE SET
    collected_kobo = m.collected_kobo + EXCLUDED.collected_kobo,
    scans          = m.scans + EXCLUDED.scans,
    registrations  = m.registrations + EXCLUDED.registrations
$$;

CREATE FUNCTION people_counts_add(p_role text, p_status text, p_day date, p_type text, p_shard smallint, p_delta integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO people_counts AS c (role, registration_status, day, vehicle_type, shard, people)
  VALUES (p_role, p_status, p_day, p_type, p_shard, p_delta)
  ON CONFLICT (role, registration_status, day, vehicle_type, shard) DO UPDATE SET people = c.people + EXCLUDED.people
$$;

CREATE FUNCTION vehicle_type_of(p_user uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT vehicle_type FROM vehicles WHERE user_id = p_user), '')
$$;

CREATE OR REPLACE FUNCTION people_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND NOT OLD.is_deleted THEN
    PERFORM people_counts_add(OLD.role, OLD.registration_status, lagos_day(OLD.created_at), vehicle_type_of(OLD.id), count_shard(OLD.id), -1);
    IF OLD.role = 'motorist' AND OLD.added_by IS NOT NULL THEN
      PERFORM monthly_agent_activity_add(date_trunc('month', lagos_day(OLD.created_at))::date, OLD.added_by, 0, 0, -1);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NOT NEW.is_deleted THEN
    PERFORM people_counts_add(NEW.role, NEW.registration_status, lagos_day(NEW.created_at), vehicle_type_of(NEW.id), count_shard(NEW.id), 1);
    IF NEW.role = 'motorist' AND NEW.added_by IS NOT NULL THEN
      PERFORM monthly_agent_activity_add(date_trunc('month', lagos_day(NEW.created_at))::date, NEW.added_by, 0, 0, 1);
    END IF;
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER users_people_counts ON users;
CREATE TRIGGER users_people_counts
  AFTER INSERT OR DELETE OR UPDATE OF role, registration_status, is_deleted, created_at, added_by ON users
  FOR EACH ROW EXECUTE FUNCTION people_counts_track();

-- A vehicle's person counts under the vehicle's type: moved from the old type to the new one.
CREATE FUNCTION vehicles_people_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  person users%ROWTYPE;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT * INTO person FROM users WHERE id = OLD.user_id;
    IF FOUND AND NOT person.is_deleted THEN
      PERFORM people_counts_add(person.role, person.registration_status, lagos_day(person.created_at), OLD.vehicle_type, count_shard(person.id), -1);
      PERFORM people_counts_add(person.role, person.registration_status, lagos_day(person.created_at), '', count_shard(person.id), 1);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT * INTO person FROM users WHERE id = NEW.user_id;
    IF FOUND AND NOT person.is_deleted THEN
      PERFORM people_counts_add(person.role, person.registration_status, lagos_day(person.created_at), '', count_shard(person.id), -1);
      PERFORM people_counts_add(person.role, person.registration_status, lagos_day(person.created_at), NEW.vehicle_type, count_shard(person.id), 1);
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER vehicles_people_counts
  AFTER INSERT OR DELETE OR UPDATE OF vehicle_type, user_id ON vehicles
  FOR EACH ROW EXECUTE FUNCTION vehicles_people_counts_track();

-- The roll-up function of 0005_dashboards_totals.sql, now feeding the monthly level too.
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
  SELECT monthly_agent_activity_add(date_trunc('month', p_day)::date, p_agent, p_subscription_kobo + p_penalty_kobo, p_scans, 0);
$$;

-- Recounts both from the rows themselves (after a bulk load with triggers off, or to check them).
CREATE OR REPLACE FUNCTION rebuild_list_counts() RETURNS void LANGUAGE sql AS $$
  TRUNCATE people_counts, scan_counts, payment_counts;
  INSERT INTO people_counts (role, registration_status, day, vehicle_type, shard, people)
  SELECT u.role, u.registration_status, lagos_day(u.created_at), coalesce(v.vehicle_type, ''), count_shard(u.id), count(*)
  FROM users u LEFT JOIN vehicles v ON v.user_id = u.id WHERE NOT u.is_deleted GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO scan_counts (day, vehicle_type, subscription_status, shard, scans)
  SELECT lagos_day(created_at), vehicle_type, subscription_status, count_shard(id), count(*)
  FROM scans GROUP BY 1, 2, 3, 4;
  INSERT INTO payment_counts (payment_table, day, vehicle_type, plan_name, mode_of_payment, shard, payments)
  SELECT 'subscription_payments', lagos_day(created_at), vehicle_type, coalesce(plan_name, ''), mode_of_payment, count_shard(id), count(*)
  FROM subscription_payments GROUP BY 1, 2, 3, 4, 5, 6;
  INSERT INTO payment_counts (payment_table, day, vehicle_type, plan_name, mode_of_payment, shard, payments)
  SELECT 'penalty_payments', lagos_day(created_at), vehicle_type, coalesce(plan_name, ''), mode_of_payment, count_shard(id), count(*)
  FROM penalty_payments GROUP BY 1, 2, 3, 4, 5, 6;
  TRUNCATE monthly_agent_activity;
  INSERT INTO monthly_agent_activity (month, agent_id, collected_kobo, scans, registrations)
  SELECT month, agent_id, sum(kobo), sum(scans), sum(registrations) FROM (
    SELECT date_trunc('month', day)::date AS month, agent_id, subscription_kobo + penalty_kobo AS kobo, scans, 0 AS registrations
    FROM daily_agent_activity
    UNION ALL
    SELECT date_trunc('month', lagos_day(created_at))::date, added_by, 0, 0, 1
    FROM users WHERE role = 'motorist' AND NOT is_deleted AND added_by IS NOT NULL
  ) AS parts GROUP BY 1, 2;
$$;

SELECT rebuild_list_counts();
