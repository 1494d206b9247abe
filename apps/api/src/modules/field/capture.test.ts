import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTURE_MESSAGES } from '@eticket/contracts';
import { controlledClock, createTestContext, type TestContext } from '../../../test/harness.ts';
import { createMotorist, newKey, session, type Session } from '../../../test/tickets.ts';
import { scans, subscriptionPayments, ticketSubscriptions } from '../../db/schema.ts';

const clock = controlledClock('2026-06-10T09:00:00Z');
let ctx: TestContext;
let enforcer: Session;
let remitter: Session;
let weeklyKeke = '';

beforeAll(async () => {
  ctx = await createTestContext({ clock });
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

const hoursAgo = (hours: number) => new Date(clock.now().getTime() - hours * 3600_000).toISOString();

const scan = async (payload: Record<string, unknown>, key?: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/field/scan', headers: await enforcer.headers(key ? { 'idempotency-key': key } : {}), payload });

const scansOf = (motoristId: string) => ctx.database.db.select().from(scans).where(eq(scans.motoristId, motoristId));

/** A keke motorist registered `daysAgo` days before now (its first subscription period is open-ended: expired after grace). */
async function motoristRegistered(daysAgo: number) {
  const now = clock.now();
  clock.set(new Date(now.getTime() - daysAgo * 24 * 3600_000));
  const motorist = await createMotorist(ctx, 'keke');
  clock.set(now);
  return motorist;
}

describe('capture time on scans', () => {
  it('applies the rules at the capture time: the status then, and the penalty on the Lagos day of capture', async () => {
    const motorist = await motoristRegistered(10);
    // Captured 50 hours ago (8 June, 07:00 Lagos), received now (10 June).
    const capturedAt = hoursAgo(50);
    const reply = await scan({ userCode: motorist.userCode, capturedAt });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().data).toMatchObject({ subscriptionStatus: 'expired', penaltyAdded: 500, scannedAt: capturedAt });
    const [row] = await scansOf(motorist.id);
    expect(row.createdAt.toISOString()).toBe(capturedAt);
    expect(row.receivedAt?.toISOString()).toBe(clock.now().toISOString());
    expect(row.penaltyDay).toBe('2026-06-08');

    // Another scan captured the same Lagos day adds nothing; one captured today adds today's penalty.
    expect((await scan({ userCode: motorist.userCode, capturedAt: hoursAgo(49) })).json().data.penaltyAdded).toBe(0);
    expect((await scan({ userCode: motorist.userCode })).json().data).toMatchObject({ penaltyAdded: 500, outstandingPayment: 1000 });
  });

  it('sees a subscription as it stood at capture: in grace then, though expired now', async () => {
    // Registration opens a subscription expiring at once; grace is 3 days: 47 hours ago it was 2 days past.
    const motorist = await motoristRegistered(4);
    const reply = await scan({ userCode: motorist.userCode, capturedAt: hoursAgo(47) });
    expect(reply.json().data).toMatchObject({ subscriptionStatus: 'grace', penaltyAdded: 0 });
    expect((await scan({ userCode: motorist.userCode })).json().data).toMatchObject({ subscriptionStatus: 'expired', penaltyAdded: 500 });
  });

  it('refuses a capture in the future beyond the clock skew, or older than 72 hours, and writes nothing', async () => {
    const motorist = await motoristRegistered(10);
    const ahead = await scan({ userCode: motorist.userCode, capturedAt: new Date(clock.now().getTime() + 6 * 60_000).toISOString() });
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json().message).toBe(CAPTURE_MESSAGES.captureInFuture);
    const old = await scan({ userCode: motorist.userCode, capturedAt: hoursAgo(72.1) });
    expect(old.statusCode).toBe(422);
    expect(old.json().message).toBe(CAPTURE_MESSAGES.captureTooOld(72));
    const bad = await scan({ userCode: motorist.userCode, capturedAt: 'yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^capturedAt/);
    expect(await scansOf(motorist.id)).toHaveLength(0);

    // Within the skew: taken as the server's time.
    const slightlyAhead = await scan({ userCode: motorist.userCode, capturedAt: new Date(clock.now().getTime() + 60_000).toISOString() });
    expect(slightlyAhead.statusCode).toBe(201);
    expect(slightlyAhead.json().data.scannedAt).toBe(clock.now().toISOString());
  });

  it('records a scan once per Idempotency-Key and answers a repeat with the first result', async () => {
    const motorist = await motoristRegistered(10);
    const key = newKey();
    const body = { userCode: motorist.userCode, capturedAt: hoursAgo(1) };
    const replies = await Promise.all([scan(body, key), scan(body, key), scan(body, key)]);
    expect(replies.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(replies.map((r) => r.json().data.scanId)).size).toBe(1);
    expect(replies.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    expect(await scansOf(motorist.id)).toHaveLength(1);
    expect((await scan({ ...body, capturedAt: hoursAgo(2) }, key)).statusCode).toBe(422);
  });

  it('finds the motorist by a plate typed in any case and spacing, and keeps the location', async () => {
    const motorist = await motoristRegistered(0);
    const typed = motorist.plateNumber.toLowerCase().replace(/-/g, ' ');
    const reply = await scan({ plateNumber: typed, location: { latitude: 6.5244, longitude: 3.3792, accuracy: 12 } });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().data.motorist.userCode).toBe(motorist.userCode);
    const [row] = await scansOf(motorist.id);
    expect(row).toMatchObject({ latitude: 6.5244, longitude: 3.3792, locationAccuracy: 12 });
    const unknown = await scan({ plateNumber: 'NO SUCH 1' });
    expect(unknown.statusCode).toBe(404);
    const badPlace = await scan({ userCode: motorist.userCode, location: { latitude: 91, longitude: 3 } });
    expect(badPlace.statusCode).toBe(400);
    expect(badPlace.json().message).toBe('location.latitude must be between -90 and 90');
  });
});

describe('capture time on payments', () => {
  it('extends from max(capture time, expiry) and records the capture and the receipt times', async () => {
    const motorist = await motoristRegistered(10);
    const capturedAt = hoursAgo(30);
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/field/subscription-payment',
      headers: await remitter.headers({ 'idempotency-key': newKey() }),
      payload: { userCode: motorist.userCode, subscriptionId: weeklyKeke, modeOfPayment: 'cash', capturedAt },
    });
    expect(reply.statusCode).toBe(201);
    const [row] = await ctx.database.db.select().from(subscriptionPayments).where(eq(subscriptionPayments.motoristId, motorist.id));
    expect(row.createdAt.toISOString()).toBe(capturedAt);
    expect(row.receivedAt?.toISOString()).toBe(clock.now().toISOString());
    // The expiry had passed: a week from the capture time, not from now.
    expect(row.expiresAfter.getTime() - new Date(capturedAt).getTime()).toBe(7 * 24 * 3600_000);
    const [subscription] = await ctx.database.db.select().from(ticketSubscriptions).where(eq(ticketSubscriptions.userId, motorist.id));
    // The change is stamped with the server's time, so the compliance list's refresh finds it.
    expect(subscription.updatedAt.toISOString()).toBe(clock.now().toISOString());
  });

  it('refuses a payment captured more than 72 hours ago with the message, recording nothing', async () => {
    const motorist = await motoristRegistered(10);
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/field/penalty-payment',
      headers: await remitter.headers({ 'idempotency-key': newKey() }),
      payload: { userCode: motorist.userCode, amount: 100, modeOfPayment: 'cash', capturedAt: hoursAgo(80) },
    });
    expect(reply.statusCode).toBe(422);
    expect(reply.json().message).toBe(CAPTURE_MESSAGES.captureTooOld(72));
  });
});
