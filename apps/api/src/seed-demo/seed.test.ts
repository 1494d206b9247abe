import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DB, type TestContext } from '../../test/harness.ts';
import { session, type Session } from '../../test/tickets.ts';
import { createLocalFileStore } from '../adapters/files.ts';
import { rowsOf } from '../db/rows.ts';
import { lagosDay } from '../domain/calendar.ts';
import { ledgerQueries } from '../modules/ledger/repository.ts';
import { createLedgerService } from '../modules/ledger/service.ts';
import { seedDemo, type DemoSeeded } from './seed.ts';

// A small demo (50 motorists, 13 months), written in batches, must leave the books, the tills'
// running totals and every counter as the live paths would.
let ctx: TestContext;
let seeded: DemoSeeded;
let superAdmin: Session;

const count = async (query: ReturnType<typeof sql>): Promise<number> => Number((await rowsOf<{ n: string | number }>(ctx.database.db, query))[0].n);

beforeAll(async () => {
  ctx = await createTestContext();
  superAdmin = await session(ctx, { role: 'super-admin' });
  const files = createLocalFileStore(path.join(ctx.dataDir, 'uploads'), 'seed-test-secret');
  const result = await seedDemo(ctx.database, { motoristCount: 50, demoPassword: 'demo-pass-2026', seed: 49, files, admin: { email: 'admin@seed.test' } });
  if ('alreadySeededAt' in result) throw new Error('a fresh database has no demo yet');
  seeded = result;
}, 300_000);
afterAll(async () => ctx.close());

describe(`the demo seed (${TEST_DB})`, () => {
  it('tells 13 months of a levy: registrations, payments of both kinds, scans with penalties, till closes', () => {
    const { stats } = seeded;
    expect(stats.motorists).toBe(50);
    expect(stats.subscriptionPayments).toBeGreaterThan(200);
    expect(stats.penaltyPayments).toBeGreaterThan(0);
    expect(stats.scans).toBeGreaterThan(50);
    expect(stats.penalties).toBeGreaterThan(0);
    expect(stats.tills.approved).toBeGreaterThan(0);
  });

  it('leaves the ledger balanced and its integrity check (tills’ running totals included) without a difference', async () => {
    const check = await createLedgerService({ ledger: ledgerQueries(ctx.database.db), clock: ctx.clock }).check('on-demand');
    expect(check.differences).toEqual([]);
    expect(check.ok).toBe(true);
    expect(check.entries).toBeGreaterThan(seeded.stats.subscriptionPayments);
    expect(await count(sql`SELECT coalesce(sum(amount_kobo), 0) AS n FROM ledger_lines`)).toBe(0);
    // Every successful payment posted once; every open till holds exactly its payments' cash.
    expect(await count(sql`SELECT count(*) AS n FROM ledger_entries WHERE kind = 'subscription_payment'`)).toBe(seeded.stats.subscriptionPayments);
  });

  it('keeps the dashboards’ roll-up equal to the records, per day, agent and vehicle type', async () => {
    const mismatches = await rowsOf(
      ctx.database.db,
      sql`
      WITH truth AS (
        SELECT lagos_day(created_at) AS day, remitter_id AS agent_id, vehicle_type, count(*) AS sp, sum(amount_kobo) AS sk, 0 AS pp, 0 AS pk, 0 AS sc, 0 AS cs, 0 AS pc
        FROM subscription_payments WHERE status = 'success' GROUP BY 1, 2, 3
        UNION ALL
        SELECT lagos_day(created_at), remitter_id, vehicle_type, 0, 0, count(*), sum(amount_kobo), 0, 0, 0
        FROM penalty_payments WHERE status = 'success' GROUP BY 1, 2, 3
        UNION ALL
        SELECT lagos_day(created_at), agent_id, vehicle_type, 0, 0, 0, 0, count(*),
               count(*) FILTER (WHERE subscription_status IN ('active', 'grace')), sum(penalty_added_kobo)
        FROM scans GROUP BY 1, 2, 3),
      summed AS (SELECT day, agent_id, vehicle_type, sum(sp) sp, sum(sk) sk, sum(pp) pp, sum(pk) pk, sum(sc) sc, sum(cs) cs, sum(pc) pc FROM truth GROUP BY 1, 2, 3)
      SELECT * FROM summed s FULL JOIN daily_agent_activity d USING (day, agent_id, vehicle_type)
      WHERE (s.sp, s.sk, s.pp, s.pk, s.sc, s.cs, s.pc) IS DISTINCT FROM
            (d.subscription_payments, d.subscription_kobo, d.penalty_payments, d.penalty_kobo, d.scans, d.compliant_scans, d.penalties_charged_kobo)`,
    );
    expect(mismatches).toEqual([]);
    const sharded = await count(sql`
      SELECT count(*) AS n FROM (
        SELECT day, vehicle_type, (abs(hashtext(agent_id::text)) % 16)::smallint AS shard, sum(scans) AS scans, sum(subscription_kobo) AS kobo
        FROM daily_agent_activity GROUP BY 1, 2, 3) s
      FULL JOIN daily_activity d USING (day, vehicle_type, shard)
      WHERE (s.scans, s.kobo) IS DISTINCT FROM (d.scans::numeric, d.subscription_kobo::numeric)`);
    expect(sharded).toBe(0);
  });

  it('shows on the dashboards what a direct count of the rows finds', async () => {
    const range = `startDate=${seeded.firstDay}&endDate=${lagosDay(new Date())}`;
    const board = async (name: string) => {
      const reply = await ctx.app.inject({ method: 'GET', url: `/api/${name}?${range}`, headers: await superAdmin.headers() });
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json().data;
    };
    const scans = await count(sql`SELECT count(*) AS n FROM scans`);
    const payments = await count(sql`SELECT (SELECT count(*) FROM subscription_payments) + (SELECT count(*) FROM penalty_payments) AS n`);
    const subscriptionKobo = await count(sql`SELECT sum(amount_kobo) AS n FROM subscription_payments WHERE status = 'success'`);
    const motorists = await count(sql`SELECT count(*) AS n FROM users WHERE role = 'motorist' AND NOT is_deleted`);
    expect((await board('enforcerdashboard')).scans.total).toBe(scans);
    expect((await board('remitterdashboard')).payments.total).toBe(payments);
    const admin = await board('admindashboard');
    expect(admin.totalPayment.total).toBe(subscriptionKobo / 100);
    expect(admin.totalRegistration.total).toBe(motorists);
  });

  it('leaves the planner statistics (ANALYZE)', async () => {
    const rows = await rowsOf<{ reltuples: number }>(ctx.database.db, sql`SELECT reltuples FROM pg_class WHERE relname = 'subscription_payments'`);
    expect(Number(rows[0].reltuples)).toBeGreaterThan(100);
  });

  it('does nothing on a database that has the demo already', async () => {
    const files = createLocalFileStore(path.join(ctx.dataDir, 'uploads'), 'seed-test-secret');
    const again = await seedDemo(ctx.database, { motoristCount: 50, demoPassword: 'demo-pass-2026', seed: 49, files, admin: { email: 'admin@seed.test' } });
    expect(again).toHaveProperty('alreadySeededAt');
  });
});
