import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { sqlBuiltBy } from '../../../test/sql-builds.ts';
import { allocationQueries } from './repository.ts';

describe('the allocation reads', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('are built once, then run with each call’s values', async () => {
    const queries = allocationQueries(ctx.database.db);
    const readAll = (id: string, startDay: string, endDay: string) =>
      Promise.all([
        queries.findUnion(id),
        queries.list(),
        queries.find(id),
        queries.findByUnion(id),
        queries.subscriptionRevenue(startDay, endDay),
        queries.payoutTotals(startDay, endDay),
        queries.payoutTotal(id, startDay, endDay),
        queries.payouts(id, startDay, endDay, 10, 0),
      ]);
    await readAll(randomUUID(), '2026-01-01', '2026-01-31');
    const { result, statements } = await sqlBuiltBy(() => readAll(randomUUID(), '2026-02-01', '2026-02-28'));
    expect(result).toEqual([null, [], null, null, { keke: 0, bus: 0, bike: 0 }, new Map(), { kobo: 0, count: 0 }, []]);
    expect(statements).toBe(0);
  });
});
