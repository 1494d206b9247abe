import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_MESSAGES } from '@eticket/contracts';
import { controlledClock, createTestContext, type TestContext } from '../../../test/harness.ts';
import { createMotorist, newKey, session, setGraceDays, type Session } from '../../../test/tickets.ts';

// The whole lifecycle through the API, with a clock the test moves (Lagos is UTC+1).
const clock = controlledClock('2026-01-10T09:00:00Z');
let ctx: TestContext;
let admin: Session;
let enforcer: Session;
let remitter: Session;
let motorist: Awaited<ReturnType<typeof createMotorist>>;
const plans: Record<string, string> = {};

beforeAll(async () => {
  // Several scans of one vehicle by one agent here are each counted (SCAN_REPEAT_MINUTES has its own tests).
  ctx = await createTestContext({ clock, scanRepeatMinutes: 0 });
  admin = await session(ctx, { role: 'admin' });
  enforcer = await session(ctx, { role: 'enforcer' });
  remitter = await session(ctx, { role: 'remitter' });
  for (const [name, price] of [
    ['weekly', 1000],
    ['monthly', 4000],
  ] as const) {
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscription',
      headers: await admin.headers(),
      payload: { name, vehicleType: 'keke', price },
    });
    plans[name] = reply.json().data.id;
  }
  await ctx.app.inject({ method: 'POST', url: '/api/penalty', headers: await admin.headers(), payload: { vehicleType: 'keke', price: 500 } });
  motorist = await createMotorist(ctx, 'keke');
});
afterAll(async () => ctx.close());

async function scan() {
  const reply = await ctx.app.inject({ method: 'POST', url: '/api/field/scan', headers: await enforcer.headers(), payload: { userCode: motorist.userCode } });
  expect(reply.statusCode).toBe(201);
  return reply.json().data;
}

async function pay(plan: 'weekly' | 'monthly') {
  const reply = await ctx.app.inject({
    method: 'POST',
    url: '/api/field/subscription-payment',
    headers: await remitter.headers({ 'idempotency-key': newKey() }),
    payload: { userCode: motorist.userCode, subscriptionId: plans[plan], modeOfPayment: 'transfer', bankName: 'access bank', reference: newKey() },
  });
  expect(reply.statusCode).toBe(201);
  return reply.json().data.ticketSubscription;
}

async function act(action: 'pause' | 'resume', id: string, who: Session = admin) {
  return ctx.app.inject({ method: 'PATCH', url: `/api/subscription/${action}/${id}`, headers: await who.headers() });
}

describe('the subscription lifecycle', () => {
  it('starts unpaid: it expired at registration, so it is in grace, then expired after the grace period', async () => {
    expect((await scan()).subscriptionStatus).toBe('grace');
    clock.set('2026-01-13T08:59:59.999Z');
    expect((await scan()).subscriptionStatus).toBe('grace');
    clock.set('2026-01-13T09:00:00.000Z');
    const expired = await scan();
    expect(expired.subscriptionStatus).toBe('expired');
    expect(expired.penaltyAdded).toBe(500);
  });

  it('a payment extends from now when expired, and adds to accumulated and accumulatedAmount', async () => {
    const view = await pay('weekly');
    expect(view).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionExpiryDate: '2026-01-20T09:00:00.000Z',
      graceEndsAt: '2026-01-23T09:00:00.000Z',
      accumulated: 1,
      accumulatedAmount: 1000,
      outstandingPayment: 500,
      renewedAt: '2026-01-13T09:00:00.000Z',
      createdAt: '2026-01-13T09:00:00.000Z',
      subscription: { id: plans.weekly, name: 'weekly', vehicleType: 'keke', price: 1000 },
    });
  });

  it('a payment before expiry extends from the expiry (calendar month in Lagos)', async () => {
    clock.set('2026-01-15T12:00:00Z');
    const view = await pay('monthly');
    expect(view).toMatchObject({ subscriptionExpiryDate: '2026-02-20T09:00:00.000Z', accumulated: 2, accumulatedAmount: 5000 });
  });

  it('is active until the expiry, grace from the expiry for 3 days, then expired', async () => {
    clock.set('2026-02-20T08:59:59.999Z');
    expect((await scan()).subscriptionStatus).toBe('active');
    clock.set('2026-02-20T09:00:00.000Z');
    const grace = await scan();
    expect(grace.subscriptionStatus).toBe('grace');
    expect(grace.penaltyAdded).toBe(0);
    clock.set('2026-02-23T08:59:59.999Z');
    expect((await scan()).subscriptionStatus).toBe('grace');
    clock.set('2026-02-23T09:00:00.000Z');
    expect((await scan()).subscriptionStatus).toBe('expired');
  });

  it('pause freezes the remaining time, resume restores it', async () => {
    clock.set('2026-03-01T10:00:00Z');
    await pay('weekly'); // expires 2026-03-08T10:00Z: 7 days left
    clock.set('2026-03-03T10:00:00Z'); // 5 days left
    const paused = await act('pause', motorist.id); // by the motorist's id
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({
      message: TICKET_MESSAGES.paused,
      data: { subscriptionStatus: 'paused', subscriptionExpiryDate: '2026-03-08T10:00:00.000Z', pausedAt: '2026-03-03T10:00:00.000Z' },
    });
    const subscriptionId = paused.json().data.id;
    expect((await act('pause', subscriptionId)).statusCode).toBe(409);

    // Long past the old expiry and grace: still paused, no penalty, 5 days still left.
    clock.set('2026-04-20T10:00:00Z');
    const whilePaused = await scan();
    expect(whilePaused).toMatchObject({ subscriptionStatus: 'paused', penaltyAdded: 0 });
    expect(whilePaused.ticketSubscription.subscriptionExpiryDate).toBe('2026-04-25T10:00:00.000Z');

    const resumed = await act('resume', subscriptionId);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toMatchObject({
      message: TICKET_MESSAGES.resumed,
      data: { subscriptionStatus: 'active', subscriptionExpiryDate: '2026-04-25T10:00:00.000Z', pausedAt: null },
    });
    const again = await act('resume', subscriptionId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TICKET_MESSAGES.notPaused);

    clock.set('2026-04-25T09:59:59.999Z');
    expect((await scan()).subscriptionStatus).toBe('active');
    clock.set('2026-04-25T10:00:00.000Z');
    expect((await scan()).subscriptionStatus).toBe('grace');
    clock.set('2026-04-28T10:00:00.000Z');
    expect((await scan()).subscriptionStatus).toBe('expired');
  });

  it('a payment while paused extends the frozen time and stays paused', async () => {
    clock.set('2026-05-01T10:00:00Z'); // expired; pausing keeps it past its expiry by 6 days
    const subscriptionId = (await act('pause', motorist.id)).json().data.id;
    const view = await pay('weekly');
    expect(view).toMatchObject({ subscriptionStatus: 'paused', subscriptionExpiryDate: '2026-05-08T10:00:00.000Z' });
    clock.set('2026-06-01T10:00:00Z');
    const resumed = (await act('resume', subscriptionId)).json().data;
    expect(resumed).toMatchObject({ subscriptionStatus: 'active', subscriptionExpiryDate: '2026-06-08T10:00:00.000Z' });
  });

  it('follows the grace period setting', async () => {
    await setGraceDays(ctx, 0);
    clock.set('2026-06-08T10:00:00Z');
    expect((await scan()).subscriptionStatus).toBe('expired');
    await setGraceDays(ctx, 3);
    expect((await scan()).subscriptionStatus).toBe('grace');
  });

  it('lets only super-admin and admin pause and resume, and answers 404 for no subscription', async () => {
    const superAdmin = await session(ctx, { role: 'super-admin' });
    const manager = await session(ctx, { role: 'manager', department: 'enforcer-manager' });
    const registrar = await session(ctx, { role: 'registrar' });
    expect((await act('pause', motorist.id, manager)).statusCode).toBe(403);
    expect((await act('pause', motorist.id, registrar)).statusCode).toBe(403);
    expect((await act('pause', motorist.id, enforcer)).statusCode).toBe(403);
    expect((await act('pause', motorist.id, superAdmin)).statusCode).toBe(200);
    expect((await act('resume', motorist.id, superAdmin)).statusCode).toBe(200);
    expect((await act('pause', '7f0c6f5e-8a53-4d0c-9d8e-1c2b3a4d5e6f')).statusCode).toBe(404);
  });
});
