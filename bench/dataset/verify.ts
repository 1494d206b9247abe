/**
 * After the load (foreign keys and triggers were off): checks that the rows keep the rules the
 * services keep, and counts them. Any broken rule stops the build.
 */
import type { BenchDb } from './db.ts';

const CHECKS: Array<[string, string]> = [
  [
    'every motorist has a profile, a vehicle and one subscription',
    `SELECT count(*) FROM users u WHERE u.role = 'motorist' AND (NOT EXISTS (SELECT 1 FROM user_profiles p WHERE p.user_id = u.id)
       OR NOT EXISTS (SELECT 1 FROM vehicles v WHERE v.user_id = u.id) OR NOT EXISTS (SELECT 1 FROM ticket_subscriptions t WHERE t.user_id = u.id))`,
  ],
  [
    'a subscription counts its payments (accumulated, accumulated amount)',
    `SELECT count(*) FROM ticket_subscriptions t LEFT JOIN (SELECT subscription_id, count(*) AS n, sum(amount_kobo) AS kobo FROM subscription_payments GROUP BY 1) p
       ON p.subscription_id = t.id WHERE t.accumulated <> coalesce(p.n, 0) OR t.accumulated_amount_kobo <> coalesce(p.kobo, 0)`,
  ],
  [
    'each payment extends the expiry the one before it left, and the last one is the expiry',
    `SELECT count(*) FROM (SELECT p.expires_before, p.expires_after, p.created_at, t.expires_at, t.created_at AS opened,
                                 lag(p.expires_after) OVER w AS previous, lead(p.id) OVER w AS next_id
                          FROM subscription_payments p JOIN ticket_subscriptions t ON t.id = p.subscription_id
                          WINDOW w AS (PARTITION BY p.subscription_id ORDER BY p.created_at)) x
     WHERE x.expires_before <> coalesce(x.previous, x.opened) OR (x.next_id IS NULL AND x.expires_after <> x.expires_at)
        OR x.created_at > now()`,
  ],
  [
    'outstanding penalties = penalties charged - penalties paid',
    `SELECT count(*) FROM ticket_subscriptions t
       LEFT JOIN (SELECT subscription_id, sum(penalty_added_kobo) AS kobo FROM scans WHERE penalty_added_kobo > 0 GROUP BY 1) c ON c.subscription_id = t.id
       LEFT JOIN (SELECT subscription_id, sum(amount_kobo) AS kobo FROM penalty_payments GROUP BY 1) p ON p.subscription_id = t.id
     WHERE t.outstanding_penalty_kobo <> coalesce(c.kobo, 0) - coalesce(p.kobo, 0)`,
  ],
  [
    'no penalty payment above what was owed',
    `SELECT count(*) FROM penalty_payments WHERE amount_kobo > outstanding_before_kobo OR outstanding_after_kobo <> outstanding_before_kobo - amount_kobo`,
  ],
  [
    'scans are by approved enforcers, payments by approved remitters',
    `SELECT (SELECT count(*) FROM scans s WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = s.agent_id AND u.role = 'enforcer' AND u.registration_status = 'approved'))
          + (SELECT count(*) FROM subscription_payments s WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = s.remitter_id AND u.role = 'remitter' AND u.registration_status = 'approved'))`,
  ],
  ['no activity before a motorist registered', `SELECT count(*) FROM scans s JOIN users u ON u.id = s.motorist_id WHERE s.created_at < u.created_at`],
  [
    'the roll-ups hold every scan and payment',
    `SELECT abs((SELECT coalesce(sum(scans), 0) FROM daily_activity) - (SELECT count(*) FROM scans))
          + abs((SELECT coalesce(sum(subscription_kobo + penalty_kobo), 0) FROM daily_activity)
                - (SELECT coalesce(sum(amount_kobo), 0) FROM subscription_payments) - (SELECT coalesce(sum(amount_kobo), 0) FROM penalty_payments))`,
  ],
  ['stakeholders hold at most 100 %', `SELECT greatest(0, coalesce(sum(percentage_tenths), 0) - 1000) FROM stakeholders`],
  // The load writes the audit log's search text itself (bench/dataset/audit.ts); the app's own function,
  // a few index look-ups a row, checks one row in a hundred.
  [
    'the audit log holds the search text the insert trigger writes (a 1 % sample)',
    `SELECT count(*) FROM audit_log TABLESAMPLE BERNOULLI (1) WHERE search_text IS DISTINCT FROM audit_search_text(actor_id, entity_type, entity_id)`,
  ],
];

const COUNTS = `
  SELECT (SELECT count(*) FROM users WHERE role = 'motorist') AS motorists,
         (SELECT count(*) FROM users WHERE role IN ('registrar', 'enforcer', 'remitter')) AS agents,
         (SELECT count(*) FROM users WHERE role NOT IN ('motorist', 'registrar', 'enforcer', 'remitter')) AS staff,
         (SELECT count(*) FROM scans) AS scans,
         (SELECT count(*) FROM scans WHERE penalty_added_kobo > 0) AS penalty_scans,
         (SELECT count(*) FROM subscription_payments) AS subscription_payments,
         (SELECT count(*) FROM penalty_payments) AS penalty_payments,
         (SELECT count(*) FROM stakeholders) AS stakeholders,
         (SELECT count(*) FROM stakeholder_payouts) AS payouts,
         (SELECT count(*) FROM audit_log) AS audit_log_entries`;

export async function verifyDataset(db: BenchDb, log: (line: string) => void): Promise<Record<string, number>> {
  for (const [rule, query] of CHECKS) {
    const started = Date.now();
    const [row] = await db.query<Record<string, string>>(query);
    const broken = Number(Object.values(row)[0]);
    if (broken !== 0) throw new Error(`Data set check failed: ${rule} (${broken} rows break it)`);
    log(`  ok: ${rule} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  const [row] = await db.query<Record<string, string>>(COUNTS);
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
}
