import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';

/** The plan of a statement, as text, with sequential scans ruled out (the test tables are tiny). */
async function planOf(ctx: TestContext, statement: string): Promise<string> {
  return ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    const result = (await tx.execute(sql.raw(`EXPLAIN ${statement}`))) as unknown as { rows: Array<{ 'QUERY PLAN': string }> };
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

describe('people page indexes (migration 0013)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const pageIds = (where: string, order: 'DESC' | 'ASC') =>
    `SELECT id FROM users WHERE role IN ('remitter') AND is_deleted = false${where} ORDER BY created_at ${order}, id ${order} LIMIT 10 OFFSET 4990`;

  it.each([
    ['a role, newest first', '', 'DESC', 'users_live_role_page_idx'],
    ['a role, oldest first', '', 'ASC', 'users_live_role_page_idx'],
    ['a role without its pending people', " AND registration_status <> 'pending'", 'DESC', 'users_live_role_page_idx'],
    ['a role and a status', " AND registration_status = 'suspended'", 'ASC', 'users_live_role_status_page_idx'],
  ] as const)('a page of %s walks an index alone, in order', async (_name, where, order, index) => {
    const plan = await planOf(ctx, pageIds(where, order));
    expect(plan).toContain(`Index Only Scan`);
    expect(plan).toContain(index);
    expect(plan).not.toMatch(/Sort/);
  });
});
