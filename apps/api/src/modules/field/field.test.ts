import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, TICKET_MESSAGES } from '@eticket/contracts';
import { controlledClock, createPerson, createTestContext, signIn, type TestContext } from '../../../test/harness.ts';
import { createMotorist, newKey, session, type Session } from '../../../test/tickets.ts';
import { idempotencyKeys, penaltyPayments, scans, subscriptionPayments, ticketSubscriptions, users } from '../../db/schema.ts';

const clock = controlledClock('2026-05-01T09:00:00Z');
let ctx: TestContext;
let admin: Session;
let enforcer: Session;
let remitter: Session;
const plans: Record<string, string> = {};

beforeAll(async () => {
  // Every scan counts here (these are about the penalty's day and concurrency); field-review.test.ts has the repeats.
  ctx = await createTestContext({ clock, scanRepeatMinutes: 0 });
  admin = await session(ctx, { role: 'admin' });
  enforcer = await session(ctx, { role: 'enforcer', fullName: 'emeka enforcer' });
  remitter = await session(ctx, { role: 'remitter', fullName: 'rita remitter' });
  for (const [name, vehicleType, price] of [
    ['weekly', 'keke', 1000],
    ['daily', 'bus', 250.5],
  ] as const) {
    const reply = await ctx.app.inject({ method: 'POST', url: '/api/subscription', headers: await admin.headers(), payload: { name, vehicleType, price } });
    plans[`${name}-${vehicleType}`] = reply.json().data.id;
  }
  await ctx.app.inject({ method: 'POST', url: '/api/penalty', headers: await admin.headers(), payload: { vehicleType: 'keke', price: 500 } });
  await ctx.app.inject({ method: 'POST', url: '/api/penalty', headers: await admin.headers(), payload: { vehicleType: 'bus', price: 1000 } });
});
afterAll(async () => ctx.close());

const scan = async (userCode: string, who: Session = enforcer) =>
  ctx.app.inject({ method: 'POST', url: '/api/field/scan', headers: await who.headers(), payload: { userCode } });

const paySubscription = async (payload: Record<string, unknown>, key: string | null = newKey(), who: Session = remitter) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/field/subscription-payment',
    headers: await who.headers(key === null ? {} : { 'idempotency-key': key }),
    payload,
  });

const payPenalty = async (payload: Record<string, unknown>, key: string | null = newKey(), who: Session = remitter) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/field/penalty-payment',
    headers: await who.headers(key === null ? {} : { 'idempotency-key': key }),
    payload,
  });

async function subscriptionOf(motoristId: string) {
  const [row] = await ctx.database.db.select().from(ticketSubscriptions).where(eq(ticketSubscriptions.userId, motoristId));
  return row;
}
async function countOf(table: typeof scans | typeof subscriptionPayments | typeof penaltyPayments, motoristId: string) {
  const [{ value }] = await ctx.database.db.select({ value: count() }).from(table).where(eq(table.motoristId, motoristId));
  return value;
}

/** A keke motorist whose subscription expired past its grace period (registered 10 days before now). */
async function expiredMotorist(vehicleType: 'keke' | 'bus' = 'keke') {
  const now = clock.now();
  clock.set(new Date(now.getTime() - 10 * 24 * 3600_000));
  const motorist = await createMotorist(ctx, vehicleType);
  clock.set(now);
  return motorist;
}

describe('POST /api/field/scan', () => {
  it('answers the motorist, vehicle, status and outstanding payment, and writes the scan as it stood', async () => {
    const motorist = await createMotorist(ctx, 'bus', { fullName: 'bola bus' });
    const reply = await scan(` ${motorist.userCode.toUpperCase()} `);
    expect(reply.statusCode).toBe(201);
    const body = reply.json();
    expect(body.message).toBe(TICKET_MESSAGES.scanRecorded);
    expect(body.data).toMatchObject({
      motorist: { id: motorist.id, userCode: motorist.userCode, fullName: 'bola bus' },
      vehicle: { plateNumber: motorist.plateNumber, vehicleType: 'bus' },
      subscriptionStatus: 'grace',
      outstandingPayment: 0,
      penaltyAdded: 0,
    });
    const [row] = await ctx.database.db.select().from(scans).where(eq(scans.id, body.data.scanId));
    expect(row).toMatchObject({ motoristId: motorist.id, vehicleType: 'bus', subscriptionStatus: 'grace', outstandingKobo: 0, penaltyDay: null });
  });

  it("never gives the enforcer the motorist's phone, email, address or ID (issue 46), first answer or repeat", async () => {
    const motorist = await createMotorist(ctx, 'keke', { phone: '0803 555 0146' });
    const key = newKey();
    const send = async () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/field/scan',
        headers: await enforcer.headers({ 'idempotency-key': key }),
        payload: { userCode: motorist.userCode },
      });
    for (const reply of [await send(), await send()]) {
      expect(reply.statusCode, reply.body).toBe(201);
      expect(Object.keys(reply.json().data.motorist).sort()).toEqual(['_id', 'fullName', 'id', 'registrationStatus', 'userCode']);
      expect(reply.body).not.toMatch(/5550146|phone|email|address/i);
    }
  });

  it('adds the penalty charge to an expired subscription once per Lagos day', async () => {
    const motorist = await expiredMotorist();
    const scanAt = async (iso: string) => {
      clock.set(iso);
      const reply = await scan(motorist.userCode);
      expect(reply.statusCode).toBe(201);
      return reply.json().data as { penaltyAdded: number; outstandingPayment: number; subscriptionStatus: string };
    };
    // 23:30 on 1 May in Lagos
    expect(await scanAt('2026-05-01T22:30:00Z')).toMatchObject({ subscriptionStatus: 'expired', penaltyAdded: 500, outstandingPayment: 500 });
    // 23:59:59.999, still 1 May in Lagos (though 2 May has not begun in UTC either way)
    expect(await scanAt('2026-05-01T22:59:59.999Z')).toMatchObject({ penaltyAdded: 0, outstandingPayment: 500 });
    // midnight in Lagos: 2 May, though still 1 May in UTC
    expect(await scanAt('2026-05-01T23:00:00.000Z')).toMatchObject({ penaltyAdded: 500, outstandingPayment: 1000 });
    expect(await scanAt('2026-05-02T22:59:00.000Z')).toMatchObject({ penaltyAdded: 0, outstandingPayment: 1000 });
    expect(await scanAt('2026-05-03T08:00:00.000Z')).toMatchObject({ penaltyAdded: 500, outstandingPayment: 1500 });

    expect(await countOf(scans, motorist.id)).toBe(5);
    expect((await subscriptionOf(motorist.id)).outstandingPenaltyKobo).toBe(150000);
    const days = await ctx.database.db.select({ day: scans.penaltyDay }).from(scans).where(eq(scans.motoristId, motorist.id));
    expect(
      days
        .map((d) => d.day)
        .filter(Boolean)
        .sort(),
    ).toEqual(['2026-05-01', '2026-05-02', '2026-05-03']);
    clock.set('2026-05-03T09:00:00Z');
  });

  it('adds the penalty once when 20 scans of one motorist arrive at the same moment', async () => {
    const motorist = await expiredMotorist('bus');
    const replies = await Promise.all(Array.from({ length: 20 }, () => scan(motorist.userCode)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(replies.filter((r) => r.json().data.penaltyAdded === 1000)).toHaveLength(1);
    expect(await countOf(scans, motorist.id)).toBe(20);
    expect((await subscriptionOf(motorist.id)).outstandingPenaltyKobo).toBe(100000);
  });

  it('answers 404 for an unknown Unique ID and a 400 asking for the plate or Unique ID when neither is sent', async () => {
    const unknown = await scan('nobody1234');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(FIELD_MESSAGES.noMotoristForQuery);
    const staff = await scan(remitter.person.userCode);
    expect(staff.statusCode).toBe(404);
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/field/scan', headers: await enforcer.headers(), payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Enter the motorist’s plate or Unique ID');
    expect(missing.json().errors).toEqual([{ field: 'userCode', message: 'Enter the motorist’s plate or Unique ID' }]);
  });
});

describe('POST /api/field/subscription-payment', () => {
  it('records a successful payment at the plan price, in naira with kobo kept exactly', async () => {
    const motorist = await createMotorist(ctx, 'bus');
    const reply = await paySubscription({
      userCode: motorist.userCode,
      subscriptionId: plans['daily-bus'],
      modeOfPayment: 'POS',
      bankName: 'GTBank',
      reference: 'POS 0001',
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.headers['idempotent-replayed']).toBe('false');
    expect(reply.json()).toMatchObject({
      message: TICKET_MESSAGES.subscriptionPaymentRecorded,
      data: {
        payment: {
          bankName: 'gtbank',
          modeOfPayment: 'pos',
          reference: 'POS 0001',
          motorist: { _id: motorist.id, uniqueId: motorist.userCode },
          subscription: { _id: plans['daily-bus'], name: 'daily', vehicleType: 'bus' },
          amount: 250.5,
          status: 'success',
          addedBy: { id: remitter.person.id, fullName: 'rita remitter', userCode: remitter.person.userCode },
        },
        ticketSubscription: { subscriptionStatus: 'active', accumulated: 1, accumulatedAmount: 250.5 },
      },
    });
    expect((await subscriptionOf(motorist.id)).accumulatedAmountKobo).toBe(25050);
  });

  it.each<[Record<string, string | undefined>, number, string]>([
    [{ subscriptionId: 'daily-bus' }, 400, "subscriptionId names a bus plan; this motorist's vehicle is a keke"],
    [{ subscriptionId: '7f0c6f5e-8a53-4d0c-9d8e-1c2b3a4d5e6f' }, 404, 'No plan has that subscriptionId'],
    [{ subscriptionId: 'nope' }, 400, 'subscriptionId must be a valid id'],
    [{ modeOfPayment: 'cheque' }, 400, 'modeOfPayment must be one of cash, transfer, pos, card'],
    [{ modeOfPayment: 'transfer', bankName: undefined }, 400, 'bankName is required unless modeOfPayment is cash'],
    [{ userCode: 'nobody1234' }, 404, 'No motorist has that plate or Unique ID'],
    [{ userCode: undefined, plateNumber: 'NO 000 NE' }, 404, 'No motorist has that plate or Unique ID'],
  ])('refuses %j with %i', async (change, status, message) => {
    const motorist = await createMotorist(ctx, 'keke');
    const requested = change.subscriptionId;
    const subscriptionId = requested === undefined ? plans['weekly-keke'] : (plans[requested] ?? requested);
    const reply = await paySubscription({
      userCode: motorist.userCode,
      modeOfPayment: 'transfer',
      bankName: 'access',
      reference: newKey(),
      ...change,
      subscriptionId,
    });
    expect(reply.statusCode).toBe(status);
    expect(reply.json().message).toBe(message);
    expect(await countOf(subscriptionPayments, motorist.id)).toBe(0);
  });

  it('requires an Idempotency-Key header', async () => {
    const motorist = await createMotorist(ctx, 'keke');
    const reply = await paySubscription({ userCode: motorist.userCode, subscriptionId: plans['weekly-keke'], modeOfPayment: 'cash' }, null);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(TICKET_MESSAGES.idempotencyKeyRequired);
    const blank = await paySubscription({ userCode: motorist.userCode, subscriptionId: plans['weekly-keke'], modeOfPayment: 'cash' }, '  ');
    expect(blank.statusCode).toBe(400);
  });

  it('answers a repeat of a key with the first result and records nothing new; another body with that key is refused', async () => {
    const motorist = await createMotorist(ctx, 'keke');
    const key = newKey();
    const body = { userCode: motorist.userCode, subscriptionId: plans['weekly-keke'], modeOfPayment: 'cash' };
    const first = await paySubscription(body, key);
    clock.advance(60_000);
    const repeat = await paySubscription(body, key);
    expect(repeat.statusCode).toBe(201);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.json()).toEqual(first.json());
    const other = await paySubscription({ ...body, modeOfPayment: 'pos', bankName: 'uba', reference: 'UBA-1' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(TICKET_MESSAGES.idempotencyKeyReused);
    const asPenalty = await payPenalty({ userCode: motorist.userCode, amount: 1, modeOfPayment: 'cash' }, key);
    expect(asPenalty.statusCode).toBe(422);
    expect(await countOf(subscriptionPayments, motorist.id)).toBe(1);
    expect((await subscriptionOf(motorist.id)).accumulated).toBe(1);
  });

  it('records exactly one payment when 50 repeats of one payment arrive at the same moment', async () => {
    const motorist = await createMotorist(ctx, 'keke');
    const key = newKey();
    const headers = await remitter.headers({ 'idempotency-key': key });
    const payload = { userCode: motorist.userCode, subscriptionId: plans['weekly-keke'], modeOfPayment: 'transfer', bankName: 'zenith', reference: newKey() };
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => ctx.app.inject({ method: 'POST', url: '/api/field/subscription-payment', headers, payload })),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const bodies = new Set(replies.map((r) => r.body));
    expect(bodies.size).toBe(1);
    expect(replies.filter((r) => r.headers['idempotent-replayed'] === 'false')).toHaveLength(1);
    expect(await countOf(subscriptionPayments, motorist.id)).toBe(1);
    const subscription = await subscriptionOf(motorist.id);
    expect(subscription.accumulated).toBe(1);
    expect(subscription.accumulatedAmountKobo).toBe(100000);
    const [{ value: keys }] = await ctx.database.db.select({ value: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(keys).toBe(1);
  });

  it('records every payment when 10 different payments for one motorist arrive at the same moment', async () => {
    const motorist = await createMotorist(ctx, 'keke');
    const payload = { userCode: motorist.userCode, subscriptionId: plans['weekly-keke'], modeOfPayment: 'cash' };
    const replies = await Promise.all(Array.from({ length: 10 }, () => paySubscription(payload)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const subscription = await subscriptionOf(motorist.id);
    expect(subscription.accumulated).toBe(10);
    expect(subscription.accumulatedAmountKobo).toBe(1_000_000);
    // Ten weeks from now, each extending the one before.
    expect(subscription.expiresAt.getTime() - clock.now().getTime()).toBe(70 * 24 * 3600_000);
  });
});

describe('POST /api/field/penalty-payment', () => {
  it('lowers the outstanding payment; more than is owed is refused; paying it all leaves 0', async () => {
    const motorist = await expiredMotorist();
    await scan(motorist.userCode); // owes 500
    const over = await payPenalty({ userCode: motorist.userCode, amount: 500.01, modeOfPayment: 'cash' });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('amount is more than the outstanding penalty of ₦500.00');

    const part = await payPenalty({ userCode: motorist.userCode, amount: 199.99, modeOfPayment: 'transfer', bankName: 'opay', reference: newKey() });
    expect(part.statusCode).toBe(201);
    expect(part.json()).toMatchObject({
      message: TICKET_MESSAGES.penaltyPaymentRecorded,
      data: { payment: { amount: 199.99, subscription: { name: null, vehicleType: 'keke' } }, ticketSubscription: { outstandingPayment: 300.01 } },
    });
    const rest = await payPenalty({ userCode: motorist.userCode, amount: 300.01, modeOfPayment: 'cash' });
    expect(rest.json().data.ticketSubscription.outstandingPayment).toBe(0);
    const none = await payPenalty({ userCode: motorist.userCode, amount: 1, modeOfPayment: 'cash' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('amount: this motorist owes no penalty');
    expect(await countOf(penaltyPayments, motorist.id)).toBe(2);
    expect((await subscriptionOf(motorist.id)).outstandingPenaltyKobo).toBe(0);
  });

  it.each<[Record<string, unknown>, string]>([
    [{ amount: 0 }, 'amount must be more than 0'],
    [{ amount: 1.001 }, 'amount must be an amount in naira with at most 2 decimals'],
    [{ amount: undefined }, 'amount is required'],
  ])('refuses %j with 400 naming the field', async (change, message) => {
    const motorist = await createMotorist(ctx, 'keke');
    const reply = await payPenalty({ userCode: motorist.userCode, amount: 5, modeOfPayment: 'cash', ...change });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(message);
  });

  it('records exactly one payment when 50 repeats of one penalty payment arrive at the same moment', async () => {
    const motorist = await expiredMotorist();
    await scan(motorist.userCode); // owes 500
    const headers = await remitter.headers({ 'idempotency-key': newKey() });
    const payload = { userCode: motorist.userCode, amount: 100, modeOfPayment: 'cash' };
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => ctx.app.inject({ method: 'POST', url: '/api/field/penalty-payment', headers, payload })),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    expect(new Set(replies.map((r) => r.body)).size).toBe(1);
    expect(await countOf(penaltyPayments, motorist.id)).toBe(1);
    expect((await subscriptionOf(motorist.id)).outstandingPenaltyKobo).toBe(40000);
  });
});

describe('who may make field calls', () => {
  it('only enforcers scan and only remitters take payments', async () => {
    const motorist = await createMotorist(ctx, 'keke');
    const manager = await session(ctx, { role: 'manager', department: 'enforcer-manager' });
    const registrar = await session(ctx, { role: 'registrar' });
    const motoristSession = await session(ctx, { role: 'motorist' });
    for (const who of [remitter, admin, manager, registrar, motoristSession]) {
      expect((await scan(motorist.userCode, who)).statusCode, who.person.role).toBe(403);
    }
    const payment = { userCode: motorist.userCode, subscriptionId: plans['weekly-keke'], modeOfPayment: 'cash' };
    for (const who of [enforcer, admin, manager, registrar, motoristSession]) {
      expect((await paySubscription(payment, newKey(), who)).statusCode, who.person.role).toBe(403);
      expect((await payPenalty({ userCode: motorist.userCode, amount: 1, modeOfPayment: 'cash' }, newKey(), who)).statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ method: 'POST', url: '/api/field/scan', payload: { userCode: motorist.userCode } })).statusCode).toBe(401);
    expect(await countOf(subscriptionPayments, motorist.id)).toBe(0);
    expect(await countOf(scans, motorist.id)).toBe(0);
  });

  it('refuses agents that are not approved', async () => {
    const pending = await createPerson(ctx, { role: 'enforcer', registrationStatus: 'pending' });
    const login = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { userCode: pending.email, password: pending.password } });
    expect(login.statusCode).toBe(403);

    const suspended = await createPerson(ctx, { role: 'remitter' });
    const token = await signIn(ctx, suspended.email);
    await ctx.database.db.update(users).set({ registrationStatus: 'suspended' }).where(eq(users.id, suspended.id));
    const motorist = await createMotorist(ctx, 'keke');
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/field/penalty-payment',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': newKey() },
      payload: { userCode: motorist.userCode, amount: 1, modeOfPayment: 'cash' },
    });
    expect(reply.statusCode).toBe(401);
  });
});
