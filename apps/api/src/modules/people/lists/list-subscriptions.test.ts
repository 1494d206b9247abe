import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlledClock, createTestContext, type TestContext } from '../../../../test/harness.ts';
import { createMotorist, newKey, session, setGraceDays, type Session } from '../../../../test/tickets.ts';

// A motorists page reads each subscription in the page's own statement (subscriptionColumns): it must
// show what the subscription's own read (a person's details) shows.
const clock = controlledClock('2026-05-01T09:00:00Z');
let ctx: TestContext;
let admin: Session;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
  admin = await session(ctx, { role: 'admin' });
});
afterAll(async () => ctx.close());

async function listed(id: string) {
  const reply = await ctx.app.inject({ method: 'GET', url: '/api/motorist/user?limit=50', headers: await admin.headers() });
  expect(reply.statusCode).toBe(200);
  return reply.json().data.find((person: { id: string }) => person.id === id).ticketSubscription;
}
async function detailed(id: string) {
  const reply = await ctx.app.inject({ method: 'GET', url: `/api/user/${id}/details`, headers: await admin.headers() });
  expect(reply.statusCode).toBe(200);
  return reply.json().data.ticketSubscription;
}

describe("a motorists page's subscriptions", () => {
  it('match the subscription read on its own: paid, paused, with a penalty, under a changed grace period', async () => {
    const remitter = await session(ctx, { role: 'remitter' });
    const enforcer = await session(ctx, { role: 'enforcer' });
    const planReply = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscription',
      headers: await admin.headers(),
      payload: { name: 'weekly', vehicleType: 'keke', price: 1500.5 },
    });
    await ctx.app.inject({ method: 'POST', url: '/api/penalty', headers: await admin.headers(), payload: { vehicleType: 'keke', price: 700 } });
    const motorist = await createMotorist(ctx, 'keke');
    const unpaid = await createMotorist(ctx, 'keke');

    const pay = await ctx.app.inject({
      method: 'POST',
      url: '/api/field/subscription-payment',
      headers: await remitter.headers({ 'idempotency-key': newKey() }),
      payload: { userCode: motorist.userCode, subscriptionId: planReply.json().data.id, modeOfPayment: 'cash' },
    });
    expect(pay.statusCode).toBe(201);
    const paid = await detailed(motorist.id);
    expect(paid.subscription).toMatchObject({ name: 'weekly' });
    expect(await listed(motorist.id)).toEqual(paid);

    await detailed(unpaid.id); // opens a subscription for a motorist who had none
    clock.advance(30 * 24 * 3600_000);
    const scan = await ctx.app.inject({ method: 'POST', url: '/api/field/scan', headers: await enforcer.headers(), payload: { userCode: unpaid.userCode } });
    expect(scan.statusCode).toBe(201);
    const penalised = await detailed(unpaid.id);
    expect(penalised.outstandingPayment).toBe(700);
    expect(await listed(unpaid.id)).toEqual(penalised);

    clock.advance(-29 * 24 * 3600_000);
    const paused = await ctx.app.inject({ method: 'PATCH', url: `/api/subscription/pause/${paid.id}`, headers: await admin.headers() });
    expect(paused.statusCode).toBe(200);
    const pausedView = await detailed(motorist.id);
    expect(pausedView.subscriptionStatus).toBe('paused');
    expect(await listed(motorist.id)).toEqual(pausedView);

    await setGraceDays(ctx, 9);
    const longerGrace = await detailed(unpaid.id);
    expect(longerGrace.graceEndsAt).not.toBe(penalised.graceEndsAt);
    expect(await listed(unpaid.id)).toEqual(longerGrace);
  });
});
