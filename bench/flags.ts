/**
 * Issue 44: the flag rules add at most 5 ms to a scan's p95, and stay incremental (the scans are never
 * read whole).
 *
 *   npx tsx bench/flags.ts [--rounds 4] [--scans 100] [--history 200000]            # PGlite
 *   TEST_DB=postgres TEST_DATABASE_URL=postgres://… npx tsx bench/flags.ts           # PostgreSQL
 *
 * Two apps on fresh migrated databases of their own, alike but for FLAGS: rules on (the defaults) and
 * off. Each database first gets `history` scans by 500 agents of 5,000 motorists over 60 days
 * (generate_series, with places), so the rules' reads meet a table of some size. Then, in turn
 * (on, off, on, off …), four enforcers send `scans` single POST /api/field/scan calls each round
 * with a place and a capture time (the clock moves 15 s per call, so agents' contacts are written
 * too), of 40 expired keke riders (every scan counted). Per call: wall time through the app
 * (`inject`) and this process's CPU (on PGlite the database runs in it); on a local PostgreSQL its
 * processes' CPU too. One warm-up round each. Then EXPLAIN ANALYZE of the neighbours statement on
 * the rules-on database: each part an index scan bounded by its window. Prints Markdown.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { cpus, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { parseArgs } from './dataset/sizes.ts';
import { cpuMeter } from './cpu.ts';
import { controlledClock, createTestContext, NO_CASH_LIMITS, TEST_DB, type TestContext } from '../apps/api/test/harness.ts';
import { createMotorist, session, type Session } from '../apps/api/test/tickets.ts';
import { rowsOf } from '../apps/api/src/db/rows.ts';

const args = parseArgs(process.argv.slice(2));
const ROUNDS = Number(args.get('rounds') ?? 4);
const SCANS = Number(args.get('scans') ?? 100);
const HISTORY = Number(args.get('history') ?? 200_000);
const RIDERS = 40;
const ENFORCERS = 4;

interface Side {
  name: 'rules on' | 'rules off';
  ctx: TestContext;
  clock: ReturnType<typeof controlledClock>;
  enforcers: Session[];
  riders: string[];
  wall: number[];
  cpu: number[];
  database: number[];
}

async function prepare(name: Side['name']): Promise<Side> {
  const start = new Date(Date.now() - 10 * 24 * 3600_000);
  const clock = controlledClock(start.toISOString());
  const ctx = await createTestContext({ clock, scanRepeatMinutes: 0, tills: NO_CASH_LIMITS, flags: name === 'rules on' ? undefined : false });
  const admin = await session(ctx, { role: 'admin' });
  await ctx.app.inject({ method: 'POST', url: '/api/penalty', headers: await admin.headers(), payload: { vehicleType: 'keke', price: 500 } });
  const riders: string[] = [];
  for (let i = 0; i < RIDERS; i += 1) riders.push((await createMotorist(ctx, 'keke')).userCode);
  const enforcers: Session[] = [];
  for (let i = 0; i < ENFORCERS; i += 1) enforcers.push(await session(ctx, { role: 'enforcer' }));
  // The history: scans by agents and of motorists that are not rows of users, written with triggers
  // and foreign keys off (session_replication_role), as a restore would.
  await ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(sql`
    INSERT INTO scans (motorist_id, agent_id, subscription_id, vehicle_type, plate_number, subscription_status, expires_at,
      outstanding_kobo, created_at, received_at, latitude, longitude, location_accuracy)
    SELECT md5('m' || (i % 5000))::uuid, md5('a' || (i % 500))::uuid, md5('s' || (i % 5000))::uuid, 'keke', 'LAG' || i, 'active', now(),
      0, now() - (i % 86400) * interval '60 seconds', now(), 6.4 + (i % 997) / 5000.0, 3.3 + (i % 991) / 5000.0, 20
    FROM generate_series(1, ${HISTORY}) AS i`);
  });
  await ctx.database.db.execute(sql`ANALYZE scans`);
  clock.set(new Date());
  return { name, ctx, clock, enforcers, riders, wall: [], cpu: [], database: [] };
}

async function round(side: Side, keep: boolean): Promise<void> {
  const meter = cpuMeter(process.pid, TEST_DB === 'postgres' ? (process.env.TEST_DATABASE_URL ?? null) : null);
  const stop = meter?.start();
  const cpuStart = process.cpuUsage();
  const wall: number[] = [];
  for (let i = 0; i < SCANS; i += 1) {
    side.clock.set(new Date(side.clock.now().getTime() + 15_000));
    const enforcer = side.enforcers[i % ENFORCERS];
    const step = side.wall.length + i;
    const payload = {
      userCode: side.riders[i % RIDERS],
      capturedAt: new Date(side.clock.now().getTime() - 5_000).toISOString(),
      location: { latitude: 6.5 + 0.0003 * Math.sin(step), longitude: 3.37 + 0.0003 * Math.cos(step), accuracy: 15 },
    };
    const headers = await enforcer.headers({ 'idempotency-key': randomUUID() });
    const began = performance.now();
    const reply = await side.ctx.app.inject({ method: 'POST', url: '/api/field/scan', headers, payload });
    wall.push(performance.now() - began);
    if (reply.statusCode !== 201) throw new Error(`scan failed: ${reply.body.slice(0, 300)}`);
  }
  const used = process.cpuUsage(cpuStart);
  const database = stop?.(SCANS).databaseMs ?? null;
  if (!keep) return;
  side.wall.push(...wall);
  side.cpu.push((used.user + used.system) / 1000 / SCANS);
  if (database !== null) side.database.push(database);
}

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))];
const median = (values: number[]) => quantile(values, 0.5);
const list = (values: number[]) => (values.length ? `${median(values).toFixed(2)} (${values.map((v) => v.toFixed(2)).join(', ')})` : 'n/a');

const sides = [await prepare('rules on'), await prepare('rules off')];
try {
  for (const side of sides) await round(side, false);
  for (let r = 0; r < ROUNDS; r += 1) for (const side of sides) await round(side, true);

  const on = sides[0];
  const [flagCount] = await rowsOf<{ n: number }>(on.ctx.database.db, sql`SELECT count(*)::int AS n FROM field_flags`);
  const [scan] = await rowsOf<{ id: string; agent_id: string; motorist_id: string; created_at: string }>(
    on.ctx.database.db,
    sql`SELECT id, agent_id, motorist_id, created_at FROM scans WHERE agent_id = md5('a7')::uuid ORDER BY created_at DESC LIMIT 1`,
  );
  const at = new Date(scan.created_at).toISOString();
  const plan = await rowsOf<{ 'QUERY PLAN': string }>(
    on.ctx.database.db,
    sql.raw(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON)
      (SELECT 'b', s.id, 0::bigint FROM scans s WHERE s.agent_id = '${scan.agent_id}' AND s.created_at <= '${at}' AND s.created_at > '${at}'::timestamptz - interval '12 hours'
         AND s.id <> '${scan.id}' AND s.latitude IS NOT NULL ORDER BY s.created_at DESC LIMIT 1)
      UNION ALL
      (SELECT 'a', s.id, 0::bigint FROM scans s WHERE s.agent_id = '${scan.agent_id}' AND s.created_at >= '${at}' AND s.created_at < '${at}'::timestamptz + interval '12 hours'
         AND s.id <> '${scan.id}' AND s.latitude IS NOT NULL ORDER BY s.created_at ASC LIMIT 1)
      UNION ALL
      (SELECT 's', s.id, 0::bigint FROM scans s WHERE s.motorist_id = '${scan.motorist_id}' AND s.created_at BETWEEN '${at}'::timestamptz - interval '10 minutes'
         AND '${at}'::timestamptz + interval '10 minutes' AND s.id <> '${scan.id}' AND s.latitude IS NOT NULL ORDER BY s.created_at DESC LIMIT 20)
      UNION ALL
      (SELECT 'r', NULL::uuid, count(*) FILTER (WHERE r.created_at <= '${at}') FROM (SELECT s.created_at FROM scans s WHERE s.agent_id = '${scan.agent_id}' AND s.created_at > '${at}'::timestamptz - interval '1 minute'
         AND s.created_at < '${at}'::timestamptz + interval '1 minute' LIMIT 2000) r)`),
  );

  console.log(`### ${TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${new Date().toISOString().slice(0, 16)}Z`);
  console.log('');
  console.log(
    `${ROUNDS} rounds of ${SCANS} single scans per side, in turn, after one of warm-up; ${HISTORY.toLocaleString('en')} scans of history; ` +
      `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}.`,
  );
  console.log('');
  console.log('| side | wall p50, ms | wall p95, ms | this process, ms CPU per scan: median (rounds) | PostgreSQL, ms CPU per scan |');
  console.log('|---|---|---|---|---|');
  for (const side of sides) {
    console.log(`| ${side.name} | ${median(side.wall).toFixed(2)} | ${quantile(side.wall, 0.95).toFixed(2)} | ${list(side.cpu)} | ${list(side.database)} |`);
  }
  console.log('');
  console.log(
    `p95 added by the rules: ${(quantile(on.wall, 0.95) - quantile(sides[1].wall, 0.95)).toFixed(2)} ms (target ≤ 5). Flags raised on the rules-on side: ${flagCount.n}.`,
  );
  console.log('');
  console.log('Plan of the neighbours statement (its four parts, as repository.ts sends them; the latest scan of one history agent):');
  console.log('');
  console.log('```');
  for (const row of plan) console.log(row['QUERY PLAN']);
  console.log('```');
} finally {
  for (const side of sides) await side.ctx.close();
}
