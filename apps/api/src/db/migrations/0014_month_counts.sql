-- Month counts (issue 6). A list's total over a long range summed a counter row per day and filter
-- value (0006, 0008, 0010): about 3,500 rows for 13 months of motorists or of scans, a third of the
-- database's work for a first page, and 3,300 more rows every year the levy runs. Each counter table
-- now has a month twin: the same columns, `day` holding the first day of the month. A trigger on the
-- day table adds each change of a day row to its month's row in the same transaction, so a month row
-- is always the sum of its days' rows. A total reads its range's whole months from the twin and only
-- the days at the range's ends from the day table (apps/api/src/platform/day-counts.ts).

CREATE TABLE people_month_counts (LIKE people_counts INCLUDING DEFAULTS);
ALTER TABLE people_month_counts ADD PRIMARY KEY (role, registration_status, day, vehicle_type, shard);
CREATE TABLE scan_month_counts (LIKE scan_counts INCLUDING DEFAULTS);
ALTER TABLE scan_month_counts ADD PRIMARY KEY (day, vehicle_type, subscription_status, shard);
CREATE TABLE payment_month_counts (LIKE payment_counts INCLUDING DEFAULTS);
ALTER TABLE payment_month_counts ADD PRIMARY KEY (payment_table, filter, value, day, shard);

CREATE FUNCTION month_of(p_day date) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT date_trunc('month', p_day)::date
$$;

-- The day rows' keys never change (counters are upserted, and deleted by compaction), so an UPDATE
-- adds the difference; OLD and NEW are still handled apart should a key ever change.
CREATE FUNCTION people_month_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO people_month_counts AS c (role, registration_status, day, vehicle_type, shard, people)
    VALUES (OLD.role, OLD.registration_status, month_of(OLD.day), OLD.vehicle_type, OLD.shard, -OLD.people)
    ON CONFLICT (role, registration_status, day, vehicle_type, shard) DO UPDATE SET people = c.people + EXCLUDED.people;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO people_month_counts AS c (role, registration_status, day, vehicle_type, shard, people)
    VALUES (NEW.role, NEW.registration_status, month_of(NEW.day), NEW.vehicle_type, NEW.shard, NEW.people)
    ON CONFLICT (role, registration_status, day, vehicle_type, shard) DO UPDATE SET people = c.people + EXCLUDED.people;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION scan_month_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO scan_month_counts AS c (day, vehicle_type, subscription_status, shard, scans)
    VALUES (month_of(OLD.day), OLD.vehicle_type, OLD.subscription_status, OLD.shard, -OLD.scans)
    ON CONFLICT (day, vehicle_type, subscription_status, shard) DO UPDATE SET scans = c.scans + EXCLUDED.scans;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO scan_month_counts AS c (day, vehicle_type, subscription_status, shard, scans)
    VALUES (month_of(NEW.day), NEW.vehicle_type, NEW.subscription_status, NEW.shard, NEW.scans)
    ON CONFLICT (day, vehicle_type, subscription_status, shard) DO UPDATE SET scans = c.scans + EXCLUDED.scans;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION payment_month_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO payment_month_counts AS c (payment_table, filter, value, day, shard, payments)
    VALUES (OLD.payment_table, OLD.filter, OLD.value, month_of(OLD.day), OLD.shard, -OLD.payments)
    ON CONFLICT (payment_table, filter, value, day, shard) DO UPDATE SET payments = c.payments + EXCLUDED.payments;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO payment_month_counts AS c (payment_table, filter, value, day, shard, payments)
    VALUES (NEW.payment_table, NEW.filter, NEW.value, month_of(NEW.day), NEW.shard, NEW.payments)
    ON CONFLICT (payment_table, filter, value, day, shard) DO UPDATE SET payments = c.payments + EXCLUDED.payments;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER people_counts_by_month AFTER INSERT OR UPDATE OR DELETE ON people_counts
  FOR EACH ROW EXECUTE FUNCTION people_month_counts_track();
CREATE TRIGGER scan_counts_by_month AFTER INSERT OR UPDATE OR DELETE ON scan_counts
  FOR EACH ROW EXECUTE FUNCTION scan_month_counts_track();
CREATE TRIGGER payment_counts_by_month AFTER INSERT OR UPDATE OR DELETE ON payment_counts
  FOR EACH ROW EXECUTE FUNCTION payment_month_counts_track();

-- The months summed afresh from the day tables: after a recount of the days (whose bulk inserts may
-- run with the triggers off, as the benchmark's load does), and once now for the counts so far.
CREATE FUNCTION rebuild_month_counts() RETURNS void LANGUAGE sql AS $$
  TRUNCATE people_month_counts, scan_month_counts, payment_month_counts;
  INSERT INTO people_month_counts (role, registration_status, day, vehicle_type, shard, people)
  SELECT role, registration_status, month_of(day), vehicle_type, shard, sum(people) FROM people_counts GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO scan_month_counts (day, vehicle_type, subscription_status, shard, scans)
  SELECT month_of(day), vehicle_type, subscription_status, shard, sum(scans) FROM scan_counts GROUP BY 1, 2, 3, 4;
  INSERT INTO payment_month_counts (payment_table, filter, value, day, shard, payments)
  SELECT payment_table, filter, value, month_of(day), shard, sum(payments) FROM payment_counts GROUP BY 1, 2, 3, 4, 5;
$$;

ALTER FUNCTION rebuild_list_counts() RENAME TO rebuild_day_counts;
CREATE FUNCTION rebuild_list_counts() RETURNS void LANGUAGE sql AS $$
  SELECT rebuild_day_counts();
  SELECT rebuild_month_counts();
$$;

-- Compacting a day's shards into shard 0 moves its counts between the month's shards through the
-- trigger, leaving rows of 0 in the others; those are dropped, so a closed month is one row a value.
ALTER FUNCTION compact_counts(date) RENAME TO compact_day_counts;
CREATE FUNCTION compact_counts(p_before date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM compact_day_counts(p_before);
  DELETE FROM people_month_counts WHERE shard <> 0 AND people = 0;
  DELETE FROM scan_month_counts WHERE shard <> 0 AND scans = 0;
  DELETE FROM payment_month_counts WHERE shard <> 0 AND payments = 0;
END $$;

SELECT rebuild_month_counts();
