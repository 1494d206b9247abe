-- Dashboards (issue 5): a daily roll-up of field activity, so every money and scan figure of every
-- dashboard reads a few rows per day instead of every payment and scan.
--
-- daily_agent_activity holds, per Lagos day, agent and vehicle type: successful subscription and
-- penalty payments (count, kobo) recorded by a remitter, and scans by an enforcer (count, how many
-- found the subscription active or in grace, penalties added). Triggers keep it in step with
-- scans, subscription_payments and penalty_payments inside the writing transaction itself, so
-- every write path (field calls, demo data, a status change of a payment) is counted exactly once
-- and a rolled-back write leaves no trace. Rows are keyed by agent, so concurrent agents never
-- wait on one another's roll-up rows.

CREATE TABLE daily_agent_activity (
  day                     date NOT NULL,
  agent_id                uuid NOT NULL,
  vehicle_type            text NOT NULL,
  subscription_payments   integer NOT NULL DEFAULT 0,
  subscription_kobo       bigint NOT NULL DEFAULT 0,
  penalty_payments        integer NOT NULL DEFAULT 0,
  penalty_kobo            bigint NOT NULL DEFAULT 0,
  scans                   integer NOT NULL DEFAULT 0,
  compliant_scans         integer NOT NULL DEFAULT 0,
  penalties_charged_kobo  bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (day, agent_id, vehicle_type)
);
-- Range sums read the primary key (day first); per-agent figures this one.
CREATE INDEX daily_agent_activity_agent_day_idx ON daily_agent_activity (agent_id, day);

CREATE FUNCTION daily_agent_activity_add(
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
    penalties_charged_kobo = d.penalties_charged_kobo + EXCLUDED.penalties_charged_kobo
$$;

-- A scan is compliant when it found the subscription active or in its grace period.
CREATE FUNCTION scans_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM daily_agent_activity_add((OLD.created_at AT TIME ZONE 'Africa/Lagos')::date, OLD.agent_id, OLD.vehicle_type,
      0, 0, 0, 0, -1, CASE WHEN OLD.subscription_status IN ('active', 'grace') THEN -1 ELSE 0 END, -OLD.penalty_added_kobo);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM daily_agent_activity_add((NEW.created_at AT TIME ZONE 'Africa/Lagos')::date, NEW.agent_id, NEW.vehicle_type,
      0, 0, 0, 0, 1, CASE WHEN NEW.subscription_status IN ('active', 'grace') THEN 1 ELSE 0 END, NEW.penalty_added_kobo);
  END IF;
  RETURN NULL;
END $$;

-- Only successful payments count as revenue; a status change moves the amount in or out.
CREATE FUNCTION subscription_payments_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'success' THEN
    PERFORM daily_agent_activity_add((OLD.created_at AT TIME ZONE 'Africa/Lagos')::date, OLD.remitter_id, OLD.vehicle_type,
      -1, -OLD.amount_kobo, 0, 0, 0, 0, 0);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'success' THEN
    PERFORM daily_agent_activity_add((NEW.created_at AT TIME ZONE 'Africa/Lagos')::date, NEW.remitter_id, NEW.vehicle_type,
      1, NEW.amount_kobo, 0, 0, 0, 0, 0);
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION penalty_payments_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'success' THEN
    PERFORM daily_agent_activity_add((OLD.created_at AT TIME ZONE 'Africa/Lagos')::date, OLD.remitter_id, OLD.vehicle_type,
      0, 0, -1, -OLD.amount_kobo, 0, 0, 0);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'success' THEN
    PERFORM daily_agent_activity_add((NEW.created_at AT TIME ZONE 'Africa/Lagos')::date, NEW.remitter_id, NEW.vehicle_type,
      0, 0, 1, NEW.amount_kobo, 0, 0, 0);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER scans_rollup_insert AFTER INSERT OR DELETE ON scans
  FOR EACH ROW EXECUTE FUNCTION scans_rollup();
CREATE TRIGGER scans_rollup_update AFTER UPDATE OF agent_id, vehicle_type, subscription_status, penalty_added_kobo, created_at ON scans
  FOR EACH ROW EXECUTE FUNCTION scans_rollup();
CREATE TRIGGER subscription_payments_rollup_insert AFTER INSERT OR DELETE ON subscription_payments
  FOR EACH ROW EXECUTE FUNCTION subscription_payments_rollup();
CREATE TRIGGER subscription_payments_rollup_update AFTER UPDATE OF remitter_id, vehicle_type, amount_kobo, status, created_at ON subscription_payments
  FOR EACH ROW EXECUTE FUNCTION subscription_payments_rollup();
CREATE TRIGGER penalty_payments_rollup_insert AFTER INSERT OR DELETE ON penalty_payments
  FOR EACH ROW EXECUTE FUNCTION penalty_payments_rollup();
CREATE TRIGGER penalty_payments_rollup_update AFTER UPDATE OF remitter_id, vehicle_type, amount_kobo, status, created_at ON penalty_payments
  FOR EACH ROW EXECUTE FUNCTION penalty_payments_rollup();

-- Whatever was recorded before this migration.
INSERT INTO daily_agent_activity
  (day, agent_id, vehicle_type, subscription_payments, subscription_kobo, penalty_payments, penalty_kobo,
   scans, compliant_scans, penalties_charged_kobo)
SELECT day, agent_id, vehicle_type, sum(sp), sum(sk), sum(pp), sum(pk), sum(sc), sum(cs), sum(pc)
FROM (
  SELECT (created_at AT TIME ZONE 'Africa/Lagos')::date AS day, remitter_id AS agent_id, vehicle_type,
         1 AS sp, amount_kobo AS sk, 0 AS pp, 0::bigint AS pk, 0 AS sc, 0 AS cs, 0::bigint AS pc
  FROM subscription_payments WHERE status = 'success'
  UNION ALL
  SELECT (created_at AT TIME ZONE 'Africa/Lagos')::date, remitter_id, vehicle_type, 0, 0, 1, amount_kobo, 0, 0, 0
  FROM penalty_payments WHERE status = 'success'
  UNION ALL
  SELECT (created_at AT TIME ZONE 'Africa/Lagos')::date, agent_id, vehicle_type, 0, 0, 0, 0, 1,
         CASE WHEN subscription_status IN ('active', 'grace') THEN 1 ELSE 0 END, penalty_added_kobo
  FROM scans
) AS activity
GROUP BY day, agent_id, vehicle_type;

-- People counted by the dashboards (registrations, approved managers and agents, top registrars):
-- a range of one role's live people, read from the index alone.
CREATE INDEX users_live_role_created_idx ON users (role, created_at) INCLUDE (registration_status, added_by) WHERE NOT is_deleted;
