-- Counter shards (0005_dashboards_totals, 0006_list_counts) spread a day's concurrent writers over
-- 8 or 16 rows; once the day is over, hardly anyone writes it any more, yet every total over a long
-- range still sums all its shards. compact_counts(before) folds the shards of the days before
-- `before` into shard 0, in one transaction, so a year's total reads an eighth (a sixteenth) of the
-- rows. Totals are unchanged by it: a write racing the compaction waits on the row it deletes and
-- then inserts its own (the upserts of the triggers), and sums do not care which shard holds a count.
-- The server runs it at start and every hour (platform/housekeeping.ts).
CREATE FUNCTION compact_counts(p_before date) RETURNS void LANGUAGE plpgsql AS $$
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
  INSERT INTO payment_counts AS c (payment_table, day, vehicle_type, plan_name, mode_of_payment, shard, payments)
  SELECT payment_table, day, vehicle_type, plan_name, mode_of_payment, 0, sum(payments) FROM moved GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (payment_table, day, vehicle_type, plan_name, mode_of_payment, shard) DO UPDATE SET payments = c.payments + EXCLUDED.payments;

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
