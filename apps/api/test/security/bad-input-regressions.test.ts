import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, signedInPerson, type TestContext } from '../harness.ts';

/** Bad inputs the property-based walk (bad-input.test.ts) found answering 500, kept as fixed cases. */

let ctx: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  headers = (await signedInPerson(ctx, { role: 'super-admin' })).headers;
}, 60_000);
afterAll(async () => ctx.close());

const userCount = async () =>
  ((await ctx.database.db.execute(sql`SELECT count(*)::int AS n FROM users`)) as unknown as { rows: Array<{ n: number }> }).rows[0].n;

function expectBadRequest(reply: { statusCode: number; json(): { message?: string; data?: unknown } }, label: string) {
  expect(reply.statusCode, label).toBe(400);
  expect(reply.json().message, label).toBeTruthy();
  expect(reply.json().data, label).toBeUndefined();
}

describe('a NUL character (PostgreSQL refuses it in text)', () => {
  it('in a list or agent search is a 400, not a 500', async () => {
    for (const url of [
      '/api/admin/user?search=%00',
      '/api/motorist/user?search=a%00b',
      '/api/agent/user?role=registrar&search=%00',
      '/api/performingAgentChart?search=%00',
    ]) {
      expectBadRequest(await ctx.app.inject({ method: 'GET', url, headers }), url);
    }
  });

  it('in a registration is a 400 and writes nothing', async () => {
    const before = await userCount();
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/union/register',
      headers,
      payload: { email: 'nul@example.test', password: 'Sup3r-secret-pass', fullName: 'Nul\u0000Union', phone: '08031234567', role: 'keke', unionName: 'Keke' },
    });
    expect(reply.statusCode).toBeLessThan(500);
    expect(reply.statusCode).toBeGreaterThanOrEqual(400);
    expect(await userCount()).toBe(before);
  });
});
