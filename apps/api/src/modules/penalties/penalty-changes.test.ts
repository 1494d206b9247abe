import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlledClock, createTestContext, type TestContext } from '../../../test/harness.ts';
import { createMotorist, session, type Session } from '../../../test/tickets.ts';

// Issue 26, "History of a motorist": GET /api/penalty-changes lists one motorist's penalty changes,
// paged, newest first, with the amounts before and after, the reason and who made each.
const clock = controlledClock('2026-07-01T09:00:00Z');
let ctx: TestContext;
let admin: Session;
let superAdmin: Session;
let motorist: Awaited<ReturnType<typeof createMotorist>>;
let other: Awaited<ReturnType<typeof createMotorist>>;

/** Looking a motorist up opens their subscription, as the penalty page does. */
async function openSubscription(userCode: string) {
  const reply = await ctx.app.inject({ method: 'POST', url: '/api/user', headers: await admin.headers(), payload: { userCode } });
  expect(reply.statusCode, reply.body).toBe(200);
}

async function setPenalty(who: Session, id: string, price: number, reason?: string) {
  clock.advance(60_000);
  const reply = await ctx.app.inject({
    method: 'POST',
    url: '/api/specificPenalty',
    headers: await who.headers(),
    payload: { id, price, ...(reason ? { reason } : {}) },
  });
  expect(reply.statusCode, reply.body).toBe(200);
}

async function changes(query: Record<string, string>, who: Session = admin) {
  const reply = await ctx.app.inject({ method: 'GET', url: `/api/penalty-changes?${new URLSearchParams(query)}`, headers: await who.headers() });
  return { status: reply.statusCode, body: reply.json() };
}

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  admin = await session(ctx, { role: 'admin' });
  superAdmin = await session(ctx, { role: 'super-admin' });
  clock.advance(1000);
  expect(
    (await ctx.app.inject({ method: 'POST', url: '/api/penalty', headers: await admin.headers(), payload: { vehicleType: 'keke', price: 1000 } })).statusCode,
  ).toBe(201);
  motorist = await createMotorist(ctx, 'keke');
  other = await createMotorist(ctx, 'keke');
  for (const { userCode } of [motorist, other]) await openSubscription(userCode);
  await setPenalty(admin, motorist.id, 2500, 'Three unpaid days at the park');
  await setPenalty(superAdmin, motorist.id, 1000);
  await setPenalty(admin, motorist.id, 0, 'Waived after review');
  await setPenalty(admin, other.id, 700, 'Not this motorist');
});
afterAll(async () => ctx.close());

describe("a motorist's penalty changes", () => {
  it('newest first: before and after in naira, the reason (or none), who changed it', async () => {
    const { status, body } = await changes({ motorist: motorist.id });
    expect(status).toBe(200);
    expect(body.paginator).toMatchObject({ total: 3, pageCount: 1, currentPage: 1 });
    expect(
      body.data.map((row: { previousAmount: number; newAmount: number; reason: string | null }) => [row.previousAmount, row.newAmount, row.reason]),
    ).toEqual([
      [1000, 0, 'Waived after review'],
      [2500, 1000, null],
      [0, 2500, 'Three unpaid days at the park'],
    ]);
    expect(body.data.map((row: { changedBy: { userCode: string } }) => row.changedBy.userCode)).toEqual([
      admin.person.userCode,
      superAdmin.person.userCode,
      admin.person.userCode,
    ]);
    expect(new Date(body.data[0].createdAt).getTime()).toBeGreaterThan(new Date(body.data[1].createdAt).getTime());
  });

  it('pages', async () => {
    const { body } = await changes({ motorist: motorist.id, limit: '2', page: '2' });
    expect(body.data).toHaveLength(1);
    expect(body.data[0].reason).toBe('Three unpaid days at the park');
    expect(body.paginator).toMatchObject({ total: 3, pageCount: 2, currentPage: 2 });
  });

  it('a motorist never changed has none; motorist is required and must be an id', async () => {
    const untouched = await createMotorist(ctx, 'keke');
    expect((await changes({ motorist: untouched.id })).body).toMatchObject({ data: [], paginator: { total: 0 } });
    for (const query of [{}, { motorist: 'abc' }] as Record<string, string>[]) {
      const bad = await changes(query);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('motorist must be a valid id');
    }
  });

  it('is for staff who manage penalties only', async () => {
    for (const role of ['user', 'remitter', 'registrar'] as const) {
      const caller = await session(ctx, { role });
      expect((await changes({ motorist: motorist.id }, caller)).status, role).toBe(403);
    }
  });
});
