-- Issue 26: the transaction and penalty-history lists show the count and the naira total of the
-- whole filter (summary), from the counters as their totals are: payment_counts (0010) and its month
-- twin (0014) now keep the amount beside the number of payments, and count under the payment's status
-- too ('status' filter). Every function that writes them is redefined to carry the amount.
ALTER TABLE payment_counts ADD COLUMN amount_kobo bigint NOT NULL DEFAULT 0;
ALTER TABLE payment_month_counts ADD COLUMN amount_kobo bigint NOT NULL DEFAULT 0;

DROP TRIGGER subscription_payments_payment_counts ON subscription_payments;
DROP TRIGGER penalty_payments_payment_counts ON penalty_payments;
DROP FUNCTION payment_counts_track();
DROP FUNCTION payment_counts_add(text, date, text, text, text, smallint, integer);

CREATE FUNCTION payment_counts_add(
  p_table text, p_day date, p_type text, p_plan text, p_mode text, p_status text, p_shard smallint, p_delta integer, p_kobo bigint
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO payment_counts AS c (payment_table, filter, value, day, shard, payments, amount_kobo)
  VALUES (p_table, '', '', p_day, p_shard, p_delta, p_kobo),
         (p_table, 'vehicle_type', p_type, p_day, p_shard, p_delta, p_kobo),
         (p_table, 'plan_name', coalesce(p_plan, ''), p_day, p_shard, p_delta, p_kobo),
         (p_table, 'mode_of_payment', p_mode, p_day, p_shard, p_delta, p_kobo),
         (p_table, 'status', p_status, p_day, p_shard, p_delta, p_kobo)
  ON CONFLICT (payment_table, filter, value, day, shard)
  DO UPDATE SET payments = c.payments + EXCLUDED.payments, amount_kobo = c.amount_kobo + EXCLUDED.amount_kobo
$$;

CREATE FUNCTION payment_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM payment_counts_add(TG_TABLE_NAME, lagos_day(OLD.created_at), OLD.vehicle_type, OLD.plan_name, OLD.mode_of_payment, OLD.status,
                               count_shard(OLD.id), -1, -OLD.amount_kobo);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM payment_counts_add(TG_TABLE_NAME, lagos_day(NEW.created_at), NEW.vehicle_type, NEW.plan_name, NEW.mode_of_payment, NEW.status,
                               count_shard(NEW.id), 1, NEW.amount_kobo);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER subscription_payments_payment_counts
  AFTER INSERT OR DELETE OR UPDATE OF created_at, vehicle_type, plan_name, mode_of_payment, status, amount_kobo ON subscription_payments
  FOR EACH ROW EXECUTE FUNCTION payment_counts_track();
CREATE TRIGGER penalty_payments_payment_counts
  AFTER INSERT OR DELETE OR UPDATE OF created_at, vehicle_type, plan_name, mode_of_payment, status, amount_kobo ON penalty_payments
  FOR EACH ROW EXECUTE FUNCTION payment_counts_track();

CREATE OR REPLACE FUNCTION payment_month_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO payment_month_counts AS c (payment_table, filter, value, day, shard, payments, amount_kobo)
    VALUES (OLD.payment_table, OLD.filter, OLD.value, month_of(OLD.day), OLD.shard, -OLD.payments, -OLD.amount_kobo)
    ON CONFLICT (payment_table, filter, value, day, shard)
    DO UPDATE SET payments = c.payments + EXCLUDED.payments, amount_kobo = c.amount_kobo + EXCLUDED.amount_kobo;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO payment_month_counts AS c (payment_table, filter, value, day, shard, payments, amount_kobo)
    VALUES (NEW.payment_table, NEW.filter, NEW.value, month_of(NEW.day), NEW.shard, NEW.payments, NEW.amount_kobo)
    ON CONFLICT (payment_table, filter, value, day, shard)
    DO UPDATE SET payments = c.payments + EXCLUDED.payments, amount_kobo = c.amount_kobo + EXCLUDED.amount_kobo;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION rebuild_payment_counts() RETURNS void LANGUAGE sql AS $$
  TRUNCATE payment_counts;
  INSERT INTO payment_counts (payment_table, filter, value, day, shard, payments, amount_kobo)
  SELECT payment_table, filter, value, day, 0, count(*), sum(amount_kobo)
  FROM (
    SELECT 'subscription_payments' AS payment_table, lagos_day(created_at) AS day, vehicle_type, coalesce(plan_name, '') AS plan_name,
           mode_of_payment, status, amount_kobo
    FROM subscription_payments
    UNION ALL
    SELECT 'penalty_payments', lagos_day(created_at), vehicle_type, coalesce(plan_name, ''), mode_of_payment, status, amount_kobo
    FROM penalty_payments
  ) AS p
  CROSS JOIN LATERAL (VALUES ('', ''), ('vehicle_type', p.vehicle_type), ('plan_name', p.plan_name), ('mode_of_payment', p.mode_of_payment),
                             ('status', p.status))
    AS f (filter, value)
  GROUP BY 1, 2, 3, 4;
$$;

CREATE OR REPLACE FUNCTION rebuild_month_counts() RETURNS void LANGUAGE sql AS $$
  TRUNCATE people_month_counts, scan_month_counts, payment_month_counts;
  INSERT INTO people_month_counts (role, registration_status, day, vehicle_type, shard, people)
  SELECT role, registration_status, month_of(day), vehicle_type, shard, sum(people) FROM people_counts GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO scan_month_counts (day, vehicle_type, subscription_status, shard, scans)
  SELECT month_of(day), vehicle_type, subscription_status, shard, sum(scans) FROM scan_counts GROUP BY 1, 2, 3, 4;
  INSERT INTO payment_month_counts (payment_table, filter, value, day, shard, payments, amount_kobo)
  SELECT payment_table, filter, value, month_of(day), shard, sum(payments), sum(amount_kobo) FROM payment_counts GROUP BY 1, 2, 3, 4, 5;
$$;

-- compact_day_counts (0010, renamed by 0014) folding the amounts too.
CREATE OR REPLACE FUNCTION compact_day_counts(p_before date) RETURNS void LANGUAGE plpgsql AS $$
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
  INSERT INTO payment_counts AS c (payment_table, filter, value, day, shard, payments, amount_kobo)
  SELECT payment_table, filter, value, day, 0, sum(payments), sum(amount_kobo) FROM moved GROUP BY 1, 2, 3, 4
  ON CONFLICT (payment_table, filter, value, day, shard)
  DO UPDATE SET payments = c.payments + EXCLUDED.payments, amount_kobo = c.amount_kobo + EXCLUDED.amount_kobo;

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

-- The counts so far, with their amounts (the month twins follow through their trigger's rebuild).
SELECT rebuild_payment_counts();
SELECT rebuild_month_counts();
