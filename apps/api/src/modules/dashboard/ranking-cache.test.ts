import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlledClock, createTestContext, type TestContext } from '../../../test/harness.ts';
import { createMotorist, session, type Session } from '../../../test/tickets.ts';
import { RANKING_TTL_MS } from './service.ts';

// In production a ranking of top agents is reused for a minute per range and search; every other
// figure of the same dashboard stays live.
const clock = controlledClock('2026-06-10T09:00:00Z');
let ctx: TestContext;
let admin: Session;
let enforcer: Session;
let motorist: Awaited<ReturnType<typeof createMotorist>>;

beforeAll(async () => {
  ctx = await createTestContext({ clock, rankingTtlMs: RANKING_TTL_MS, scanRepeatMinutes: 0 });
  admin = await session(ctx, { role: 'admin' });
  enforcer = await session(ctx, { role: 'enforcer' });
  motorist = await createMotorist(ctx, 'keke');
});
afterAll(async () => ctx.close());

async function scan() {
  const reply = await ctx.app.inject({ method: 'POST', url: '/api/field/scan', headers: await enforcer.headers(), payload: { userCode: motorist.userCode } });
  expect(reply.statusCode, reply.body).toBe(201);
}

async function enforcerDashboard() {
  const reply = await ctx.app.inject({
    method: 'GET',
    url: '/api/enforcerdashboard?startDate=2026-06-01&endDate=2026-06-30',
    headers: await admin.headers(),
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return (reply.json() as { data: { topAgents: Array<{ value: number }>; scans: { total: number } } }).data;
}

describe('top agents ranking reuse', () => {
  it('reuses a ranking for a minute, then ranks afresh', async () => {
    await scan();
    expect((await enforcerDashboard()).topAgents.map((a) => a.value)).toEqual([1]);

    clock.advance(RANKING_TTL_MS - 1000);
    await scan();
    const withinAMinute = await enforcerDashboard();
    expect(withinAMinute.topAgents.map((a) => a.value)).toEqual([1]);
    expect(withinAMinute.scans.total).toBe(2);

    clock.advance(1000);
    expect((await enforcerDashboard()).topAgents.map((a) => a.value)).toEqual([2]);
  });
});
