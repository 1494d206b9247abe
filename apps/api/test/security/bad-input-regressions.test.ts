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

describe('a list date bound a JavaScript Date holds but PostgreSQL does not', () => {
  it('is a 400 naming the field, not a 500', async () => {
    const lists = ['/api/admin/user', '/api/motorist/user', '/api/agent/user?role=registrar', '/api/scan', '/api/sub-history', '/api/penalty-history'];
    for (const list of lists) {
      for (const bound of ['startDate', 'endDate']) {
        for (const date of ['+275760-09-13', '-271821-04-20', '99999', '1e3', '0001-01-01']) {
          const url = `${list}${list.includes('?') ? '&' : '?'}${bound}=${encodeURIComponent(date)}`;
          const reply = await ctx.app.inject({ method: 'GET', url, headers });
          expectBadRequest(reply, url);
          expect(reply.json().message, url).toContain(bound);
        }
      }
    }
  });

  it('still takes a calendar date or a timestamp', async () => {
    for (const query of [
      'startDate=2026-01-01&endDate=2026-01-31',
      'startDate=2026-01-01T09:00:00Z',
      'endDate=2026-01-01T09:00:00%2B01:00',
      'endDate=9999-12-31',
    ]) {
      const reply = await ctx.app.inject({ method: 'GET', url: `/api/motorist/user?${query}`, headers });
      expect(reply.statusCode, query).toBe(200);
    }
  });
});
