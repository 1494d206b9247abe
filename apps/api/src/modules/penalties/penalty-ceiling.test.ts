import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_REASON_MAX_LENGTH, TICKET_MESSAGES } from '@eticket/contracts';
import { controlledClock, createTestContext, type TestContext } from '../../../test/harness.ts';
import { createMotorist, session, type Session } from '../../../test/tickets.ts';
import { auditLog, penaltyAdjustments } from '../../db/schema.ts';

// Issue 26: altering a motorist's penalty says why and is refused above a ceiling; pausing says why.
const clock = controlledClock('2026-08-01T09:00:00Z');
let ctx: TestContext;
let admin: Session;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
  admin = await session(ctx, { role: 'admin' });
  expect((await call('POST', '/api/penalty', { vehicleType: 'keke', price: 500 })).statusCode).toBe(201);
});
afterAll(async () => ctx.close());

/** Each call a second after the last, so the audit log's newest entry is the last call's. */
async function call(method: 'POST' | 'PATCH', url: string, payload?: unknown, who: Session = admin) {
  clock.advance(1000);
  return ctx.app.inject({ method, url, headers: await who.headers(), payload: payload as never });
}

/** A keke (or other) motorist whose subscription is open: looking one up opens it, as the penalty page does. */
async function motoristWithSubscription(vehicleType: 'keke' | 'bus' = 'keke') {
  const motorist = await createMotorist(ctx, vehicleType);
  const found = await call('POST', '/api/user', { userCode: motorist.userCode });
  return { ...motorist, subscriptionId: found.json().data.ticketSubscription.id as string };
}

const setCeilingMultiple = (multiple: number) =>
  ctx.database.db.execute(sql`UPDATE settings SET value = ${JSON.stringify(multiple)}::jsonb WHERE key = 'penalty_ceiling_multiple'`);

async function adjustmentsOf(subscriptionId: string) {
  return ctx.database.db
    .select({ previous: penaltyAdjustments.previousKobo, next: penaltyAdjustments.newKobo, reason: penaltyAdjustments.reason })
    .from(penaltyAdjustments)
    .where(eq(penaltyAdjustments.subscriptionId, subscriptionId))
    .orderBy(penaltyAdjustments.createdAt);
}

async function lastAudit(action: string, entityId: string) {
  const [row] = await ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action as never), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return row;
}

describe("a motorist's penalty: ceiling and reason", () => {
  it('accepts up to 10 × the vehicle type’s charge and refuses more with 400 naming price; nothing is written', async () => {
    const motorist = await motoristWithSubscription();
    const atCeiling = await call('POST', '/api/specificPenalty', { id: motorist.id, price: 5000, reason: 'three unpaid weeks' });
    expect(atCeiling.statusCode).toBe(200);
    const subscriptionId = atCeiling.json().data.id;

    const over = await call('POST', '/api/specificPenalty', { id: motorist.id, price: 5000.01, reason: 'typo' });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('price must not be more than ₦5,000.00 (10 × the keke penalty charge of ₦500.00)');
    const huge = await call('POST', '/api/specificPenalty', { id: subscriptionId, price: 9_000_000 });
    expect(huge.statusCode).toBe(400);
    expect(await adjustmentsOf(subscriptionId)).toEqual([{ previous: 0, next: 500000, reason: 'three unpaid weeks' }]);
  });

  it('keeps the reason in penalty_adjustments and the audit log; without one (the spec’s {id, price}) it is null', async () => {
    const motorist = await motoristWithSubscription();
    const first = await call('POST', '/api/specificPenalty', { id: motorist.id, price: 1500, reason: '  Plate covered at Ojota  ' });
    expect(first.statusCode).toBe(200);
    const subscriptionId = first.json().data.id;
    expect((await lastAudit('motorist_penalty.altered', subscriptionId)).after).toEqual({
      userId: motorist.id,
      outstandingPayment: 1500,
      reason: 'Plate covered at Ojota',
    });

    const bare = await call('POST', '/api/specificPenalty', { id: subscriptionId, price: 1000 });
    expect(bare.json()).toMatchObject({ message: TICKET_MESSAGES.specificPenaltyUpdated, data: { outstandingPayment: 1000 } });
    expect((await lastAudit('motorist_penalty.altered', subscriptionId)).after).toEqual({ userId: motorist.id, outstandingPayment: 1000 });
    const blank = await call('POST', '/api/specificPenalty', { id: subscriptionId, price: 900, reason: '   ' });
    expect(blank.statusCode).toBe(200);
    expect((await adjustmentsOf(subscriptionId)).map((row) => row.reason)).toEqual(['Plate covered at Ojota', null, null]);

    const long = await call('POST', '/api/specificPenalty', { id: subscriptionId, price: 1, reason: 'x'.repeat(CHANGE_REASON_MAX_LENGTH + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(`reason must be at most ${CHANGE_REASON_MAX_LENGTH} characters`);
    expect((await call('POST', '/api/specificPenalty', { id: subscriptionId, price: 1, reason: 12 })).json().message).toBe('reason must be text');
  });

  it('follows the setting, and still lets staff lower a penalty that scans took above the ceiling', async () => {
    const motorist = await motoristWithSubscription();
    const set = await call('POST', '/api/specificPenalty', { id: motorist.id, price: 4000 });
    expect(set.statusCode).toBe(200);
    try {
      await setCeilingMultiple(2);
      const raise = await call('POST', '/api/specificPenalty', { id: motorist.id, price: 4500 });
      expect(raise.statusCode).toBe(400);
      expect(raise.json().message).toBe('price must not be more than ₦1,000.00 (2 × the keke penalty charge of ₦500.00)');
      const lower = await call('POST', '/api/specificPenalty', { id: motorist.id, price: 3000, reason: 'partly waived' });
      expect(lower.statusCode).toBe(200);
      expect(lower.json().data.outstandingPayment).toBe(3000);
      expect((await call('POST', '/api/specificPenalty', { id: motorist.id, price: 1000 })).statusCode).toBe(200);
      expect((await call('POST', '/api/specificPenalty', { id: motorist.id, price: 1000.01 })).statusCode).toBe(400);
    } finally {
      await setCeilingMultiple(10);
    }
  });

  it('has no ceiling for a vehicle type without a penalty charge (nothing to multiply)', async () => {
    const motorist = await motoristWithSubscription('bus');
    expect((await call('POST', '/api/specificPenalty', { id: motorist.id, price: 25_000 })).statusCode).toBe(200);
  });
});

describe('pausing a subscription says why', () => {
  it('keeps the reason in the audit log; a pause without a body (as the spec sends it) still works', async () => {
    const { subscriptionId } = await motoristWithSubscription();
    const paused = await call('PATCH', `/api/subscription/pause/${subscriptionId}`, { reason: 'Vehicle impounded by LASTMA' });
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ message: TICKET_MESSAGES.paused, data: { subscriptionStatus: 'paused' } });
    expect((await lastAudit('subscription.paused', subscriptionId)).after).toMatchObject({ reason: 'Vehicle impounded by LASTMA' });

    const { subscriptionId: bareId } = await motoristWithSubscription();
    clock.advance(1000);
    const reply = await ctx.app.inject({ method: 'PATCH', url: `/api/subscription/pause/${bareId}`, headers: await admin.headers() });
    expect(reply.json()).toMatchObject({ message: TICKET_MESSAGES.paused });
    expect((await lastAudit('subscription.paused', bareId)).after).not.toHaveProperty('reason');

    const tooLong = await call('PATCH', `/api/subscription/pause/${bareId}`, { reason: 'x'.repeat(CHANGE_REASON_MAX_LENGTH + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(`reason must be at most ${CHANGE_REASON_MAX_LENGTH} characters`);
  });
});
