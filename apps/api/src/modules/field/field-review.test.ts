import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '@eticket/contracts';
import { controlledClock, createTestContext, type TestContext } from '../../../test/harness.ts';
import { createMotorist, newKey, session, type Session } from '../../../test/tickets.ts';
import { penaltyPayments, scans, subscriptionPayments, ticketSubscriptions, vehicles } from '../../db/schema.ts';

/**
 * Issue 48's field review: a sticker left in front of the camera was recorded three times in 4 s, and
 * a payment taken offline for a motorist found by plate was refused ("No motorist has that Unique ID
 * (userCode)") though the cash was taken.
 */
const clock = controlledClock('2026-07-01T09:00:00Z');
let ctx: TestContext;
let enforcer: Session;
let otherEnforcer: Session;
let remitter: Session;
let dailyBus = '';

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  const admin = await session(ctx, { role: 'admin' });
  enforcer = await session(ctx, { role: 'enforcer' });
  otherEnforcer = await session(ctx, { role: 'enforcer' });
  remitter = await session(ctx, { role: 'remitter' });
  const plan = await ctx.app.inject({
    method: 'POST',
    url: '/api/subscription',
    headers: await admin.headers(),
    payload: { name: 'daily', vehicleType: 'bus', price: 300 },
  });
  dailyBus = plan.json().data.id;
  await ctx.app.inject({ method: 'POST', url: '/api/penalty', headers: await admin.headers(), payload: { vehicleType: 'bus', price: 1000 } });
});
afterAll(async () => ctx.close());

const minutesFromNow = (minutes: number) => new Date(clock.now().getTime() + minutes * 60_000).toISOString();

const scan = async (payload: Record<string, unknown>, who: Session = enforcer) =>
  ctx.app.inject({ method: 'POST', url: '/api/field/scan', headers: await who.headers({ 'idempotency-key': newKey() }), payload });

const pay = async (kind: 'subscription' | 'penalty', payload: Record<string, unknown>, key = newKey()) =>
  ctx.app.inject({ method: 'POST', url: `/api/field/${kind}-payment`, headers: await remitter.headers({ 'idempotency-key': key }), payload });

async function countOf(table: typeof scans | typeof subscriptionPayments | typeof penaltyPayments, motoristId: string) {
  const [{ value }] = await ctx.database.db.select({ value: count() }).from(table).where(eq(table.motoristId, motoristId));
  return value;
}
const outstandingOf = async (motoristId: string) =>
  (await ctx.database.db.select().from(ticketSubscriptions).where(eq(ticketSubscriptions.userId, motoristId)))[0].outstandingPenaltyKobo;

/** A bus motorist expired past grace (registered 10 days ago) with the plate "FST 0298 JE". */
async function expiredBus(plateNumber: string) {
  const now = clock.now();
  clock.set(new Date(now.getTime() - 10 * 24 * 3600_000));
  const motorist = await createMotorist(ctx, 'bus');
  clock.set(now);
  await ctx.database.db.update(vehicles).set({ plateNumber }).where(eq(vehicles.userId, motorist.id));
  return motorist;
}

describe('a second scan of one vehicle by one agent within SCAN_REPEAT_MINUTES', () => {
  it('is the same scan: it answers the first scan, records nothing and adds no penalty', async () => {
    const motorist = await expiredBus('FST 0298 JA');
    const first = await scan({ userCode: motorist.userCode, capturedAt: minutesFromNow(0) });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ subscriptionStatus: 'expired', penaltyAdded: 1000, outstandingPayment: 1000, repeated: false });

    // 2 s and 4 min 59 s later (the sticker still in view), by QR code and by the typed plate.
    clock.set(minutesFromNow(4 + 59 / 60));
    for (const payload of [{ userCode: motorist.userCode }, { plateNumber: 'fst0298ja' }]) {
      const again = await scan(payload);
      expect(again.statusCode).toBe(201);
      expect(again.json().data).toMatchObject({
        scanId: first.json().data.scanId,
        scannedAt: first.json().data.scannedAt,
        subscriptionStatus: 'expired',
        penaltyAdded: 1000,
        outstandingPayment: 1000,
        repeated: true,
      });
    }
    expect(await countOf(scans, motorist.id)).toBe(1);
    expect(await outstandingOf(motorist.id)).toBe(100_000);
  });

  it('counts a scan by another agent, one after the window, and an offline capture from before the window', async () => {
    const motorist = await expiredBus('FST 0298 JB');
    const capturedAt = minutesFromNow(0);
    expect((await scan({ userCode: motorist.userCode, capturedAt })).json().data.repeated).toBe(false);
    expect((await scan({ userCode: motorist.userCode }, otherEnforcer)).json().data.repeated).toBe(false);
    // Captured offline 6 minutes before the first: not the same scan.
    const earlier = new Date(new Date(capturedAt).getTime() - 6 * 60_000).toISOString();
    expect((await scan({ userCode: motorist.userCode, capturedAt: earlier })).json().data.repeated).toBe(false);
    clock.set(minutesFromNow(5 + 1 / 60));
    const later = await scan({ userCode: motorist.userCode });
    expect(later.json().data).toMatchObject({ repeated: false, penaltyAdded: 0 });
    expect(await countOf(scans, motorist.id)).toBe(4);
    // Penalty once per Lagos day, whoever scans.
    expect(await outstandingOf(motorist.id)).toBe(100_000);
  });

  it('answers a repeat with the same Idempotency-Key as before, and SCAN_REPEAT_MINUTES=0 counts every scan', async () => {
    const motorist = await expiredBus('FST 0298 JC');
    const key = newKey();
    const send = async () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/field/scan',
        headers: await enforcer.headers({ 'idempotency-key': key }),
        payload: { userCode: motorist.userCode },
      });
    const first = await send();
    const resend = await send();
    expect(resend.headers['idempotent-replayed']).toBe('true');
    expect(resend.json().data.scanId).toBe(first.json().data.scanId);

    const everyScan = await createTestContext({ clock, scanRepeatMinutes: 0 });
    try {
      const agent = await session(everyScan, { role: 'enforcer' });
      const other = await createMotorist(everyScan, 'keke');
      for (let i = 0; i < 2; i += 1) {
        const reply = await everyScan.app.inject({
          method: 'POST',
          url: '/api/field/scan',
          headers: await agent.headers(),
          payload: { userCode: other.userCode },
        });
        expect(reply.json().data.repeated).toBe(false);
      }
      const [{ value }] = await everyScan.database.db.select({ value: count() }).from(scans).where(eq(scans.motoristId, other.id));
      expect(value).toBe(2);
    } finally {
      await everyScan.close();
    }
  });
});

describe('payments for a motorist found by plate', () => {
  it('takes plateNumber instead of userCode, in any case and spacing, for subscriptions and penalties', async () => {
    const motorist = await expiredBus('FST 0298 JE');
    await scan({ userCode: motorist.userCode });

    const subscription = await pay('subscription', { plateNumber: 'fst0298je', subscriptionId: dailyBus, modeOfPayment: 'cash' });
    expect(subscription.statusCode).toBe(201);
    expect(subscription.json().data.payment).toMatchObject({ motorist: { uniqueId: motorist.userCode }, amount: 300 });
    const penalty = await pay('penalty', {
      plateNumber: ' Fst-0298 je ',
      amount: 400,
      modeOfPayment: 'transfer',
      bankName: 'access bank',
      reference: 'TRF-147',
    });
    expect(penalty.statusCode).toBe(201);
    expect(penalty.json().data.ticketSubscription.outstandingPayment).toBe(600);
    // The plate comes back for the field receipt (a payment taken offline by Unique ID knows none).
    const byCode = await pay('penalty', { userCode: motorist.userCode, amount: 100, modeOfPayment: 'cash' });
    expect(byCode.json().data.plateNumber).toBe('FST 0298 JE');
    expect(await countOf(subscriptionPayments, motorist.id)).toBe(1);
    expect(await countOf(penaltyPayments, motorist.id)).toBe(2);
  });

  it('refuses an unknown plate or no motorist at all with a message for a person, writing nothing', async () => {
    const unknown = await pay('subscription', { plateNumber: 'NO 0000 NE', subscriptionId: dailyBus, modeOfPayment: 'cash' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(FIELD_MESSAGES.noMotoristForQuery);
    const none = await pay('penalty', { amount: 100, modeOfPayment: 'cash' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(FIELD_MESSAGES.motoristRequired);
    expect(none.json().errors).toEqual([{ field: 'userCode', message: FIELD_MESSAGES.motoristRequired }]);
  });

  it('a refused payment corrected and sent under a new key is recorded; a resend of either key changes nothing', async () => {
    const motorist = await expiredBus('FST 0298 JF');
    const refusedKey = newKey();
    const wrong = { plateNumber: 'FST 0298 XX', subscriptionId: dailyBus, modeOfPayment: 'cash' };
    expect((await pay('subscription', wrong, refusedKey)).statusCode).toBe(404);
    // Nothing is kept under a refused key: the same request is refused again, not answered from a store.
    expect((await pay('subscription', wrong, refusedKey)).statusCode).toBe(404);

    const correctedKey = newKey();
    const corrected = { ...wrong, plateNumber: 'FST 0298 JF' };
    const recorded = await pay('subscription', corrected, correctedKey);
    expect(recorded.statusCode).toBe(201);
    const resent = await pay('subscription', corrected, correctedKey);
    expect(resent.headers['idempotent-replayed']).toBe('true');
    expect(resent.json().data.payment.receiptNo).toBe(recorded.json().data.payment.receiptNo);
    expect(await countOf(subscriptionPayments, motorist.id)).toBe(1);
  });
});

describe('the bank list for a payment that is not cash', () => {
  it('is read by a remitter (the field app chooses from it) and refused to an enforcer', async () => {
    const list = await ctx.app.inject({ method: 'GET', url: '/api/banks', headers: await remitter.headers() });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toContainEqual({ code: '058', name: 'Guaranty Trust Bank' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/banks', headers: await enforcer.headers() })).statusCode).toBe(403);
  });
});
