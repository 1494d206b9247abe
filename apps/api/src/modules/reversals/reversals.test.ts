import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerCheck } from '@eticket/contracts';
import { controlledClock, createTestContext, TEST_DB, type TestContext } from '../../../test/harness.ts';
import { createMotorist, newKey, session, type Session } from '../../../test/tickets.ts';
import { rowsOf } from '../../db/rows.ts';

/**
 * Issue 44: reversing a payment recorded in error (POST /api/payment/{id}/reverse): the ledger, the
 * payment, the subscription's expiry or penalty, the counters, the audit log and the public check.
 */
const clock = controlledClock('2026-06-10T09:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let ctx: TestContext;
let admin: Session;
let remitter: Session;
const plans: Record<'daily' | 'weekly', string> = { daily: '', weekly: '' };
let addresses = 0;

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  admin = await session(ctx, { role: 'admin', fullName: 'ade admin' });
  remitter = await session(ctx, { role: 'remitter', fullName: 'rita remitter' });
  for (const [name, price] of [
    ['daily', 200],
    ['weekly', 1000],
  ] as const) {
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscription',
      headers: await admin.headers(),
      payload: { name, vehicleType: 'keke', price },
    });
    plans[name] = reply.json().data.id;
  }
});
afterAll(async () => ctx.close());

const db = () => ctx.database.db;
const query = <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(db(), statement);

async function pay(motorist: { userCode: string }, plan: 'daily' | 'weekly', capturedAt: Date, modeOfPayment = 'cash') {
  const reply = await ctx.app.inject({
    method: 'POST',
    url: '/api/field/subscription-payment',
    headers: await remitter.headers({ 'idempotency-key': newKey() }),
    payload: {
      userCode: motorist.userCode,
      subscriptionId: plans[plan],
      modeOfPayment,
      capturedAt: capturedAt.toISOString(),
      ...(modeOfPayment === 'cash' ? {} : { bankName: 'access bank', reference: newKey() }),
    },
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().data.payment as { _id: string; receiptNo: string };
}

const reverse = async (paymentId: string, body: unknown, who: Session = admin) =>
  ctx.app.inject({ method: 'POST', url: `/api/payment/${paymentId}/reverse`, headers: await who.headers(), payload: body as object });

const expiryOf = async (motoristId: string) => {
  const [row] = await query<{ expires_at: Date | string; outstanding: string; accumulated: number; last_receipt_no: string | null }>(
    sql`SELECT expires_at, outstanding_penalty_kobo::text AS outstanding, accumulated, last_receipt_no FROM ticket_subscriptions WHERE user_id = ${motoristId}::uuid`,
  );
  return {
    expiresAt: new Date(row.expires_at).toISOString(),
    outstandingKobo: Number(row.outstanding),
    accumulated: row.accumulated,
    lastReceiptNo: row.last_receipt_no,
  };
};

const check = async (): Promise<LedgerCheck> => {
  const reply = await ctx.app.inject({ method: 'POST', url: '/api/ledger/integrity-check', headers: await admin.headers() });
  expect(reply.statusCode).toBe(201);
  return reply.json().data;
};

describe(`reversing a payment (${TEST_DB})`, () => {
  it('takes the expiry back as if the payment never was: later payments re-chained from their capture times', async () => {
    const motorist = await createMotorist(ctx, 'keke');
    const t0 = new Date(clock.now().getTime() - 48 * HOUR);
    const weekly = await pay(motorist, 'weekly', t0);
    // The subscription opened with the first payment: where its expiry stood before it.
    const [{ start }] = await query<{ start: string }>(
      sql`SELECT to_char(expires_before AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS start FROM subscription_payments WHERE id = ${weekly._id}::uuid`,
    );
    const daily = await pay(motorist, 'daily', new Date(t0.getTime() + HOUR), 'transfer');
    // The subscription opened at the motorist's registration (now), after t0: the weekly runs from then, the daily from its end.
    const opened = new Date(start).getTime();
    expect(opened).toBeGreaterThan(t0.getTime());
    expect((await expiryOf(motorist.id)).expiresAt).toBe(new Date(opened + 8 * DAY).toISOString());

    const reply = await reverse(weekly._id, { reason: '  paid for the wrong vehicle  ' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({
      message: 'Payment reversed',
      data: { paymentId: weekly._id, kind: 'subscription', receiptNo: weekly.receiptNo, amount: 1000, reason: 'paid for the wrong vehicle' },
    });
    // Only the daily stands, captured at t0 + 1 h, before the subscription's start: one day from the start.
    const after = await expiryOf(motorist.id);
    expect(after.expiresAt).toBe(new Date(opened + DAY).toISOString());
    expect(reply.json().data.expiresAfter).toBe(after.expiresAt);
    expect(after.accumulated).toBe(1);
    expect(after.lastReceiptNo).toBe(daily.receiptNo);
    const [rechained] = await query<{ expires_before: Date | string; expires_after: Date | string }>(
      sql`SELECT expires_before, expires_after FROM subscription_payments WHERE id = ${daily._id}::uuid`,
    );
    expect(new Date(rechained.expires_after).toISOString()).toBe(after.expiresAt);

    // Reversing the daily too: back where it started.
    expect((await reverse(daily._id, { reason: 'duplicate' })).statusCode).toBe(200);
    expect((await expiryOf(motorist.id)).expiresAt).toBe(start);
    expect((await expiryOf(motorist.id)).lastReceiptNo).toBeNull();
    expect((await check()).ok).toBe(true);
  });

  it('posts a reversing entry naming the payment’s entry: revenue back, the money held in suspense; the payment reads reversed, its amount unchanged', async () => {
    const motorist = await createMotorist(ctx, 'keke');
    const payment = await pay(motorist, 'weekly', clock.now());
    const [suspenseBefore] = await query<{ balance: string | null }>(
      sql`SELECT sum(debits_kobo - credits_kobo)::text AS balance FROM ledger_balances WHERE account_code = 'suspense'`,
    );
    expect((await reverse(payment._id, { reason: 'wrong motorist' })).statusCode).toBe(200);
    const lines = await query<{ kind: string; account: string; amount: string; names: boolean }>(sql`
      SELECT e.kind, l.account_code AS account, l.amount_kobo::text AS amount,
             e.reverses_id = (SELECT id FROM ledger_entries WHERE kind = 'subscription_payment' AND source_id = ${payment._id}::uuid) AS names
      FROM ledger_entries e JOIN ledger_lines l ON l.entry_id = e.id
      WHERE e.kind = 'reversal' AND e.reverses_id IN (SELECT id FROM ledger_entries WHERE source_id = ${payment._id}::uuid)
      ORDER BY l.line_no`);
    expect(lines).toEqual([
      { kind: 'reversal', account: 'suspense', amount: '-100000', names: true },
      { kind: 'reversal', account: 'revenue:subscription', amount: '100000', names: true },
    ]);
    const [suspenseAfter] = await query<{ balance: string }>(
      sql`SELECT sum(debits_kobo - credits_kobo)::text AS balance FROM ledger_balances WHERE account_code = 'suspense'`,
    );
    expect(Number(suspenseAfter.balance) - Number(suspenseBefore.balance ?? 0)).toBe(-100000);
    const [row] = await query<{ status: string; amount_kobo: string }>(
      sql`SELECT status, amount_kobo::text FROM subscription_payments WHERE id = ${payment._id}::uuid`,
    );
    expect(row).toEqual({ status: 'reversed', amount_kobo: '100000' });
    const listed = await ctx.app.inject({
      method: 'GET',
      url: `/api/sub-history?status=reversed&remitter=${remitter.person.id}`,
      headers: await admin.headers(),
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const rows = listed.json().data as Array<{ _id: string; status: string; amount: number }>;
    expect(rows.find((listedRow) => listedRow._id === payment._id)).toMatchObject({ status: 'reversed', amount: 1000 });
    const [audit] = await query<{ action: string; actor_id: string; after: { reason: string; status: string } }>(
      sql`SELECT action, actor_id::text, after FROM audit_log WHERE entity_id = ${payment._id}::uuid`,
    );
    expect(audit).toMatchObject({ action: 'payment.reversed', actor_id: admin.person.id, after: { reason: 'wrong motorist', status: 'reversed' } });
    expect((await check()).ok).toBe(true);
  });

  it('a cash payment stays in its till: the remitter still lodges the cash, the money held in suspense', async () => {
    const motorist = await createMotorist(ctx, 'keke');
    const payment = await pay(motorist, 'daily', clock.now());
    const tillOf = async () => {
      const [row] = await query<{ till_id: string; cash: string; balance: string }>(sql`
        SELECT p.till_id::text, t.cash_kobo::text AS cash,
               (SELECT sum(debits_kobo - credits_kobo) FROM ledger_balances WHERE account_code = ${`till:${remitter.person.id}`})::text AS balance
        FROM subscription_payments p JOIN tills t ON t.id = p.till_id WHERE p.id = ${payment._id}::uuid`);
      return row;
    };
    const before = await tillOf();
    expect(before.till_id).toBeTruthy();
    expect((await reverse(payment._id, { reason: 'wrong vehicle' })).statusCode).toBe(200);
    // The till's expected cash and its ledger account are as they were: the cash is still in hand.
    expect(await tillOf()).toEqual(before);
    const till = await ctx.app.inject({ method: 'GET', url: '/api/field/till', headers: await remitter.headers() });
    expect(till.statusCode, till.body).toBe(200);
    expect((await check()).ok).toBe(true);
  });

  it('takes the payment out of the dashboards’ counters and the allocation’s revenue', async () => {
    const motorist = await createMotorist(ctx, 'keke');
    const activity = async () => {
      const [row] = await query<{ n: string; kobo: string }>(sql`
        SELECT coalesce(sum(subscription_payments), 0)::text AS n, coalesce(sum(subscription_kobo), 0)::text AS kobo
        FROM daily_agent_activity WHERE agent_id = ${remitter.person.id}::uuid`);
      const [counted] = await query<{ n: string }>(sql`
        SELECT coalesce(sum(payments), 0)::text AS n FROM payment_counts WHERE payment_table = 'subscription_payments' AND filter = 'status' AND value = 'reversed'`);
      return { payments: Number(row.n), kobo: Number(row.kobo), reversed: Number(counted.n) };
    };
    const payment = await pay(motorist, 'daily', clock.now());
    const before = await activity();
    expect((await reverse(payment._id, { reason: 'test payment' })).statusCode).toBe(200);
    expect(await activity()).toEqual({ payments: before.payments - 1, kobo: before.kobo - 20000, reversed: before.reversed + 1 });
  });

  it('a penalty payment: the penalty it paid is owed again', async () => {
    const motorist = await createMotorist(ctx, 'keke');
    await pay(motorist, 'daily', clock.now());
    await ctx.app.inject({ method: 'POST', url: '/api/specificPenalty', headers: await admin.headers(), payload: { id: motorist.id, price: 500 } });
    const paid = await ctx.app.inject({
      method: 'POST',
      url: '/api/field/penalty-payment',
      headers: await remitter.headers({ 'idempotency-key': newKey() }),
      payload: { userCode: motorist.userCode, amount: 300, modeOfPayment: 'cash' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await expiryOf(motorist.id)).outstandingKobo).toBe(20000);
    const reply = await reverse(paid.json().data.payment._id, { reason: 'charged twice' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().data).toMatchObject({ kind: 'penalty', amount: 300, outstandingBefore: 200, outstandingAfter: 500, expiresBefore: null });
    expect((await expiryOf(motorist.id)).outstandingKobo).toBe(50000);
    expect((await check()).ok).toBe(true);
  });

  it('reversing twice is refused (409) naming when and by whom; the books hold one reversal', async () => {
    const motorist = await createMotorist(ctx, 'keke');
    const payment = await pay(motorist, 'daily', clock.now());
    expect((await reverse(payment._id, { reason: 'first' })).statusCode).toBe(200);
    const again = await reverse(payment._id, { reason: 'second' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^This payment was already reversed on .+ by ade admin$/);
    const [{ n }] = await query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ledger_entries WHERE kind = 'reversal' AND reverses_id IN (SELECT id FROM ledger_entries WHERE source_id = ${payment._id}::uuid)`,
    );
    expect(n).toBe(1);
  });

  it('refuses bad input naming the field, an unknown payment (404) and anyone without the books (403), writing nothing', async () => {
    const motorist = await createMotorist(ctx, 'keke');
    const payment = await pay(motorist, 'daily', clock.now());
    for (const body of [{}, { reason: '   ' }, { reason: 42 }, { reason: 'x'.repeat(501) }]) {
      const reply = await reverse(payment._id, body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(reply.json().message).toMatch(/reason/);
    }
    expect((await reverse('not-an-id', { reason: 'x' })).statusCode).toBe(400);
    expect((await reverse('00000000-0000-4000-8000-00000000abcd', { reason: 'x' })).statusCode).toBe(404);
    for (const who of [remitter, await session(ctx, { role: 'manager', department: 'remitter-manager' }), await session(ctx, { role: 'union' })]) {
      expect((await reverse(payment._id, { reason: 'x' }, who)).statusCode).toBe(403);
    }
    const [row] = await query<{ status: string }>(sql`SELECT status FROM subscription_payments WHERE id = ${payment._id}::uuid`);
    expect(row.status).toBe('success');
  });

  it('the public receipt check then says "Reversed on …" (page and JSON)', async () => {
    const motorist = await createMotorist(ctx, 'keke');
    const payment = await pay(motorist, 'weekly', clock.now());
    const open = (url: string) => ctx.app.inject({ method: 'GET', url, remoteAddress: `203.0.113.${(addresses += 1)}` });
    const genuine = await open(`/r/${payment.receiptNo}`);
    expect(genuine.body).toContain('Genuine receipt');
    clock.advance(HOUR);
    expect((await reverse(payment._id, { reason: 'wrong vehicle' })).statusCode).toBe(200);
    const page = await open(`/r/${payment.receiptNo}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('Genuine receipt');
    expect(page.body).toMatch(/Reversed on [^<]+: this payment no longer counts/);
    expect(page.body).toContain(`<title>Receipt ${payment.receiptNo}: reversed</title>`);
    const json = await open(`/api/public/receipts/${payment.receiptNo}`);
    expect(json.json().data.reversedAt).toBe(clock.now().toISOString());
  });
});
