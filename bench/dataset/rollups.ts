/**
 * The roll-ups the triggers of migrations 0005_* keep, counted afresh from the loaded rows (the
 * triggers are off during the bulk load): per Lagos day, agent and vehicle type successful
 * subscription and penalty payments by remitter, scans by enforcer (compliant = active or grace),
 * penalties charged; then per day, vehicle type and shard (a hash of the agent) without the agent.
 * Then, when migration 0006 has given it, rebuild_list_counts().
 */
import type { BenchDb } from './db.ts';

export async function rebuildRollups(db: BenchDb): Promise<void> {
  await db.exec(`
    TRUNCATE daily_agent_activity, daily_activity;
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

    INSERT INTO daily_activity
      (day, vehicle_type, shard, subscription_payments, subscription_kobo, penalty_payments, penalty_kobo,
       scans, compliant_scans, penalties_charged_kobo)
    SELECT day, vehicle_type, (abs(hashtext(agent_id::text)) % 16)::smallint,
           sum(subscription_payments), sum(subscription_kobo), sum(penalty_payments), sum(penalty_kobo),
           sum(scans), sum(compliant_scans), sum(penalties_charged_kobo)
    FROM daily_agent_activity
    GROUP BY 1, 2, 3;
  `);
}

/** Calls rebuild_list_counts() when the schema has it; says whether it did. */
export async function rebuildListCounts(db: BenchDb): Promise<boolean> {
  const [found] = await db.query<{ exists: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pg_proc WHERE proname = 'rebuild_list_counts' AND pronamespace = 'public'::regnamespace) AS exists`,
  );
  if (!found.exists) return false;
  await db.exec('SELECT rebuild_list_counts()');
  return true;
}
