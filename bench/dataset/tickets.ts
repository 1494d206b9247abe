/**
 * Plans, penalty charges, ticket subscriptions, scans and payments, following the field service's
 * rules (modules/field/service.ts):
 * - a subscription opens at registration, expired, on the plan asked for; each payment moves the
 *   expiry from max(now, expiry) by one period of the plan, and is recorded with expires_before/after;
 *   accumulated and accumulated_amount count the payments;
 * - a scan records the status the subscription had at that moment (active, grace for 3 days after
 *   expiry, expired); an expired scan adds the vehicle type's penalty charge, at most once per
 *   motorist per Lagos day; outstanding_kobo is the penalty owed after the scan;
 * - a penalty payment pays one earlier penalty charge, so it is never more than is owed at that time.
 * Rows are staged per chunk of motorists (each one's whole history lies in one chunk) and written to
 * the real tables in time order at the end, as a levy writes them.
 */
import type { BenchDb } from './db.ts';
import { BANKS, MODES, addPeriods, periodsBetween, pickText } from './functions.ts';
import type { DatasetSize } from './sizes.ts';

const GRACE = "interval '3 days'";

export async function insertPlansAndCharges(db: BenchDb): Promise<void> {
  await db.exec(`
    INSERT INTO subscription_plans (name, vehicle_type, price_kobo, created_at, updated_at)
    SELECT plan, v.vehicle_type, v.prices[k] * 100, p.start_at - interval '45 days', p.start_at - interval '45 days'
    FROM unnest(ARRAY['daily','weekly','monthly','3 months','6 months','yearly']) WITH ORDINALITY AS plans(plan, k),
         (VALUES ('keke', ARRAY[500,3000,11000,32000,62000,120000]),
                 ('bus', ARRAY[800,5000,18500,54000,105000,200000]),
                 ('bike', ARRAY[300,1800,6500,19000,37000,72000])) AS v(vehicle_type, prices),
         bench_stage_params p;
    INSERT INTO penalty_charges (vehicle_type, price_kobo, created_at, updated_at)
    SELECT vehicle_type, naira * 100, p.start_at - interval '45 days', p.start_at - interval '45 days'
    FROM (VALUES ('keke', 2000), ('bus', 3500), ('bike', 1500)) AS c(vehicle_type, naira), bench_stage_params p;
  `);
}

/**
 * How many payments each motorist makes (a share of those that fit, by their compliance, scaled to
 * the subscription payments wanted) and how many times each is scanned (in proportion to how long
 * they have been registered). Returns the subscription payments that will be written.
 */
export async function planActivity(db: BenchDb, size: DatasetSize): Promise<number> {
  const subscriptionPayments = Math.round(size.payments * (1 - size.penaltyShare));
  await db.exec(`
    UPDATE bench_stage_motorists m
    SET n = least(m.max_n, floor(m.max_n * m.compliance * s.scale + random())::int)
    FROM (SELECT ${subscriptionPayments} / greatest(1, sum(max_n * compliance)) AS scale FROM bench_stage_motorists) AS s;

    UPDATE bench_stage_motorists m
    SET scans = CASE WHEN m.status = 'pending' THEN 0
                     ELSE floor(${size.scans} * extract(epoch FROM p.end_at - m.c) / s.life + random())::int END
    FROM bench_stage_params p,
         (SELECT sum(extract(epoch FROM q.end_at - m.c)) AS life FROM bench_stage_motorists m, bench_stage_params q WHERE m.status <> 'pending') AS s;
  `);
  const [{ total }] = await db.query<{ total: string }>('SELECT sum(n) AS total FROM bench_stage_motorists');
  return Number(total);
}

export async function createStaging(db: BenchDb): Promise<void> {
  await db.exec(`
    CREATE UNLOGGED TABLE bench_stage_scans (LIKE scans INCLUDING DEFAULTS);
    CREATE UNLOGGED TABLE bench_stage_subscription_payments (LIKE subscription_payments INCLUDING DEFAULTS);
    CREATE UNLOGGED TABLE bench_stage_penalty_payments (LIKE penalty_payments INCLUDING DEFAULTS);
    CREATE UNLOGGED TABLE bench_chunk_scans (id uuid, i int, t timestamptz, e timestamptz, status text, agent_id uuid,
                                             penalty_kobo bigint NOT NULL DEFAULT 0, penalty_day date);
    CREATE UNLOGGED TABLE bench_chunk_penalty_payments (id uuid, i int, t timestamptz, amount_kobo bigint, remitter_id uuid);
  `);
}

/** The whole ticket history of motorists i in [lo, hi]: staged scans and payments, and their subscriptions. */
export async function stageTickets(db: BenchDb, lo: number, hi: number, penaltyPayments: number): Promise<void> {
  await execTimed(
    db,
    `
    TRUNCATE bench_chunk_scans, bench_chunk_penalty_payments;

    DROP TABLE IF EXISTS bench_chunk_owed;

    -- Scans at random moments of the motorist's registered life; e is the expiry as it stood then.
    INSERT INTO bench_chunk_scans (id, i, t, e, status, agent_id)
    SELECT gen_random_uuid(), x.i, x.t, x.e,
           CASE WHEN x.t < x.e THEN 'active' WHEN x.t < x.e + ${GRACE} THEN 'grace' ELSE 'expired' END, a.id
    FROM (
      SELECT m.i, s.t, 1 + floor(s.u * pool.enforcers)::int AS k,
             CASE WHEN m.n = 0 OR s.t < m.p1 THEN m.c
                  ELSE ${addPeriods('m.p1', `1 + least(m.n - 1, ${periodsBetween('m.p1', 's.t + m.r', 'm.plan')})`, 'm.plan')} END AS e
      FROM bench_stage_motorists m, bench_stage_params p, bench_stage_pool pool,
           LATERAL (SELECT m.c + (0.001 + 0.999 * random()) * (p.end_at - m.c) AS t, random() AS u FROM generate_series(1, m.scans)) AS s
      WHERE m.i BETWEEN ${lo} AND ${hi} AND m.scans > 0
    ) AS x
    JOIN bench_stage_pick a ON a.role = 'enforcer' AND a.k = x.k;

    -- The first expired scan of a motorist on a Lagos day adds the penalty charge.
    UPDATE bench_chunk_scans s SET penalty_kobo = m.charge_kobo, penalty_day = f.day
    FROM (SELECT DISTINCT ON (i, (t AT TIME ZONE 'Africa/Lagos')::date) id, i, (t AT TIME ZONE 'Africa/Lagos')::date AS day
          FROM bench_chunk_scans WHERE status = 'expired'
          ORDER BY i, (t AT TIME ZONE 'Africa/Lagos')::date, t) AS f,
         bench_stage_motorists m
    WHERE s.id = f.id AND m.i = f.i;

    -- Some penalties are paid, each within ten days of its scan (never after now).
    INSERT INTO bench_chunk_penalty_payments (id, i, t, amount_kobo, remitter_id)
    SELECT gen_random_uuid(), x.i, x.t, x.penalty_kobo, a.id
    FROM (SELECT s.i, s.t + s.u * least(interval '10 days', p.end_at - s.t) AS t, s.penalty_kobo, 1 + floor(s.v * pool.remitters)::int AS k
          FROM (SELECT i, t, penalty_kobo, random() AS u, random() AS v FROM bench_chunk_scans WHERE penalty_kobo > 0
                ORDER BY random() LIMIT ${penaltyPayments}) AS s, bench_stage_params p, bench_stage_pool pool) AS x
    JOIN bench_stage_pick a ON a.role = 'remitter' AND a.k = x.k;

    -- What is owed after each scan and each penalty payment: penalties added less penalties paid so far.
    CREATE UNLOGGED TABLE bench_chunk_owed AS
    SELECT id, kind, sum(delta) OVER (PARTITION BY i ORDER BY t, kind, id ROWS UNBOUNDED PRECEDING) AS owed_after
    FROM (SELECT id, i, t, 0 AS kind, penalty_kobo AS delta FROM bench_chunk_scans
          UNION ALL
          SELECT id, i, t, 1, -amount_kobo FROM bench_chunk_penalty_payments) AS e;

    INSERT INTO ticket_subscriptions (id, user_id, plan_id, expires_at, accumulated, accumulated_amount_kobo,
                                      outstanding_penalty_kobo, created_at, renewed_at, updated_at)
    SELECT m.sub_id, m.id, m.plan_id,
           CASE WHEN m.n = 0 THEN m.c ELSE ${addPeriods('m.p1', 'm.n', 'm.plan')} END,
           m.n, m.n * m.price_kobo, coalesce(owed.kobo, 0), m.c, last.paid_at,
           greatest(m.c, last.paid_at, owed.last_at)
    FROM bench_stage_motorists m
    LEFT JOIN (SELECT i, sum(delta) AS kobo, max(t) AS last_at
               FROM (SELECT i, t, penalty_kobo AS delta FROM bench_chunk_scans WHERE penalty_kobo > 0
                     UNION ALL SELECT i, t, -amount_kobo FROM bench_chunk_penalty_payments) AS d
               GROUP BY i) AS owed ON owed.i = m.i
    CROSS JOIN LATERAL (SELECT CASE WHEN m.n = 0 THEN NULL WHEN m.n = 1 THEN m.p1 ELSE ${addPeriods('m.p1', 'm.n - 1', 'm.plan')} - m.r END AS paid_at) AS last
    WHERE m.i BETWEEN ${lo} AND ${hi}
    ORDER BY m.i;

    INSERT INTO bench_stage_scans (id, motorist_id, agent_id, subscription_id, vehicle_type, plate_number, subscription_status,
                                   expires_at, outstanding_kobo, penalty_added_kobo, penalty_day, created_at)
    SELECT s.id, m.id, s.agent_id, m.sub_id, m.vehicle_type, v.plate_number, s.status, s.e, o.owed_after, s.penalty_kobo, s.penalty_day, s.t
    FROM bench_chunk_scans s
    JOIN bench_chunk_owed o ON o.id = s.id AND o.kind = 0
    JOIN bench_stage_motorists m ON m.i = s.i
    JOIN vehicles v ON v.user_id = m.id;

    INSERT INTO bench_stage_penalty_payments (id, motorist_id, remitter_id, subscription_id, plan_id, plan_name, vehicle_type, amount_kobo,
                                              mode_of_payment, bank_name, status, outstanding_before_kobo, outstanding_after_kobo,
                                              idempotency_key, created_at)
    SELECT pp.id, m.id, pp.remitter_id, m.sub_id, m.plan_id, m.plan, m.vehicle_type, pp.amount_kobo, mode.mode,
           CASE WHEN mode.mode <> 'cash' THEN ${pickText(BANKS, 'mode.u')} END,
           'success', o.owed_after + pp.amount_kobo, o.owed_after, gen_random_uuid()::text, pp.t
    FROM bench_chunk_penalty_payments pp
    JOIN bench_chunk_owed o ON o.id = pp.id AND o.kind = 1
    JOIN bench_stage_motorists m ON m.i = pp.i
    CROSS JOIN LATERAL (SELECT ${pickText(MODES, `('x' || left(pp.id::text, 6))::bit(28)::int / 268435456.0`)} AS mode,
                               ('x' || substr(pp.id::text, 10, 4))::bit(16)::int / 65536.0 AS u) AS mode;

    -- Payment j comes r before the paid time of payment j-1 runs out (the first: after registering).
    INSERT INTO bench_stage_subscription_payments (id, motorist_id, remitter_id, subscription_id, plan_id, plan_name, vehicle_type,
                                                   amount_kobo, mode_of_payment, bank_name, status, expires_before, expires_after,
                                                   idempotency_key, created_at)
    SELECT gen_random_uuid(), x.id, a.id, x.sub_id, x.plan_id, x.plan, x.vehicle_type, x.price_kobo, x.mode,
           CASE WHEN x.mode <> 'cash' THEN ${pickText(BANKS, 'x.u')} END,
           'success', x.expires_before, x.expires_after, gen_random_uuid()::text, x.paid_at
    FROM (
      SELECT m.id, m.sub_id, m.plan_id, m.plan, m.vehicle_type, m.price_kobo, ${pickText(MODES, 'j.u')} AS mode, j.u,
             1 + floor(j.v * pool.remitters)::int AS k,
             CASE WHEN j.j = 1 THEN m.c ELSE ${addPeriods('m.p1', 'j.j - 1', 'm.plan')} END AS expires_before,
             ${addPeriods('m.p1', 'j.j', 'm.plan')} AS expires_after,
             CASE WHEN j.j = 1 THEN m.p1 ELSE ${addPeriods('m.p1', 'j.j - 1', 'm.plan')} - m.r END AS paid_at
      FROM bench_stage_motorists m, bench_stage_pool pool,
           LATERAL (SELECT g AS j, random() AS u, random() AS v FROM generate_series(1, m.n) AS g) AS j
      WHERE m.i BETWEEN ${lo} AND ${hi} AND m.n > 0
    ) AS x
    JOIN bench_stage_pick a ON a.role = 'remitter' AND a.k = x.k;
  `,
  );
}

/** Writes the staged rows of a table in time order, one Lagos month at a time, and empties the stage. */
export async function writeInTimeOrder(db: BenchDb, table: string, log: (line: string) => void): Promise<void> {
  const months = await db.query<{ month: string }>(
    `SELECT DISTINCT date_trunc('month', created_at AT TIME ZONE 'Africa/Lagos')::text AS month FROM bench_stage_${table} ORDER BY 1`,
  );
  for (const { month } of months) {
    await db.exec(`
      INSERT INTO ${table} SELECT * FROM bench_stage_${table}
      WHERE created_at AT TIME ZONE 'Africa/Lagos' >= '${month}'::timestamp
        AND created_at AT TIME ZONE 'Africa/Lagos' < '${month}'::timestamp + interval '1 month'
      ORDER BY created_at`);
    log(`  ${table}: ${month.slice(0, 7)} written`);
  }
  await db.exec(`DROP TABLE bench_stage_${table}`);
}

/**
 * Receipt numbers come from the columns' random default (migration 0018), and the unique index on
 * them is built only after the load: among 2.7 million, two alike turn up about once in 200 builds.
 * Any such pair is drawn again first, as the migration does. Returns how many were drawn again.
 */
export async function redrawDuplicateReceipts(db: BenchDb): Promise<number> {
  let redrawn = 0;
  for (const [table, kind] of [
    ['subscription_payments', 'S'],
    ['penalty_payments', 'P'],
  ]) {
    for (;;) {
      const [{ count }] = await db.query<{ count: number }>(`
        WITH redrawn AS (
          UPDATE ${table} SET receipt_no = new_receipt_no('${kind}')
          WHERE id IN (SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY receipt_no ORDER BY id) AS n FROM ${table}) AS d WHERE n > 1)
          RETURNING 1)
        SELECT count(*)::int AS count FROM redrawn`);
      if (count === 0) break;
      redrawn += count;
    }
  }
  return redrawn;
}

/** Runs the statements one by one; BENCH_TRACE=1 prints how long each took. */
async function execTimed(db: BenchDb, script: string): Promise<void> {
  if (!process.env.BENCH_TRACE) return db.exec(script);
  for (const statement of script.split(/;\s*\n\s*\n/)) {
    const started = Date.now();
    if (process.env.BENCH_TRACE === 'explain' && /^\s*(--.*\n\s*)*INSERT/.test(statement)) {
      const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ANALYZE ${statement}`);
      console.log(plan.map((row) => row['QUERY PLAN']).join('\n'));
      continue;
    }
    await db.exec(statement);
    console.log(
      `    ${Date.now() - started} ms: ${statement
        .trim()
        .split('\n')
        .find((l) => !l.trim().startsWith('--'))
        ?.trim()
        .slice(0, 70)}`,
    );
  }
}
