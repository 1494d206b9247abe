-- Online payments (issue 43; docs/online-payments.md):
-- 1. A payment a motorist made through the payment provider by USSD is recorded with mode 'ussd'
--    (never offered to agents). Its provider reference is claimed per mode like any other.
ALTER TABLE payment_references DROP CONSTRAINT payment_references_mode_of_payment_check;
ALTER TABLE payment_references ADD CONSTRAINT payment_references_mode_of_payment_check
  CHECK (mode_of_payment IN ('transfer', 'pos', 'card', 'ussd'));

-- 2. A system user (the "Online payments" user online payments are recorded under) is no person: it
--    is left out of the people lists and their counts, the agents' counts and the top agents; its
--    payments still count wherever payments count (they are counted by payment, not by person).
ALTER TABLE users ADD COLUMN is_system boolean NOT NULL DEFAULT false;

CREATE OR REPLACE FUNCTION people_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND NOT OLD.is_deleted AND NOT OLD.is_system THEN
    PERFORM people_counts_add(OLD.role, OLD.registration_status, lagos_day(OLD.created_at), vehicle_type_of(OLD.id), count_shard(OLD.id), -1);
    IF OLD.role = 'motorist' AND OLD.added_by IS NOT NULL THEN
      PERFORM agent_ranking_add('registrations', lagos_day(OLD.created_at), OLD.added_by, -1);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NOT NEW.is_deleted AND NOT NEW.is_system THEN
    PERFORM people_counts_add(NEW.role, NEW.registration_status, lagos_day(NEW.created_at), vehicle_type_of(NEW.id), count_shard(NEW.id), 1);
    IF NEW.role = 'motorist' AND NEW.added_by IS NOT NULL THEN
      PERFORM agent_ranking_add('registrations', lagos_day(NEW.created_at), NEW.added_by, 1);
    END IF;
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER users_people_counts ON users;
CREATE TRIGGER users_people_counts
  AFTER INSERT OR DELETE OR UPDATE OF role, registration_status, is_deleted, is_system, created_at, added_by ON users
  FOR EACH ROW EXECUTE FUNCTION people_counts_track();

-- The recount of 0015, leaving system users out as the trigger does.
CREATE OR REPLACE FUNCTION rebuild_day_counts() RETURNS void LANGUAGE sql AS $$
  TRUNCATE people_counts, scan_counts;
  INSERT INTO people_counts (role, registration_status, day, vehicle_type, shard, people)
  SELECT u.role, u.registration_status, lagos_day(u.created_at), coalesce(v.vehicle_type, ''), 0, count(*)
  FROM users u LEFT JOIN vehicles v ON v.user_id = u.id WHERE NOT u.is_deleted AND NOT u.is_system GROUP BY 1, 2, 3, 4;
  INSERT INTO scan_counts (day, vehicle_type, subscription_status, shard, scans)
  SELECT lagos_day(created_at), vehicle_type, subscription_status, 0, count(*)
  FROM scans GROUP BY 1, 2, 3;
  SELECT rebuild_payment_counts();
$$;

-- The "Online payments" user where it was written already (its count leaves people_counts by the trigger).
UPDATE users SET is_system = true WHERE id = '00000000-0000-4000-8000-00000000a043';
