import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newReceiptNo } from '@eticket/contracts';
import { subscriptionPayments, ticketSubscriptions } from '../../db/schema.ts';
import { controlledClock, createTestContext, type PersonInput, type TestContext } from '../../../test/harness.ts';
import { createMotorist, newKey, session, type Session } from '../../../test/tickets.ts';

const clock = controlledClock('2026-05-01T09:00:00Z');
let ctx: TestContext;
let admin: Session;
let remitter: Session;
let planId: string;

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  admin = await session(ctx, { role: 'admin' });
  remitter = await session(ctx, { role: 'remitter', fullName: 'Chinedu Remitter Obi' });
  const plan = await ctx.app.inject({
    method: 'POST',
    url: '/api/subscription',
    headers: await admin.headers(),
    payload: { name: 'monthly', vehicleType: 'bus', price: 12000 },
  });
  planId = plan.json().data.id;
});
afterAll(async () => ctx.close());

async function pay(path: 'subscription-payment' | 'penalty-payment', userCode: string, payload: Record<string, unknown>) {
  const reply = await ctx.app.inject({
    method: 'POST',
    url: `/api/field/${path}`,
    headers: await remitter.headers({ 'idempotency-key': newKey() }),
    payload: { userCode, modeOfPayment: 'transfer', bankName: 'access bank', reference: newKey(), ...payload },
  });
  expect(reply.statusCode).toBe(201);
  return reply.json().data as { payment: { receiptNo: string }; ticketSubscription: { subscriptionExpiryDate: string } };
}

const get = async (no: string, who: Session | null = admin) =>
  ctx.app.inject({ method: 'GET', url: `/api/receipts/${encodeURIComponent(no)}`, headers: who ? await who.headers() : {} });

describe('GET /api/receipts/:no', () => {
  it("answers a subscription payment's receipt with all a print shows, the number read as typed", async () => {
    const motorist = await createMotorist(ctx, 'bus', { fullName: 'Adaeze Ngozi Okafor' });
    const paid = await pay('subscription-payment', motorist.userCode, { subscriptionId: planId });
    const typed = paid.payment.receiptNo.replace(/-/g, '').toLowerCase();
    const reply = await get(typed);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toEqual({
      receiptNo: paid.payment.receiptNo,
      kind: 'subscription',
      amount: 12000,
      modeOfPayment: 'transfer',
      bankName: 'access bank',
      planName: 'monthly',
      vehicleType: 'bus',
      plateNumber: motorist.plateNumber,
      newExpiry: paid.ticketSubscription.subscriptionExpiryDate,
      penaltyLeft: null,
      motorist: { fullName: 'Adaeze Ngozi Okafor', userCode: motorist.userCode },
      agent: { fullName: 'Chinedu Remitter Obi', userCode: remitter.person.userCode },
      paidAt: '2026-05-01T09:00:00.000Z',
    });
  });

  it("answers a penalty payment's receipt: no plan nor expiry, the penalty left", async () => {
    const motorist = await createMotorist(ctx, 'bus');
    await pay('subscription-payment', motorist.userCode, { subscriptionId: planId });
    await ctx.database.db.update(ticketSubscriptions).set({ outstandingPenaltyKobo: 50_000 }).where(eq(ticketSubscriptions.userId, motorist.id));
    const paid = await pay('penalty-payment', motorist.userCode, { amount: 200 });
    expect((await get(paid.payment.receiptNo)).json().data).toMatchObject({
      receiptNo: paid.payment.receiptNo,
      kind: 'penalty',
      amount: 200,
      planName: null,
      newExpiry: null,
      penaltyLeft: 300,
      plateNumber: motorist.plateNumber,
      motorist: { userCode: motorist.userCode },
    });
  });

  it('is for who reads the payment lists: others 403, nobody signed in 401', async () => {
    const motorist = await createMotorist(ctx, 'bus');
    const { payment } = await pay('subscription-payment', motorist.userCode, { subscriptionId: planId });
    const superAdmin = await session(ctx, { role: 'super-admin' });
    expect((await get(payment.receiptNo, superAdmin)).statusCode).toBe(200);
    const refused: PersonInput[] = [
      { role: 'manager', department: 'remitter-manager' },
      { role: 'union', unionRole: 'keke' },
      { role: 'user' },
      { role: 'registrar' },
      { role: 'remitter' },
      { role: 'motorist' },
    ];
    for (const input of refused) {
      const reply = await get(payment.receiptNo, await session(ctx, input));
      expect({ input, status: reply.statusCode }).toEqual({ input, status: 403 });
    }
    expect((await get(payment.receiptNo, null)).statusCode).toBe(401);
  });

  it('answers the same 404 for an unknown, a malformed and a failed payment’s number', async () => {
    const motorist = await createMotorist(ctx, 'bus');
    const { payment } = await pay('subscription-payment', motorist.userCode, { subscriptionId: planId });
    await ctx.database.db.update(subscriptionPayments).set({ status: 'failed' }).where(eq(subscriptionPayments.receiptNo, payment.receiptNo));
    for (const no of [newReceiptNo('subscription'), newReceiptNo('penalty'), 'not-a-receipt', 'x'.repeat(60), payment.receiptNo]) {
      const reply = await get(no);
      expect({ no, status: reply.statusCode, body: reply.json() }).toEqual({ no, status: 404, body: { message: 'Not found' } });
    }
  });
});
