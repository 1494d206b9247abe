import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, signedInPerson, type TestContext } from '../../test/harness.ts';

// The log is written by the PostgreSQL client only (bench/ measures PostgreSQL).
describe.skipIf(process.env.TEST_DB !== 'postgres')('the SQL log of the benchmark (BENCH_SQL_LOG)', () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'eticket-sql-log-')), 'sql.jsonl');
  let ctx: TestContext;
  beforeAll(async () => {
    vi.stubEnv('BENCH_SQL_LOG', file);
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
    vi.unstubAllEnvs();
  });

  const logged = () =>
    readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { request?: string; text: string });

  it('names the request each statement served, and none for work outside requests', async () => {
    const { headers } = await signedInPerson(ctx, { role: 'admin' });
    rmSync(file, { force: true });
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/subscription', headers });
    expect(reply.statusCode, reply.body).toBe(200);
    await ctx.database.db.execute(sql`select 'outside a request' as work`);

    const statements = logged();
    const outside = statements.filter((statement) => statement.text.includes('outside a request'));
    const served = statements.filter((statement) => !statement.text.includes('outside a request'));
    expect(outside).toHaveLength(1);
    expect(outside[0].request).toBeUndefined();
    expect(served.length).toBeGreaterThan(0);
    expect(new Set(served.map((statement) => statement.request)).size).toBe(1);
    expect(served[0].request).toEqual(expect.any(String));
  });
});
