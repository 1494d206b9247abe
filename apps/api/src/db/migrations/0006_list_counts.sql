-- List counts (issue 6): every list shows how many rows match, and counting millions of rows per
-- request is too slow. These tables hold, per Lagos day of creation and per value of each filter a
-- list offers, how many rows there are; triggers keep them in step inside the writing transaction,
-- so they are exact, and a rolled-back write leaves no trace. A list's total is then the sum of a
-- few hundred counter rows for the whole days of its range plus an exact count of the partial days
-- at its edges (see apps/api/src/platform/day-counts.ts).
--
-- Each row's writes land in one of 8 shards (a hash of the row's id), so concurrent writers of the
-- same day rarely wait on the same counter row.

CREATE TABLE people_counts (
  role                text NOT NULL,
  registration_status text NOT NULL,
  day                 date NOT NULL,
  shard               smallint NOT NULL,
  people              bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (role, registration_status, day, shard)
);

CREATE TABLE scan_counts (
  day                 date NOT NULL,
  vehicle_type        text NOT NULL,
  subscription_status text NOT NULL,
  shard               smallint NOT NULL,
  scans               bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (day, vehicle_type, subscription_status, shard)
);

-- payment_table: 'subscription_payments' or 'penalty_payments'; plan_name '' when the payment has none.
CREATE TABLE payment_counts (
  payment_table   text NOT NULL,
  day             date NOT NULL,
  vehicle_type    text NOT NULL,
  plan_name       text NOT NULL,
  mode_of_payment text NOT NULL,
  shard           smallint NOT NULL,
  payments        bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (payment_table, day, vehicle_type, plan_name, mode_of_payment, shard)
);

CREATE FUNCTION count_shard(p_id uuid) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT (abs(hashtext(p_id::text)) % 8)::smallint
$$;

CREATE FUNCTION lagos_day(p_at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT (p_at AT TIME ZONE 'Africa/Lagos')::date
$$;

-- Deleted people leave the lists, so they leave the counts.
CREATE FUNCTION people_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND NOT OLD.is_deleted THEN
    INSERT INTO people_counts AS c (role, registration_status, day, shard, people)
    VALUES (OLD.role, OLD.registration_status, lagos_day(OLD.created_at), count_shard(OLD.id), -1)
    ON CONFLICT (role, registration_status, day, shard) DO UPDATE SET people = c.people - 1;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NOT NEW.is_deleted THEN
    INSERT INTO people_counts AS c (role, registration_status, day, shard, people)
    VALUES (NEW.role, NEW.registration_status, lagos_day(NEW.created_at), count_shard(NEW.id), 1)
    ON CONFLICT (role, registration_status, day, shard) DO UPDATE SET people = c.people + 1;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER users_people_counts
  AFTER INSERT OR DELETE OR UPDATE OF role, registration_status, is_deleted, created_at ON users
  FOR EACH ROW EXECUTE FUNCTION people_counts_track();

CREATE FUNCTION scan_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO scan_counts AS c (day, vehicle_type, subscription_status, shard, scans)
    VALUES (lagos_day(OLD.created_at), OLD.vehicle_type, OLD.subscription_status, count_shard(OLD.id), -1)
    ON CONFLICT (day, vehicle_type, subscription_status, shard) DO UPDATE SET scans = c.scans - 1;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO scan_counts AS c (day, vehicle_type, subscription_status, shard, scans)
    VALUES (lagos_day(NEW.created_at), NEW.vehicle_type, NEW.subscription_status, count_shard(NEW.id), 1)
    ON CONFLICT (day, vehicle_type, subscription_status, shard) DO UPDATE SET scans = c.scans + 1;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER scans_scan_counts
  AFTER INSERT OR DELETE OR UPDATE OF created_at, vehicle_type, subscription_status ON scans
  FOR EACH ROW EXECUTE FUNCTION scan_counts_track();

-- Every payment is listed whatever its status, so every payment is counted.
CREATE FUNCTION payment_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO payment_counts AS c (payment_table, day, vehicle_type, plan_name, mode_of_payment, shard, payments)
    VALUES (TG_TABLE_NAME, lagos_day(OLD.created_at), OLD.vehicle_type, coalesce(OLD.plan_name, ''), OLD.mode_of_payment,
            count_shard(OLD.id), -1)
    ON CONFLICT (payment_table, day, vehicle_type, plan_name, mode_of_payment, shard) DO UPDATE SET payments = c.payments - 1;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO payment_counts AS c (payment_table, day, vehicle_type, plan_name, mode_of_payment, shard, payments)
    VALUES (TG_TABLE_NAME, lagos_day(NEW.created_at), NEW.vehicle_type, coalesce(NEW.plan_name, ''), NEW.mode_of_payment,
            count_shard(NEW.id), 1)
    ON CONFLICT (payment_table, day, vehicle_type, plan_name, mode_of_payment, shard) DO UPDATE SET payments = c.payments + 1;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER subscription_payments_payment_counts
  AFTER INSERT OR DELETE OR UPDATE OF created_at, vehicle_type, plan_name, mode_of_payment ON subscription_payments
  FOR EACH ROW EXECUTE FUNCTION payment_counts_track();
CREATE TRIGGER penalty_payments_payment_counts
  AFTER INSERT OR DELETE OR UPDATE OF created_at, vehicle_type, plan_name, mode_of_payment ON penalty_payments
  FOR EACH ROW EXECUTE FUNCTION payment_counts_track();

-- Recounts everything from the rows themselves: after a bulk load with triggers off (the
-- benchmark's data set, a restore), or to check the counters (the tests compare the two).
CREATE FUNCTION rebuild_list_counts() RETURNS void LANGUAGE sql AS $$
  TRUNCATE people_counts, scan_counts, payment_counts;
  INSERT INTO people_counts (role, registration_status, day, shard, people)
  SELECT role, registration_status, lagos_day(created_at), count_shard(id), count(*)
  FROM users WHERE NOT is_deleted GROUP BY 1, 2, 3, 4;
  INSERT INTO scan_counts (day, vehicle_type, subscription_status, shard, scans)
  SELECT lagos_day(created_at), vehicle_type, subscription_status, count_shard(id), count(*)
  FROM scans GROUP BY 1, 2, 3, 4;
  INSERT INTO payment_counts (payment_table, day, vehicle_type, plan_name, mode_of_payment, shard, payments)
  SELECT 'subscription_payments', lagos_day(created_at), vehicle_type, coalesce(plan_name, ''), mode_of_payment, count_shard(id), count(*)
  FROM subscription_payments GROUP BY 1, 2, 3, 4, 5, 6;
  INSERT INTO payment_counts (payment_table, day, vehicle_type, plan_name, mode_of_payment, shard, payments)
  SELECT 'penalty_payments', lagos_day(created_at), vehicle_type, coalesce(plan_name, ''), mode_of_payment, count_shard(id), count(*)
  FROM penalty_payments GROUP BY 1, 2, 3, 4, 5, 6;
$$;

SELECT rebuild_list_counts();
