import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signedInPerson, type TestContext } from '../../../test/harness.ts';

const TOKEN = 'scraper-token-0123456789';
let on: TestContext;
let off: TestContext;
beforeAll(async () => {
  on = await createTestContext({ metricsToken: TOKEN });
  off = await createTestContext();
});
afterAll(async () => {
  await on.close();
  await off.close();
});

const scrape = async (ctx: TestContext, authorization = `Bearer ${TOKEN}`) => ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization } });

/** The value of one series of the exposition, e.g. `name{a="1",b="2"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('is off (404, like any unknown path) without METRICS_TOKEN, whatever the caller sends', async () => {
    for (const authorization of [`Bearer ${TOKEN}`, '']) {
      const reply = await scrape(off, authorization);
      expect([reply.statusCode, reply.json()], authorization).toEqual([404, { message: 'Not found' }]);
    }
  });

  it('answers only the bearer of METRICS_TOKEN: 401 without a token, 403 with another one or a session', async () => {
    const admin = await signedInPerson(on, { role: 'super-admin' });
    expect((await scrape(on, '')).statusCode).toBe(401);
    expect((await scrape(on, `Bearer ${TOKEN}x`)).statusCode).toBe(403);
    expect((await scrape(on, admin.headers.authorization)).statusCode).toBe(403);
    const reply = await scrape(on);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(reply.headers['cache-control']).toBe('no-store');
  });

  it('counts requests and their duration by route pattern and status; unknown paths share one series', async () => {
    const person = await signedInPerson(on, { role: 'admin' });
    for (let n = 0; n < 3; n += 1) await on.app.inject({ method: 'GET', url: '/api/profile', headers: person.headers });
    await on.app.inject({ method: 'GET', url: '/api/profile' });
    for (const path of ['/api/no-such-1', '/api/no-such-2']) await on.app.inject({ method: 'GET', url: path });
    const text = (await scrape(on)).body;
    expect(sample(text, 'eticket_http_requests_total{method="GET",route="/api/profile",status="200"}')).toBe(3);
    expect(sample(text, 'eticket_http_requests_total{method="GET",route="/api/profile",status="401"}')).toBe(1);
    expect(sample(text, 'eticket_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(2);
    expect(text).not.toContain('no-such');
    expect(sample(text, 'eticket_http_request_duration_seconds_count{method="GET",route="/api/profile",status="200"}')).toBe(3);
    expect(sample(text, 'eticket_http_request_duration_seconds_sum{method="GET",route="/api/profile",status="200"}')).toBeGreaterThan(0);
    expect(sample(text, 'eticket_http_request_duration_seconds_bucket{le="10",method="GET",route="/api/profile",status="200"}')).toBe(3);
  });

  it("shows the process's memory and the database client's connections and waiters", async () => {
    const kind = on.database.kind;
    const text = (await scrape(on)).body;
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(1_000_000);
    expect(sample(text, `eticket_database_connections{database="${kind}",state="total"}`)).toBeGreaterThanOrEqual(1);
    expect(sample(text, `eticket_database_waiting{database="${kind}"}`)).toBe(0);
  });

  it('shows queries waiting while the database is busy (PGlite: its queue of turns; PostgreSQL: the pool)', async () => {
    // PGlite: 8 turns of a few tens of ms each; PostgreSQL: more sleepers than the test pool's 20 connections.
    const slow = on.database.kind === 'pglite' ? sql`SELECT count(*) FROM generate_series(1, 300000)` : sql`SELECT pg_sleep(0.5)`;
    // Promise.all starts them (drizzle's queries run when awaited).
    const busy = Promise.all(Array.from({ length: on.database.kind === 'pglite' ? 8 : 30 }, () => on.database.db.execute(slow)));
    const text = (await scrape(on)).body;
    await busy;
    expect(sample(text, `eticket_database_waiting{database="${on.database.kind}"}`)).toBeGreaterThan(0);
  });
});
