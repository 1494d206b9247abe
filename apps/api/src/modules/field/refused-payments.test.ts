import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_MESSAGES } from '@eticket/contracts';
import { controlledClock, createTestContext, type TestContext } from '../../../test/harness.ts';
import { createMotorist, newKey, session, type Session } from '../../../test/tickets.ts';
import { penaltyPayments, subscriptionPayments, ticketSubscriptions, users } from '../../db/schema.ts';

/**
 * Issue 24's policy: a remitter recorded payments for suspended motorists. No payment is taken for
 * a suspended or a deleted motorist, and the remitter is told why; nothing is written.
 */
const clock = controlledClock('2026-06-01T09:00:00Z');
let ctx: TestContext;
let remitter: Session;
let planId: string;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
  const admin = await session(ctx, { role: 'admin' });
  remitter = await session(ctx, { role: 'remitter' });
  const plan = await ctx.app.inject({
    method: 'POST',
    url: '/api/subscription',
    headers: await admin.headers(),
    payload: { name: 'weekly', vehicleType: 'keke', price: 1000 },
  });
  planId = plan.json().data.id;
});
afterAll(async () => ctx.close());

const pay = async (url: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url, headers: await remitter.headers({ 'idempotency-key': newKey() }), payload });

async function paymentsOf(motoristId: string) {
  const subscriptionRows = await ctx.database.db.select().from(subscriptionPayments).where(eq(subscriptionPayments.motoristId, motoristId));
  const penaltyRows = await ctx.database.db.select().from(penaltyPayments).where(eq(penaltyPayments.motoristId, motoristId));
  return subscriptionRows.length + penaltyRows.length;
}

describe('payments for motorists who may not pay', () => {
  it.each([
    ['suspended', { registrationStatus: 'suspended' as const }, TICKET_MESSAGES.paymentRefusedSuspended],
    ['deleted', { isDeleted: true }, TICKET_MESSAGES.paymentRefusedDeleted],
  ])('a %s motorist: subscription and penalty payments are refused with the reason, and nothing is written', async (_label, change, message) => {
    const motorist = await createMotorist(ctx, 'keke');
    // The motorist had a subscription and owed a penalty before the account changed.
    expect((await pay('/api/field/subscription-payment', { userCode: motorist.userCode, subscriptionId: planId, modeOfPayment: 'cash' })).statusCode).toBe(201);
    await ctx.database.db.update(ticketSubscriptions).set({ outstandingPenaltyKobo: 50_000 }).where(eq(ticketSubscriptions.userId, motorist.id));
    await ctx.database.db.update(users).set(change).where(eq(users.id, motorist.id));
    const before = await paymentsOf(motorist.id);

    const subscription = await pay('/api/field/subscription-payment', { userCode: motorist.userCode, subscriptionId: planId, modeOfPayment: 'cash' });
    expect(subscription.statusCode).toBe(409);
    expect(subscription.json().message).toBe(message);
    const penalty = await pay('/api/field/penalty-payment', { userCode: motorist.userCode, amount: 100, modeOfPayment: 'cash' });
    expect(penalty.statusCode).toBe(409);
    expect(penalty.json().message).toBe(message);
    expect(await paymentsOf(motorist.id)).toBe(before);
  });
});
