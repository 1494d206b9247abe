-- Dashboards (issue 5), second level of the roll-up: the same figures per Lagos day and vehicle
-- type, without the agent, so a year of cards, charts and allocation figures reads at most
-- 365 × 3 × 16 rows however many agents there are (daily_agent_activity keeps the per-agent rows
-- that rank the top agents).
--
-- Each agent's writes land in one of 16 shards (a hash of the agent's id), so concurrent writers
-- rarely wait on the same row: never for one agent's own calls, and only 1 in 16 for two agents.

CREATE TABLE daily_activity (
  day                     date NOT NULL,
  vehicle_type            text NOT NULL,
  shard                   smallint NOT NULL,
  subscription_payments   integer NOT NULL DEFAULT 0,
  subscription_kobo       bigint NOT NULL DEFAULT 0,
  penalty_payments        integer NOT NULL DEFAULT 0,
  penalty_kobo            bigint NOT NULL DEFAULT 0,
  scans                   integer NOT NULL DEFAULT 0,
  compliant_scans         integer NOT NULL DEFAULT 0,
  penalties_charged_kobo  bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (day, vehicle_type, shard)
);

-- The roll-up function of 0005_dashboards.sql, now feeding both levels in the same statement's
-- transaction (the triggers that call it are unchanged).
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
$$;

-- Whatever the first level already holds.
INSERT INTO daily_activity
  (day, vehicle_type, shard, subscription_payments, subscription_kobo, penalty_payments, penalty_kobo,
   scans, compliant_scans, penalties_charged_kobo)
SELECT day, vehicle_type, (abs(hashtext(agent_id::text)) % 16)::smallint,
       sum(subscription_payments), sum(subscription_kobo), sum(penalty_payments), sum(penalty_kobo),
       sum(scans), sum(compliant_scans), sum(penalties_charged_kobo)
FROM daily_agent_activity
GROUP BY 1, 2, 3;
