import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_BATCH_MAX_ITEMS, MESSAGES, TICKET_MESSAGES, type FieldBatchItem, type FieldBatchResult } from '@eticket/contracts';
import { NO_CASH_LIMITS, controlledClock, createTestContext, type TestContext } from '../../../test/harness.ts';
import { createMotorist, newKey, session, type Session } from '../../../test/tickets.ts';
import { idempotencyKeys, penaltyPayments, scans, subscriptionPayments } from '../../db/schema.ts';

const clock = controlledClock('2026-05-10T09:00:00Z');
let ctx: TestContext;
let enforcer: Session;
let remitter: Session;
let weeklyKeke = '';

beforeAll(async () => {
  ctx = await createTestContext({ clock, scanRepeatMinutes: 0, tills: NO_CASH_LIMITS });
  const admin = await session(ctx, { role: 'admin' });
  enforcer = await session(ctx, { role: 'enforcer' });
  remitter = await session(ctx, { role: 'remitter' });
  const plan = await ctx.app.inject({
    method: 'POST',
    url: '/api/subscription',
    headers: await admin.headers(),
    payload: { name: 'weekly', vehicleType: 'keke', price: 1000 },
  });
  weeklyKeke = plan.json().data.id;
  await ctx.app.inject({ method: 'POST', url: '/api/penalty', headers: await admin.headers(), payload: { vehicleType: 'keke', price: 500 } });
});
afterAll(async () => ctx.close());

const batch = async (who: Session, items: FieldBatchItem[], app = ctx.app) =>
  app.inject({ method: 'POST', url: '/api/field/batch', headers: await who.headers(), payload: { items } });
const resultsOf = (reply: { json(): unknown }) => (reply.json() as { data: { results: FieldBatchResult[] } }).data.results;

/** A keke motorist whose subscription expired (registered ten days ago, never paid): a scan adds a 500 penalty. */
async function expiredMotorist() {
  const now = clock.now();
  clock.set(new Date(now.getTime() - 10 * 24 * 3600_000));
  const motorist = await createMotorist(ctx, 'keke');
  clock.set(now);
  return motorist;
}

const minutesAgo = (minutes: number) => new Date(clock.now().getTime() - minutes * 60_000).toISOString();
const scanItem = (userCode: string, minutes = 30): FieldBatchItem => ({ key: newKey(), kind: 'scan', body: { userCode, capturedAt: minutesAgo(minutes) } });
const subscriptionItem = (userCode: string): FieldBatchItem => ({
  key: newKey(),
  kind: 'subscription-payment',
  body: { userCode, subscriptionId: weeklyKeke, modeOfPayment: 'cash', capturedAt: minutesAgo(20) },
});
const penaltyItem = (userCode: string, amount: number): FieldBatchItem => ({
  key: newKey(),
  kind: 'penalty-payment',
  body: { userCode, amount, modeOfPayment: 'cash', capturedAt: minutesAgo(10) },
});

async function counted(table: typeof scans | typeof subscriptionPayments | typeof penaltyPayments, motoristIds: string[]) {
  const [{ value }] = await ctx.database.db.select({ value: count() }).from(table).where(inArray(table.motoristId, motoristIds));
  return value;
}

describe('POST /api/field/batch', () => {
  it("records a remitter's mixed payments in the order sent, each at its capture time, with a result per item", async () => {
    const [one, two] = [await expiredMotorist(), await expiredMotorist()];
    // The enforcer's scans add the penalties the remitter's batch then pays.
    const scanned = resultsOf(await batch(enforcer, [scanItem(one.userCode), scanItem(two.userCode)]));
    expect(scanned.map((result) => [result.status, result.scan?.penaltyAdded])).toEqual([
      [201, 500],
      [201, 500],
    ]);
    const items = [subscriptionItem(one.userCode), penaltyItem(one.userCode, 500), penaltyItem(two.userCode, 200)];
    const reply = await batch(remitter, items);
    expect(reply.statusCode, reply.body).toBe(200);
    const results = resultsOf(reply);
    expect(results.map((result) => [result.key, result.status, result.replayed])).toEqual(items.map((item) => [item.key, 201, false]));
    expect(results[0]).toMatchObject({ message: TICKET_MESSAGES.subscriptionPaymentRecorded, payment: { payment: { amount: 1000 } } });
    expect(results[1].payment?.ticketSubscription.outstandingPayment).toBe(0);
    expect(results[2].payment?.ticketSubscription.outstandingPayment).toBe(300);
    const [row] = await ctx.database.db.select().from(subscriptionPayments).where(eq(subscriptionPayments.motoristId, one.id));
    expect(row.createdAt.toISOString()).toBe(items[0].body.capturedAt);
    expect(row.idempotencyKey).toBe(items[0].key);
  });

  it('records nothing twice when the same batch is sent again, whole or after a crash recorded only its start', async () => {
    const riders = [await expiredMotorist(), await expiredMotorist(), await expiredMotorist()];
    const items = riders.map((rider) => subscriptionItem(rider.userCode));
    // A crash after the first item: its transaction committed, the rest never ran.
    expect(resultsOf(await batch(remitter, items.slice(0, 1)))[0].status).toBe(201);
    const resent = resultsOf(await batch(remitter, items));
    expect(resent.map((result) => [result.status, result.replayed])).toEqual([
      [201, true],
      [201, false],
      [201, false],
    ]);
    const again = resultsOf(await batch(remitter, items));
    expect(again.every((result) => result.replayed)).toBe(true);
    expect(again.map((result) => result.payment?.payment.receiptNo)).toEqual(resent.map((result) => result.payment?.payment.receiptNo));
    expect(
      await counted(
        subscriptionPayments,
        riders.map((rider) => rider.id),
      ),
    ).toBe(3);
  });

  it('records an item sent twice in one batch once: the second answers as a repeat (the keys are read before the items)', async () => {
    const rider = await expiredMotorist();
    const item = subscriptionItem(rider.userCode);
    const results = resultsOf(await batch(remitter, [item, item]));
    expect(results.map((result) => [result.status, result.replayed])).toEqual([
      [201, false],
      [201, true],
    ]);
    expect(results[1].payment?.payment.receiptNo).toBe(results[0].payment?.payment.receiptNo);
    expect(await counted(subscriptionPayments, [rider.id])).toBe(1);
  });

  it('answers a partly bad batch item by item, naming the field, and records the good items', async () => {
    const rider = await expiredMotorist();
    const items: FieldBatchItem[] = [
      scanItem(rider.userCode, 40),
      { key: newKey(), kind: 'scan', body: { capturedAt: minutesAgo(30) } },
      { key: newKey(), kind: 'scan', body: { userCode: rider.userCode, capturedAt: 'yesterday' } },
      scanItem('NOSUCHCODE99', 20),
      { key: newKey(), kind: 'scan', body: { userCode: rider.userCode, capturedAt: minutesAgo(73 * 60) } },
      scanItem(rider.userCode, 10),
    ];
    const reply = await batch(enforcer, items);
    expect(reply.statusCode).toBe(200);
    const results = resultsOf(reply);
    expect(results.map((result) => result.status)).toEqual([201, 400, 400, 404, 422, 201]);
    expect(results[1].errors?.[0].field).toBe('userCode');
    expect(results[2].errors?.[0].field).toBe('capturedAt');
    expect(results[2].message).toMatch(/capturedAt/);
    expect(await counted(scans, [rider.id])).toBe(2);
    // A refused item keeps nothing under its key: corrected, it is recorded under the same key.
    const [, , badTime] = items;
    const fixed = resultsOf(await batch(enforcer, [{ ...badTime, body: { userCode: rider.userCode, capturedAt: minutesAgo(5) } }]));
    expect(fixed[0]).toMatchObject({ status: 201, replayed: false });
  });

  it('checks each item against the agent’s role: an enforcer cannot post payments, a remitter cannot scan', async () => {
    const rider = await expiredMotorist();
    const fromEnforcer = resultsOf(await batch(enforcer, [scanItem(rider.userCode), subscriptionItem(rider.userCode), penaltyItem(rider.userCode, 1)]));
    expect(fromEnforcer.map((result) => result.status)).toEqual([201, 403, 403]);
    expect(fromEnforcer[1].message).toBe(MESSAGES.forbidden);
    const fromRemitter = resultsOf(await batch(remitter, [scanItem(rider.userCode, 5), subscriptionItem(rider.userCode)]));
    expect(fromRemitter.map((result) => result.status)).toEqual([403, 201]);
    expect(await counted(scans, [rider.id])).toBe(1);
    expect(await counted(subscriptionPayments, [rider.id])).toBe(1);
    expect(await counted(penaltyPayments, [rider.id])).toBe(0);
    // Nobody else calls it at all.
    const motorist = await session(ctx, { role: 'admin' });
    expect((await batch(motorist, [scanItem(rider.userCode)])).statusCode).toBe(403);
  });

  it('records once when identical batches arrive at once, at one process and at two', async () => {
    const riders = [await expiredMotorist(), await expiredMotorist(), await expiredMotorist(), await expiredMotorist()];
    const items = riders.flatMap((rider, index) => [scanItem(rider.userCode, 50 - index), subscriptionItem(rider.userCode)]);
    const scanning = items.filter((item) => item.kind === 'scan');
    const paying = items.filter((item) => item.kind !== 'scan');
    const second = await ctx.secondApp();
    const replies = await Promise.all([
      batch(enforcer, scanning),
      batch(enforcer, scanning, second),
      batch(enforcer, scanning),
      batch(remitter, paying),
      batch(remitter, paying, second),
      batch(remitter, paying),
    ]);
    for (const reply of replies) {
      expect(reply.statusCode, reply.body).toBe(200);
      expect(resultsOf(reply).map((result) => result.status)).toEqual(Array(4).fill(201));
    }
    // Each item recorded by exactly one of the three copies; the others answer its first result.
    const firsts = [0, 1, 2, 3].map((index) => replies.slice(0, 3).filter((reply) => !resultsOf(reply)[index].replayed).length);
    expect(firsts).toEqual([1, 1, 1, 1]);
    const ids = riders.map((rider) => rider.id);
    expect(await counted(scans, ids)).toBe(4);
    expect(await counted(subscriptionPayments, ids)).toBe(4);
    const [{ value: keys }] = await ctx.database.db
      .select({ value: count() })
      .from(idempotencyKeys)
      .where(
        inArray(
          idempotencyKeys.key,
          items.map((item) => item.key),
        ),
      );
    expect(keys).toBe(8);
  });

  it('bounds a batch: too many items, a body too large, a malformed item, each a 4xx naming the field', async () => {
    const rider = await expiredMotorist();
    const tooMany = await batch(
      enforcer,
      Array.from({ length: FIELD_BATCH_MAX_ITEMS + 1 }, () => scanItem(rider.userCode)),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/^items: at most 100/);
    const padded = { ...scanItem(rider.userCode), body: { userCode: rider.userCode, note: 'x'.repeat(300 * 1024) } };
    const tooLarge = await batch(enforcer, [padded]);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toMatch(/^items: the request is larger than 256 KB/);
    const noKey = await batch(enforcer, [{ ...scanItem(rider.userCode), key: '' }]);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().errors[0].field).toBe('items.0.key');
    const badKind = await batch(enforcer, [{ ...scanItem(rider.userCode), kind: 'registration' as 'scan' }]);
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().message).toMatch(/kind/);
    expect(await counted(scans, [rider.id])).toBe(0);
  });
});
