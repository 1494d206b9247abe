// The dashboards' roll-up of the seeded payments and scans, added in one statement: what the roll-up
// triggers (scans_rollup, subscription_payments_rollup, penalty_payments_rollup of 0005, through
// daily_agent_activity_add of 0015) add one row at a time, summed per Lagos day, agent and vehicle
// type first. The rankings they also feed are recounted from daily_agent_activity by
// rebuild_agent_rankings (part of rebuild_list_counts).
import { sql } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { lagosDay } from '../domain/calendar.ts';
import type { DemoRecords } from './records.ts';

/** The roll-up triggers this stands for while the rows go in. */
export const ROLLED_UP: Array<[table: string, trigger: string]> = [
  ['scans', 'scans_rollup_insert'],
  ['subscription_payments', 'subscription_payments_rollup_insert'],
  ['penalty_payments', 'penalty_payments_rollup_insert'],
];

const COUNTERS = [
  'subscription_payments',
  'subscription_kobo',
  'penalty_payments',
  'penalty_kobo',
  'scans',
  'compliant_scans',
  'penalties_charged_kobo',
] as const;
type Activity = Record<(typeof COUNTERS)[number], number> & { day: string; agent_id: string; vehicle_type: string };

/** daily_agent_activity's rows of these records (successful payments; every scan, compliant when active or in grace). */
export function agentActivity(records: DemoRecords): Activity[] {
  const rows = new Map<string, Activity>();
  const add = (at: Date, agentId: string, vehicleType: string, counts: Partial<Activity>) => {
    const day = lagosDay(at);
    const key = `${day} ${agentId} ${vehicleType}`;
    let row = rows.get(key);
    if (!row) {
      row = { day, agent_id: agentId, vehicle_type: vehicleType, ...Object.fromEntries(COUNTERS.map((c) => [c, 0])) } as Activity;
      rows.set(key, row);
    }
    for (const counter of COUNTERS) row[counter] += counts[counter] ?? 0;
  };
  for (const p of records.subscriptionPayments) {
    if (p.status === 'success') add(p.createdAt, p.remitterId, p.vehicleType, { subscription_payments: 1, subscription_kobo: p.amountKobo });
  }
  for (const p of records.penaltyPayments) {
    if (p.status === 'success') add(p.createdAt, p.remitterId, p.vehicleType, { penalty_payments: 1, penalty_kobo: p.amountKobo });
  }
  for (const s of records.scans) {
    const compliant = s.subscriptionStatus === 'active' || s.subscriptionStatus === 'grace' ? 1 : 0;
    add(s.createdAt, s.agentId, s.vehicleType, { scans: 1, compliant_scans: compliant, penalties_charged_kobo: s.penaltyAddedKobo ?? 0 });
  }
  return [...rows.values()];
}

/** Adds the rows to daily_agent_activity and, by the agent's shard, to daily_activity (as daily_agent_activity_add does). */
export async function addAgentActivity(db: Database, rows: Activity[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = sql.raw(COUNTERS.join(', '));
  const sums = sql.raw(COUNTERS.map((c) => `sum(${c})`).join(', '));
  const added = (alias: string) => sql.raw(COUNTERS.map((c) => `${c} = ${alias}.${c} + EXCLUDED.${c}`).join(', '));
  const types = sql.raw(COUNTERS.map((c) => `${c} bigint`).join(', '));
  await db.execute(sql`
    WITH a AS (SELECT * FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r (day date, agent_id uuid, vehicle_type text, ${types})),
    per_agent AS (
      INSERT INTO daily_agent_activity AS d (day, agent_id, vehicle_type, ${columns})
      SELECT day, agent_id, vehicle_type, ${columns} FROM a
      ON CONFLICT (day, agent_id, vehicle_type) DO UPDATE SET ${added('d')}
      RETURNING 1)
    INSERT INTO daily_activity AS t (day, vehicle_type, shard, ${columns})
    SELECT day, vehicle_type, (abs(hashtext(agent_id::text)) % 16)::smallint, ${sums} FROM a GROUP BY 1, 2, 3
    ON CONFLICT (day, vehicle_type, shard) DO UPDATE SET ${added('t')}`);
}
