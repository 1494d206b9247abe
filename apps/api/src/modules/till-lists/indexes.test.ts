import { fillPlaceholders, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/connect.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { tillListQueries, type TillListQueries } from './repository.ts';

// Every statement the Tills page and the till summary run is served by an index: read as the
// repository prepares it, with the call's values, planned with sequential scans ruled out (the test
// tables are tiny), so a plan that still scans a table has no index to use.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const LIMITS = { lateHours: 6, limitHours: 24, limitKobo: 5_000_000 };
const NOW = new Date('2026-06-10T12:00:00Z');
const SOMEONE = '6b1d2f0e-8a43-4c8e-9a55-0c4a3b3f5d11';

/**
 * The statements a repository call prepares, with the values of the call, as SQL with those values as
 * parameters. A statement written as SQL is answered with no rows; a list's (lists/kit.ts) with one
 * row, a total of 100 and an id, so a later page reads its ids, then their rows. The call's own
 * failure on these answers is ignored.
 */
async function statementsOf(run: (queries: TillListQueries) => Promise<unknown>): Promise<SQL[]> {
  const seen: SQL[] = [];
  const prepareQuery = (query: { sql: string; params: unknown[] }) => ({
    execute: async (values: Record<string, unknown> = {}) => {
      const params = fillPlaceholders(query.params, values);
      const parts = query.sql.split(/\$(\d+)/);
      seen.push(sql.join(parts.map((part, index) => (index % 2 === 0 ? sql.raw(part) : sql`${sql.param(params[Number(part) - 1])}`))));
      return Object.assign([{ id: SOMEONE, value: 100, listTotal: 100 }], { rows: [] });
    },
  });
  const real = ctx.database.db as unknown as { _: object; session: object };
  const session = Object.assign(Object.create(real.session) as object, { prepareQuery });
  const recorder = Object.assign(Object.create(real) as object, { session, _: { ...real._, session } }) as unknown as Database;
  await run(tillListQueries(recorder)).catch(() => undefined);
  return seen;
}

async function planOf(statement: SQL): Promise<string> {
  return ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    const result = (await tx.execute(sql`EXPLAIN ${statement}`)) as unknown as { rows: Array<{ 'QUERY PLAN': string }> };
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

async function plansOf(run: (queries: TillListQueries) => Promise<unknown>): Promise<string[]> {
  const statements = await statementsOf(run);
  expect(statements.length).toBeGreaterThan(0);
  return Promise.all(statements.map(planOf));
}

const page = { offset: 20, limit: 10 };

describe('the till lists read through indexes', () => {
  it.each([
    [
      'open tills',
      (q: TillListQueries) => q.openTills({}, page, LIMITS, NOW),
      // The page by tills_status_opened_idx, or (tiny test tables) the open tills' partial index.
      ['tills_', 'subscription_payments_till_idx', 'penalty_payments_till_idx'],
    ],
    ['open tills of some remitters', (q: TillListQueries) => q.openTills({ remitterIds: [SOMEONE] }, page, LIMITS, NOW), ['tills_']],
    ['open tills over a limit', (q: TillListQueries) => q.openTills({ overLimit: true }, page, LIMITS, NOW), ['tills_open_cash_idx']],
    // At most one waiting per remitter: the planner may read them through till_closes_one_pending.
    ['closes waiting', (q: TillListQueries) => q.closes({ status: 'pending' }, page), ['till_closes_']],
    ['approved closes', (q: TillListQueries) => q.closes({ status: 'approved' }, page), ['till_closes_status_idx']],
    ['a remitter’s closes', (q: TillListQueries) => q.closes({ remitterIds: [SOMEONE] }, page), ['till_closes_remitter_idx']],
    ['variances', (q: TillListQueries) => q.closes({ varianceOnly: true }, page), ['till_closes_variance_idx']],
    ['one close and its collections', (q: TillListQueries) => Promise.all([q.close(SOMEONE), q.collectionsOf(SOMEONE)]), ['tills_close_idx']],
    ['unlodged cash', (q: TillListQueries) => q.unlodged(10, LIMITS, NOW), ['tills_open_cash_idx']],
    ['this month’s variances', (q: TillListQueries) => q.variances(new Date('2026-06-01'), new Date('2026-07-01')), ['till_closes_variance_decided_idx']],
    ['today by mode', (q: TillListQueries) => q.collectionsByMode('2026-06-10'), ['payment_counts']],
  ] as const)('%s', async (_name, run, indexes) => {
    const plans = await plansOf(run);
    for (const plan of plans) expect(plan).not.toMatch(/Seq Scan/);
    const all = plans.join('\n');
    for (const index of indexes) expect(all).toContain(index);
  });
});
