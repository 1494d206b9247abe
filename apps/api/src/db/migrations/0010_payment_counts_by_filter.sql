-- Payment counts per filter (issue 6). payment_counts (0006) crossed every filter value with every
-- other (vehicle type × plan × mode: ~66 rows a day), so the unfiltered total of a payment list
-- summed 26,000 rows at a national size. A payment list filters by one value at a time (a vehicle
-- type, a plan or a mode of payment), so each payment now counts once under every filter:
-- ('', '') for the whole list, ('vehicle_type', 'keke'), ('plan_name', 'weekly'),
-- ('mode_of_payment', 'cash'): 14 rows a day, and a total reads one row a day.
DROP TRIGGER subscription_payments_payment_counts ON subscription_payments;
DROP TRIGGER penalty_payments_payment_counts ON penalty_payments;
DROP FUNCTION payment_counts_track();
DROP TABLE payment_counts;

CREATE TABLE payment_counts (
  payment_table text NOT NULL,
  filter        text NOT NULL,
  value         text NOT NULL,
  day           date NOT NULL,
  shard         smallint NOT NULL,
  payments      bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (payment_table, filter, value, day, shard)
);

CREATE FUNCTION payment_counts_add(p_table text, p_day date, p_type text, p_plan text, p_mode text, p_shard smallint, p_delta integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO payment_counts AS c (payment_table, filter, value, day, shard, payments)
  VALUES (p_table, '', '', p_day, p_shard, p_delta),
         (p_table, 'vehicle_type', p_type, p_day, p_shard, p_delta),
         (p_table, 'plan_name', coalesce(p_plan, ''), p_day, p_shard, p_delta),
         (p_table, 'mode_of_payment', p_mode, p_day, p_shard, p_delta)
  ON CONFLICT (payment_table, filter, value, day, shard) DO UPDATE SET payments = c.payments + EXCLUDED.payments
$$;

CREATE FUNCTION payment_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM payment_counts_add(TG_TABLE_NAME, lagos_day(OLD.created_at), OLD.vehicle_type, OLD.plan_name, OLD.mode_of_payment, count_shard(OLD.id), -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM payment_counts_add(TG_TABLE_NAME, lagos_day(NEW.created_at), NEW.vehicle_type, NEW.plan_name, NEW.mode_of_payment, count_shard(NEW.id), 1);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER subscription_payments_payment_counts
  AFTER INSERT OR DELETE OR UPDATE OF created_at, vehicle_type, plan_name, mode_of_payment ON subscription_payments
  FOR EACH ROW EXECUTE FUNCTION payment_counts_track();
CREATE TRIGGER penalty_payments_payment_counts
  AFTER INSERT OR DELETE OR UPDATE OF created_at, vehicle_type, plan_name, mode_of_payment ON penalty_payments
  FOR EACH ROW EXECUTE FUNCTION payment_counts_track();

-- The payments part of rebuild_list_counts (0008), per filter; a bulk recount writes shard 0 only.
CREATE FUNCTION rebuild_payment_counts() RETURNS void LANGUAGE sql AS $$
  TRUNCATE payment_counts;
  INSERT INTO payment_counts (payment_table, filter, value, day, shard, payments)
  SELECT payment_table, filter, value, day, 0, count(*)
  FROM (
    SELECT 'subscription_payments' AS payment_table, lagos_day(created_at) AS day, vehicle_type, coalesce(plan_name, '') AS plan_name, mode_of_payment
    FROM subscription_payments
    UNION ALL
    SELECT 'penalty_payments', lagos_day(created_at), vehicle_type, coalesce(plan_name, ''), mode_of_payment
    FROM penalty_payments
  ) AS p
  CROSS JOIN LATERAL (VALUES ('', ''), ('vehicle_type', p.vehicle_type), ('plan_name', p.plan_name), ('mode_of_payment', p.mode_of_payment))
    AS f (filter, value)
  GROUP BY 1, 2, 3, 4;
$$;

CREATE OR REPLACE FUNCTION rebuild_list_counts() RETURNS void LANGUAGE sql AS $$
  TRUNCATE people_counts, scan_counts;
  INSERT INTO people_counts (role, registration_status, day, vehicle_type, shard, people)
  SELECT u.role, u.registration_status, lagos_day(u.created_at), coalesce(v.vehicle_type, ''), 0, count(*)
  FROM users u LEFT JOIN vehicles v ON v.user_id = u.id WHERE NOT u.is_deleted GROUP BY 1, 2, 3, 4;
  INSERT INTO scan_counts (day, vehicle_type, subscription_status, shard, scans)
  SELECT lagos_day(created_at), vehicle_type, subscription_status, 0, count(*)
  FROM scans GROUP BY 1, 2, 3;
  SELECT rebuild_payment_counts();
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

-- compact_counts (0009) with the new shape of payment_counts.
CREATE OR REPLACE FUNCTION compact_counts(p_before date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH moved AS (DELETE FROM people_counts WHERE day < p_before AND shard <> 0 RETURNING *)
  INSERT INTO people_counts AS c (role, registration_status, day, vehicle_type, shard, people)
  SELECT role, registration_status, day, vehicle_type, 0, sum(people) FROM moved GROUP BY 1, 2, 3, 4
  ON CONFLICT (role, registration_status, day, vehicle_type, shard) DO UPDATE SET people = c.people + EXCLUDED.people;

  WITH moved AS (DELETE FROM scan_counts WHERE day < p_before AND shard <> 0 RETURNING *)
  INSERT INTO scan_counts AS c (day, vehicle_type, subscription_status, shard, scans)
  SELECT day, vehicle_type, subscription_status, 0, sum(scans) FROM moved GROUP BY 1, 2, 3
  ON CONFLICT (day, vehicle_type, subscription_status, shard) DO UPDATE SET scans = c.scans + EXCLUDED.scans;

  WITH moved AS (DELETE FROM payment_counts WHERE day < p_before AND shard <> 0 RETURNING *)
  INSERT INTO payment_counts AS c (payment_table, filter, value, day, shard, payments)
  SELECT payment_table, filter, value, day, 0, sum(payments) FROM moved GROUP BY 1, 2, 3, 4
  ON CONFLICT (payment_table, filter, value, day, shard) DO UPDATE SET payments = c.payments + EXCLUDED.payments;

  WITH moved AS (DELETE FROM daily_activity WHERE day < p_before AND shard <> 0 RETURNING *)
  INSERT INTO daily_activity AS t
    (day, vehicle_type, shard, subscription_payments, subscription_kobo, penalty_payments, penalty_kobo,
     scans, compliant_scans, penalties_charged_kobo)
  SELECT day, vehicle_type, 0, sum(subscription_payments), sum(subscription_kobo), sum(penalty_payments), sum(penalty_kobo),
         sum(scans), sum(compliant_scans), sum(penalties_charged_kobo)
  FROM moved GROUP BY 1, 2
  ON CONFLICT (day, vehicle_type, shard) DO UPDATE SET
    subscription_payments  = t.subscription_payments + EXCLUDED.subscription_payments,
    subscription_kobo      = t.subscription_kobo + EXCLUDED.subscription_kobo,
    penalty_payments       = t.penalty_payments + EXCLUDED.penalty_payments,
    penalty_kobo           = t.penalty_kobo + EXCLUDED.penalty_kobo,
    scans                  = t.scans + EXCLUDED.scans,
    compliant_scans        = t.compliant_scans + EXCLUDED.compliant_scans,
    penalties_charged_kobo = t.penalties_charged_kobo + EXCLUDED.penalties_charged_kobo;
END $$;

SELECT rebuild_payment_counts();
