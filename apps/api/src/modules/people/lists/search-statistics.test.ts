import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';

describe('people search statistics (migration 0012)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('samples 1,000 search texts, so a common surname is not guessed rare and its first page sorted whole', async () => {
    const result = (await ctx.database.db.execute(
      sql`SELECT attstattarget::int AS target FROM pg_attribute WHERE attrelid = 'users'::regclass AND attname = 'search_text'`,
    )) as unknown as { rows: Array<{ target: number }> };
    expect(result.rows).toEqual([{ target: 1000 }]);
  });
});
