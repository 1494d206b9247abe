import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOCATION_MESSAGES } from '@eticket/contracts';
import { createPerson, createTestContext, TEST_DB, type TestContext } from '../../../test/harness.ts';
import { session, type Session } from '../../../test/tickets.ts';
import { bankAccountsDirectory } from '../../db/schema.ts';
import { nubanCheckDigit } from '../../adapters/banks/nuban.ts';

/**
 * The 100 % rule under concurrent assignments: on PostgreSQL the requests really run at once (a
 * pool of 20 connections); on PGlite they interleave on its single connection.
 */
let ctx: TestContext;
let superAdmin: Session;
const unions: Array<{ id: string; accountNumber: string }> = [];

beforeAll(async () => {
  ctx = await createTestContext();
  superAdmin = await session(ctx, { role: 'super-admin' });
  for (let i = 0; i < 30; i++) {
    const person = await createPerson(ctx, { role: 'union', unionRole: 'others', unionName: `union ${i}` });
    const serial = String(600_000_000 + i);
    const accountNumber = serial + nubanCheckDigit('057', serial);
    unions.push({ id: person.id, accountNumber });
  }
  await ctx.database.db
    .insert(bankAccountsDirectory)
    .values(unions.map((u, i) => ({ bankCode: '057', accountNumber: u.accountNumber, accountName: `UNION ${i} ACCOUNT` })));
});
afterAll(async () => ctx.close());

async function allocatedTenths(): Promise<number> {
  const result = await ctx.database.db.execute(sql`SELECT coalesce(sum(percentage_tenths), 0)::int AS total FROM stakeholders`);
  const rows = (Array.isArray(result) ? result : (result as { rows: Array<{ total: number }> }).rows) as Array<{ total: number }>;
  return Number(rows[0].total);
}

describe(`the 100 % rule under concurrency (${TEST_DB})`, () => {
  let created: string[] = [];

  it('20 simultaneous assignments of 10 % each: exactly 10 succeed and the total is exactly 100 %', async () => {
    const headers = await superAdmin.headers();
    const replies = await Promise.all(
      unions.slice(0, 20).map((u) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/stakeholders',
          headers,
          payload: { name: u.id, bankCode: '057', accountNumber: u.accountNumber, percentage: 10 },
        }),
      ),
    );
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    for (const refused of replies.filter((r) => r.statusCode === 400)) {
      expect(refused.json().message).toBe(`percentage: ${ALLOCATION_MESSAGES.overAllocated} (0% is still free)`);
    }
    expect(await allocatedTenths()).toBe(1000);
    created = replies.filter((r) => r.statusCode === 201).map((r) => r.json().data.id as string);
  });

  it('simultaneous raises: only as many as fit succeed (10 at 1 % → 20 % each: 4 fit, 86 % in all)', async () => {
    const headers = await superAdmin.headers();
    for (const id of created) {
      const lowered = await ctx.app.inject({ method: 'PATCH', url: `/api/stakeholders/${id}`, headers, payload: { percentage: 1 } });
      expect(lowered.statusCode).toBe(201);
    }
    expect(await allocatedTenths()).toBe(100);
    const replies = await Promise.all(
      created.map((id) => ctx.app.inject({ method: 'PATCH', url: `/api/stakeholders/${id}`, headers, payload: { percentage: 20 } })),
    );
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(4);
    expect(replies.filter((r) => r.statusCode === 400)).toHaveLength(6);
    expect(await allocatedTenths()).toBe(860);
  });

  it('assignments and raises racing each other never pass 100 %', async () => {
    const headers = await superAdmin.headers();
    const creates = unions.slice(20, 30).map((u) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/stakeholders',
        headers,
        payload: { name: u.id, bankCode: '057', accountNumber: u.accountNumber, percentage: 3.3 },
      }),
    );
    const raises = created.map((id) => ctx.app.inject({ method: 'PATCH', url: `/api/stakeholders/${id}`, headers, payload: { percentage: 7.7 } }));
    const replies = await Promise.all([...creates, ...raises]);
    expect(replies.every((r) => r.statusCode === 201 || r.statusCode === 400)).toBe(true);
    const total = await allocatedTenths();
    expect(total).toBeLessThanOrEqual(1000);
    const listed = (await ctx.app.inject({ method: 'GET', url: '/api/stakeholders', headers })).json();
    expect(Math.round(listed.totalPercentage * 10)).toBe(total);
    expect(replies.filter((r) => r.statusCode === 201).length).toBeGreaterThan(0);
  });
});
