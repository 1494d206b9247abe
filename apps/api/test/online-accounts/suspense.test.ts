import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, smsOutboxMessages, type TestContext } from '../harness.ts';
import { createMotorist, session, type Session } from '../tickets.ts';
import { rowsOf } from '../../src/db/rows.ts';
import { auditLog, subscriptionPayments, suspenseItems } from '../../src/db/schema.ts';
import { startPaystackStandin, type PaystackStandin } from '../../src/modules/online-payments/provider/standin.ts';
import { receiveIntoSuspense } from '../../src/modules/suspense/index.ts';
import { DEFAULT_PREFERRED_BANK } from '../../src/modules/dedicated-accounts/index.ts';

const SECRET = 'sk_test_suspense_settlement';
let ctx: TestContext;
let standin: PaystackStandin;
let admin: Session;
let weeklyPlanId = '';

beforeAll(async () => {
  standin = await startPaystackStandin({ secretKey: SECRET });
  ctx = await createTestContext({ onlinePayments: { secretKey: SECRET, baseUrl: standin.url }, dedicatedAccounts: { preferredBank: DEFAULT_PREFERRED_BANK } });
  admin = await session(ctx, { role: 'admin' });
  const reply = await ctx.app.inject({
    method: 'POST',
    url: '/api/subscription',
    headers: await admin.headers(),
    payload: { name: 'weekly', vehicleType: 'keke', price: 1500 },
  });
  weeklyPlanId = reply.json().data.id;
});
afterAll(async () => {
  await ctx?.close();
  await standin?.close();
});

async function balance(code: string): Promise<number> {
  const [row] = await rowsOf<{ b: string }>(
    ctx.database.db,
    sql`SELECT coalesce(sum(amount_kobo), 0)::text AS b FROM ledger_lines WHERE account_code = ${code}`,
  );
  return Number(row.b);
}
const ledgerTotal = () =>
  balance('%').then(async () => {
    const [row] = await rowsOf<{ t: string }>(ctx.database.db, sql`SELECT coalesce(sum(amount_kobo), 0)::text AS t FROM ledger_lines`);
    return Number(row.t);
  });

/** Money in suspense, as a checkout that did not match would leave it. */
async function heldItem(amountKobo: number, motoristId: string | null = null): Promise<string> {
  const held = await ctx.database.db.transaction((tx) =>
    receiveIntoSuspense(tx, {
      provider: 'paystack',
      reference: `T${randomUUID().replace(/-/g, '').slice(0, 16)}`,
      amountKobo,
      currency: 'NGN',
      reason: 'amount',
      detail: 'test',
      motoristId,
      occurredAt: new Date(),
      receivedAt: new Date(),
    }),
  );
  return held.id!;
}

const assign = async (id: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: `/api/suspense/${id}/assign`, headers: await admin.headers(), payload });
const refund = async (id: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: `/api/suspense/${id}/refund`, headers: await admin.headers(), payload });

describe('suspense', () => {
  it('lists items newest first, by status', async () => {
    const id = await heldItem(12_345);
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/suspense?status=open&limit=5', headers: await admin.headers() });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data[0]).toMatchObject({ _id: id, amount: 123.45, status: 'open', reason: 'amount' });
    expect(reply.json().paginator).toMatchObject({ currentPage: 1, perPage: 5 });
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/suspense?status=lost', headers: await admin.headers() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('status');
  });

  it('assigns an item to a plan: a payment like the others, with its text, suspense → revenue, audited', async () => {
    const motorist = await createMotorist(ctx, 'keke', { phone: '08031112222' });
    const id = await heldItem(150_000, motorist.id);
    const [suspense, revenue] = [await balance('suspense'), await balance('revenue:subscription')];
    const reply = await assign(id, { userCode: motorist.userCode, kind: 'subscription', subscriptionId: weeklyPlanId, note: 'paid the weekly ticket' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().data).toMatchObject({ status: 'assigned', receiptNo: expect.any(String), resolvedBy: { _id: admin.person.id } });
    expect(await balance('suspense')).toBe(suspense + 150_000);
    expect(await balance('revenue:subscription')).toBe(revenue - 150_000);
    expect(await ledgerTotal()).toBe(0);
    const [payment] = await ctx.database.db.select().from(subscriptionPayments).where(eq(subscriptionPayments.motoristId, motorist.id));
    expect(payment).toMatchObject({ amountKobo: 150_000, modeOfPayment: 'transfer', receiptNo: reply.json().data.receiptNo });
    await ctx.app.textMessages.sendDue();
    expect(smsOutboxMessages(ctx).some((m) => m.body.includes(payment.receiptNo))).toBe(true);
    const audited = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audited.map((a) => a.action)).toEqual(['suspense_item.assigned']);
    // Acted on already: 409, nothing more.
    expect((await refund(id, { refundReference: 'RF-1', note: 'too late' })).statusCode).toBe(409);
  });

  it('refuses a plan of another price, naming the field, and writes nothing', async () => {
    const motorist = await createMotorist(ctx, 'keke');
    const id = await heldItem(99_900);
    const total = await balance('suspense');
    const reply = await assign(id, { userCode: motorist.userCode, kind: 'subscription', subscriptionId: weeklyPlanId, note: 'wrong plan' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toContain('subscriptionId');
    expect(await balance('suspense')).toBe(total);
    const [item] = await ctx.database.db.select().from(suspenseItems).where(eq(suspenseItems.id, id));
    expect(item.status).toBe('open');
    expect((await assign(id, { userCode: motorist.userCode, kind: 'subscription', note: 'x' })).statusCode).toBe(400);
  });

  it('refunds an item: suspense → the provider clearing account', async () => {
    const id = await heldItem(5_000);
    const [suspense, clearing] = [await balance('suspense'), await balance('clearing:online')];
    const reply = await refund(id, { refundReference: 'RF-123456', note: 'sender asked for it back' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().data).toMatchObject({ status: 'refunded', refundReference: 'RF-123456' });
    expect(await balance('suspense')).toBe(suspense + 5_000);
    expect(await balance('clearing:online')).toBe(clearing - 5_000);
  });

  it('assigning and refunding leave the ledger balanced and suspense holding exactly the open items', async () => {
    const motorist = await createMotorist(ctx, 'keke');
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom('assign', 'refund', 'keep'), { minLength: 1, maxLength: 5 }), async (actions) => {
        for (const action of actions) {
          const id = await heldItem(action === 'assign' ? 150_000 : 1 + Math.floor(Math.random() * 1_000_000));
          if (action === 'assign')
            expect((await assign(id, { userCode: motorist.userCode, kind: 'subscription', subscriptionId: weeklyPlanId, note: 'prop' })).statusCode).toBe(201);
          if (action === 'refund') expect((await refund(id, { refundReference: `RF-${id.slice(0, 8)}`, note: 'prop' })).statusCode).toBe(201);
        }
        expect(await ledgerTotal()).toBe(0);
        const [open] = await rowsOf<{ held: string }>(
          ctx.database.db,
          sql`SELECT coalesce(sum(amount_kobo), 0)::text AS held FROM suspense_items WHERE status = 'open'`,
        );
        expect(await balance('suspense')).toBe(-Number(open.held));
      }),
      { numRuns: 6 },
    );
    const check = await ctx.app.inject({ method: 'POST', url: '/api/ledger/integrity-check', headers: await admin.headers() });
    expect(check.json().data).toMatchObject({ ok: true, differenceCount: 0 });
  });
});
