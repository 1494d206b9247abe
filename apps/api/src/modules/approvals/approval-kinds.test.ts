import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_KINDS } from '@eticket/contracts';
import { controlledClock, createPerson, createTestContext, type TestContext } from '../../../test/harness.ts';
import { multipartForm, png } from '../../../test/images.ts';
import { createMotorist, newKey, session, type Session } from '../../../test/tickets.ts';
import { rowsOf } from '../../db/rows.ts';
import { receiveIntoSuspense } from '../suspense/index.ts';

// Issue 44: the other kinds wrapped today, each applied on approval as its direct action would be:
// a payout (and its ledger entry), a stakeholder's percentage, a till close with a shortage.
const clock = controlledClock('2026-07-01T10:00:00Z');
let ctx: TestContext;
let superAdmin: Session;
let otherSuperAdmin: Session;

async function call(who: Session, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, extra: Record<string, string> = {}) {
  clock.advance(1000);
  const reply = await ctx.app.inject({ method, url, headers: await who.headers(extra), ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: reply.statusCode, body: reply.json() };
}

const approve = (who: Session, id: string) => call(who, 'POST', `/api/approvals/${id}/approve`, {});

beforeAll(async () => {
  ctx = await createTestContext({ clock, approvals: { kinds: [...APPROVAL_KINDS], expireHours: 72 } });
  superAdmin = await session(ctx, { role: 'super-admin' });
  otherSuperAdmin = await session(ctx, { role: 'super-admin' });
}, 60_000);
afterAll(async () => ctx.close());

describe('allocation', () => {
  let stakeholderId: string;

  beforeAll(async () => {
    const union = await createPerson(ctx, { role: 'union', unionRole: 'keke', unionName: 'keke union' });
    const created = await call(superAdmin, 'POST', '/api/stakeholders', {
      name: union.id,
      bankName: 'Access Bank',
      accountNumber: '1482039577',
      accountName: 'LAGOS KEKE RIDERS UNION',
      percentage: 10,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    stakeholderId = created.body.data.id;
  });

  it("a stakeholder's percentage changes when another super-admin approves", async () => {
    const sent = await call(superAdmin, 'PATCH', `/api/stakeholders/${stakeholderId}`, { percentage: 15, reason: 'New agreement' });
    expect(sent.status).toBe(202);
    expect(sent.body.data).toMatchObject({ kind: 'stakeholder-percentage', before: { percentage: 10 }, after: { percentage: 15 } });
    expect((await approve(superAdmin, sent.body.data.id)).status).toBe(403);
    expect((await approve(otherSuperAdmin, sent.body.data.id)).status).toBe(200);
    expect((await call(superAdmin, 'GET', `/api/stakeholders/${stakeholderId}`)).body.data.percentage).toBe(15);
  });

  it('a payout is recorded, with its ledger entry, only when approved; a future one is refused at once', async () => {
    const future = await call(superAdmin, 'POST', `/api/stakeholders/${stakeholderId}/payouts`, { amount: 100, date: '2026-08-01', reference: 'PAY-FUTURE' });
    expect(future.status).toBe(400);
    const sent = await call(superAdmin, 'POST', `/api/stakeholders/${stakeholderId}/payouts`, { amount: 1500, date: '2026-06-30', reference: 'PAY-001' });
    expect(sent.status).toBe(202);
    expect(sent.body.data).toMatchObject({ kind: 'payout', after: { amount: 1500, reference: 'PAY-001' } });
    const payouts = async () => (await call(superAdmin, 'GET', `/api/stakeholders/${stakeholderId}/payouts?startDate=2026-06-01&endDate=2026-07-01`)).body.data;
    expect(await payouts()).toHaveLength(0);
    expect((await approve(otherSuperAdmin, sent.body.data.id)).status).toBe(200);
    expect(await payouts()).toMatchObject([{ amount: 1500, reference: 'PAY-001' }]);
    const entries = await rowsOf<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM ledger_entries WHERE kind = 'payout'`);
    expect(entries[0]!.n).toBe(1);
  });
});

describe('tills', () => {
  it('a close with a shortage waits for a second approver; one without applies at once', async () => {
    const admin = await session(ctx, { role: 'admin' });
    const manager = await session(ctx, { role: 'manager', department: 'remitter-manager' });
    const remitter = await session(ctx, { role: 'remitter', fullName: 'rita remitter' });
    const plan = await call(admin, 'POST', '/api/subscription', { name: 'daily', vehicleType: 'keke', price: 2500 });
    expect(plan.status).toBe(201);

    async function closeWith(counted: number): Promise<string> {
      const motorist = await createMotorist(ctx, 'keke');
      const paid = await call(
        remitter,
        'POST',
        '/api/field/subscription-payment',
        { userCode: motorist.userCode, subscriptionId: plan.body.data.id, modeOfPayment: 'cash' },
        { 'idempotency-key': newKey() },
      );
      expect(paid.status, JSON.stringify(paid.body)).toBe(201);
      const closed = await ctx.app.inject({
        method: 'POST',
        url: '/api/field/till/close',
        headers: await remitter.headers({ 'idempotency-key': newKey() }),
        payload: multipartForm(
          {
            counted: String(counted),
            lodgementKind: 'deposit',
            bankName: 'gtbank',
            tellerNo: 'T-1',
            lodgedOn: '2026-07-01',
            capturedAt: clock.now().toISOString(),
          },
          { slip: png() },
        ),
      });
      expect(closed.statusCode, closed.body).toBe(201);
      return closed.json().data.id;
    }

    const exact = await closeWith(2500);
    expect((await call(manager, 'POST', `/api/tills/closes/${exact}/approve`, {})).status).toBe(200);

    const short = await closeWith(2000);
    const sent = await call(manager, 'POST', `/api/tills/closes/${short}/approve`, { reason: 'Counted twice, ₦500 short' });
    expect(sent.status).toBe(202);
    expect(sent.body.data).toMatchObject({ kind: 'till-shortage-writeoff', after: { shortage: 500 } });
    const status = async () => (await rowsOf<{ status: string }>(ctx.database.db, sql`SELECT status FROM till_closes WHERE id = ${short}::uuid`))[0]!.status;
    expect(await status()).toBe('pending');
    expect((await approve(manager, sent.body.data.id)).status).toBe(403);
    expect((await approve(admin, sent.body.data.id)).status).toBe(200);
    expect(await status()).toBe('approved');
    const decided = await rowsOf<{ by: string }>(ctx.database.db, sql`SELECT decided_by::text AS by FROM till_closes WHERE id = ${short}::uuid`);
    expect(decided[0]!.by).toBe(manager.person.id);
    const lines = await rowsOf<{ kind: string }>(ctx.database.db, sql`SELECT e.kind FROM ledger_entries e WHERE e.source_id = ${short}::uuid ORDER BY e.kind`);
    expect(lines.map((line) => line.kind)).toContain('till_variance');
  });
});

describe('payment reversal', () => {
  it('a payment is reversed only when a second admin approves, and an already reversed one is refused at once', async () => {
    const admin = await session(ctx, { role: 'admin' });
    const remitter = await session(ctx, { role: 'remitter' });
    const plan = await call(admin, 'POST', '/api/subscription', { name: 'weekly', vehicleType: 'bus', price: 4000 });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    const motorist = await createMotorist(ctx, 'bus');
    const paid = await call(
      remitter,
      'POST',
      '/api/field/subscription-payment',
      { userCode: motorist.userCode, subscriptionId: plan.body.data.id, modeOfPayment: 'cash', capturedAt: clock.now().toISOString() },
      { 'idempotency-key': newKey() },
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const paymentId: string = paid.body.data.payment._id;
    const status = async () =>
      (await rowsOf<{ status: string }>(ctx.database.db, sql`SELECT status FROM subscription_payments WHERE id = ${paymentId}`))[0]!.status;

    const sent = await call(superAdmin, 'POST', `/api/payment/${paymentId}/reverse`, { reason: 'Recorded against the wrong vehicle' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    expect(sent.body.data).toMatchObject({ kind: 'payment-reversal', before: { status: 'success' }, after: { status: 'reversed' } });
    expect(await status()).toBe('success');
    expect((await approve(superAdmin, sent.body.data.id)).status).toBe(403);
    expect((await approve(otherSuperAdmin, sent.body.data.id)).status).toBe(200);
    expect(await status()).toBe('reversed');

    // The action's own refusal comes at once, not as a request.
    const again = await call(superAdmin, 'POST', `/api/payment/${paymentId}/reverse`, { reason: 'Twice' });
    expect(again.status).toBe(409);
  });
});

describe('suspense', () => {
  it('a suspense refund waits for a second admin; the item stays open until then', async () => {
    const held = await ctx.database.db.transaction((tx) =>
      receiveIntoSuspense(tx, {
        provider: 'paystack',
        reference: 'T-APPROVAL-REFUND',
        amountKobo: 123_400,
        currency: 'NGN',
        reason: 'amount',
        detail: 'test',
        motoristId: null,
        occurredAt: clock.now(),
        receivedAt: clock.now(),
      }),
    );
    const status = async () => (await rowsOf<{ status: string }>(ctx.database.db, sql`SELECT status FROM suspense_items WHERE id = ${held.id}`))[0]!.status;
    const sent = await call(superAdmin, 'POST', `/api/suspense/${held.id}/refund`, { refundReference: 'RF-APPROVAL', note: 'sender asked for it back' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    expect(sent.body.data).toMatchObject({ kind: 'suspense-refund', before: { status: 'open' }, after: { status: 'refunded' } });
    expect(await status()).toBe('open');
    expect((await approve(superAdmin, sent.body.data.id)).status).toBe(403);
    expect((await approve(otherSuperAdmin, sent.body.data.id)).status).toBe(200);
    expect(await status()).toBe('refunded');
  });
});
