import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_MESSAGES } from '@eticket/contracts';
import { controlledClock, createTestContext, type TestContext } from '../../../test/harness.ts';
import { sqlBuiltBy } from '../../../test/sql-builds.ts';
import { multipartForm, png } from '../../../test/images.ts';
import { createMotorist, newKey, session, type Session } from '../../../test/tickets.ts';
import { penaltyAdjustments, ticketSubscriptions } from '../../db/schema.ts';
import { createPenaltiesRepository } from './repository.ts';

const clock = controlledClock('2026-07-01T09:00:00Z');
let ctx: TestContext;
let admin: Session;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
  admin = await session(ctx, { role: 'admin' });
});
afterAll(async () => ctx.close());

const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, who: Session = admin) =>
  ctx.app.inject({ method, url, headers: await who.headers(), payload: payload as never });

describe('penalty charges', () => {
  it('creates one charge per vehicle type (201), lists them, and refuses a second for a type with 409', async () => {
    const keke = await call('POST', '/api/penalty', { vehicleType: 'Keke', price: '500' });
    expect(keke.statusCode).toBe(201);
    expect(keke.json()).toMatchObject({ message: TICKET_MESSAGES.penaltyCreated, data: { vehicleType: 'keke', price: 500 } });
    expect((await call('POST', '/api/penalty', { vehicleType: 'bus', price: 1000.5 })).statusCode).toBe(201);
    const again = await call('POST', '/api/penalty', { vehicleType: 'keke', price: 700 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A penalty charge for keke already exists');
    const list = await call('GET', '/api/penalty');
    expect(list.json().data.map((c: { vehicleType: string; price: number }) => [c.vehicleType, c.price])).toEqual([
      ['bus', 1000.5],
      ['keke', 500],
    ]);
  });

  it('updates a charge; moving it onto a type that has one is refused', async () => {
    const [bus] = (await call('GET', '/api/penalty')).json().data;
    const updated = await call('PATCH', `/api/penalty/${bus.id}`, { vehicleType: 'bus', price: 1200 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ message: TICKET_MESSAGES.penaltyUpdated, data: { id: bus.id, price: 1200 } });
    expect((await call('PATCH', `/api/penalty/${bus.id}`, { vehicleType: 'keke' })).statusCode).toBe(409);
    expect((await call('PATCH', '/api/penalty/7f0c6f5e-8a53-4d0c-9d8e-1c2b3a4d5e6f', { price: 1 })).statusCode).toBe(404);
  });

  it.each([
    [{ price: 100 }, 'vehicleType is required'],
    [{ vehicleType: 'bike' }, 'price is required'],
    [{ vehicleType: 'bike', price: '' }, 'price is required'],
    [{ vehicleType: 'bike', price: 99.999 }, 'price must be an amount in naira with at most 2 decimals'],
  ])('refuses %j with 400 naming the field', async (payload, message) => {
    const reply = await call('POST', '/api/penalty', payload);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(message);
  });

  it('lets field agents read charges; only super-admin and admin change them', async () => {
    const enforcer = await session(ctx, { role: 'enforcer' });
    const manager = await session(ctx, { role: 'manager', department: 'enforcer-manager' });
    expect((await call('GET', '/api/penalty', undefined, enforcer)).statusCode).toBe(200);
    expect((await call('GET', '/api/penalty', undefined, manager)).statusCode).toBe(403);
    expect((await call('POST', '/api/penalty', { vehicleType: 'bike', price: 1 }, enforcer)).statusCode).toBe(403);
    expect((await call('POST', '/api/penalty', { vehicleType: 'bike', price: 1 }, manager)).statusCode).toBe(403);
  });
});

describe("a motorist's penalty, from the penalty page", () => {
  it('finds the motorist by Unique ID with the subscription, and sets its outstanding penalty by subID or id', async () => {
    const motorist = await createMotorist(ctx, 'keke');
    const found = await call('POST', '/api/user', { userCode: motorist.userCode });
    expect(found.statusCode).toBe(200);
    const subscription = found.json().data.ticketSubscription;
    expect(subscription).toMatchObject({ userId: motorist.id, outstandingPayment: 0, accumulated: 0, subscriptionStatus: 'grace' });

    const set = await call('POST', '/api/specificPenalty', { subID: subscription.id, price: 2500.75 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ message: TICKET_MESSAGES.specificPenaltyUpdated, data: { id: subscription.id, outstandingPayment: 2500.75 } });
    const cleared = await call('POST', '/api/specificPenalty', { id: subscription.id, price: 0 });
    expect(cleared.json().data.outstandingPayment).toBe(0);
    // The motorist's own id names the subscription too.
    expect((await call('POST', '/api/specificPenalty', { id: motorist.id, price: '10' })).json().data.outstandingPayment).toBe(10);

    const [row] = await ctx.database.db.select().from(ticketSubscriptions).where(eq(ticketSubscriptions.id, subscription.id));
    expect(row.outstandingPenaltyKobo).toBe(1000);
    const adjustments = await ctx.database.db
      .select({ previous: penaltyAdjustments.previousKobo, next: penaltyAdjustments.newKobo, by: penaltyAdjustments.adjustedBy })
      .from(penaltyAdjustments)
      .where(eq(penaltyAdjustments.subscriptionId, subscription.id));
    expect(adjustments).toEqual([
      { previous: 0, next: 250075, by: admin.person.id },
      { previous: 250075, next: 0, by: admin.person.id },
      { previous: 0, next: 1000, by: admin.person.id },
    ]);

    // What a remitter then collects is bounded by the new amount.
    const remitter = await session(ctx, { role: 'remitter' });
    const over = await ctx.app.inject({
      method: 'POST',
      url: '/api/field/penalty-payment',
      headers: await remitter.headers({ 'idempotency-key': newKey() }),
      payload: { userCode: motorist.userCode, amount: 10.01, modeOfPayment: 'cash' },
    });
    expect(over.statusCode).toBe(400);
  });

  it.each([
    [{ price: 5 }, 'subID is required'],
    [{ subID: 'x', price: 5 }, 'subID must be a valid id'],
    [{ subID: '7f0c6f5e-8a53-4d0c-9d8e-1c2b3a4d5e6f' }, 'price is required'],
    [{ subID: '7f0c6f5e-8a53-4d0c-9d8e-1c2b3a4d5e6f', price: -1 }, 'price must not be negative'],
  ])('refuses %j with 400 naming the field', async (payload, message) => {
    const reply = await call('POST', '/api/specificPenalty', payload);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(message);
  });

  it('answers 404 for no subscription, null for people who are not motorists, and 403 to others than super-admin and admin', async () => {
    expect((await call('POST', '/api/specificPenalty', { subID: '7f0c6f5e-8a53-4d0c-9d8e-1c2b3a4d5e6f', price: 1 })).statusCode).toBe(404);
    const remitter = await session(ctx, { role: 'remitter' });
    expect((await call('POST', '/api/user', { userCode: remitter.person.userCode })).json().data.ticketSubscription).toBeNull();
    const motorist = await createMotorist(ctx, 'bus');
    for (const who of [remitter, await session(ctx, { role: 'registrar' }), await session(ctx, { role: 'manager', department: 'remitter-manager' })]) {
      expect((await call('POST', '/api/specificPenalty', { id: motorist.id, price: 1 }, who)).statusCode).toBe(403);
    }
  });
});

describe('registration opens the ticket subscription', () => {
  it('with the plan the motorist asked for, nothing paid, expiring at registration', async () => {
    await call('POST', '/api/subscription', { name: 'monthly', vehicleType: 'bike', price: 3000 });
    const plan = (await call('GET', '/api/subscription?types=bike')).json().data[0];
    const fields = {
      email: 'tolu.bike@example.test',
      password: 'a-Strong-password',
      fullName: 'tolu bike',
      phone: '08039990001',
      address: '9 herbert macaulay way',
      dob: '1991-02-03',
      route: 'yaba',
      plateNumber: 'LAG 777 BK',
      vehicleType: 'bike',
      subscription: 'monthly',
      privacyNoticeGiven: 'true',
    };
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/motorist/register',
      headers: await admin.headers(),
      payload: multipartForm(fields, { front: png(), back: png(), portraitSelfie: png('captured-image.png') }),
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const { id, userCode } = reply.json().data;
    const [opened] = await ctx.database.db.select().from(ticketSubscriptions).where(eq(ticketSubscriptions.userId, id));
    expect(opened).toMatchObject({ planId: plan.id, accumulated: 0, accumulatedAmountKobo: 0, outstandingPenaltyKobo: 0, pausedAt: null });
    expect(opened.expiresAt.toISOString()).toBe('2026-07-01T09:00:00.000Z');
    const lookup = await call('POST', '/api/user', { userCode });
    expect(lookup.json().data.ticketSubscription).toMatchObject({
      id: opened.id,
      subscriptionStatus: 'grace',
      subscriptionExpiryDate: '2026-07-01T09:00:00.000Z',
      subscription: { id: plan.id, name: 'monthly', vehicleType: 'bike', price: 3000 },
    });
  });
});

describe('the penalty charges list', () => {
  it('is built once, then only run', async () => {
    const repository = createPenaltiesRepository(ctx.database.db);
    const first = await repository.listCharges();
    const { result, statements } = await sqlBuiltBy(() => repository.listCharges());
    expect(result).toEqual(first);
    expect(statements).toBe(0);
  });
});
