import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseReceiptNo, RECEIPT_ALPHABET, receiptCheckChar } from '@eticket/contracts';
import { controlledClock, createTestContext, type TestContext } from '../../../test/harness.ts';
import { emptyTestDatabase } from '../../../test/template-database.ts';
import { createMotorist, newKey, session, type Session } from '../../../test/tickets.ts';
import { migrate, readMigrations } from '../../db/migrate.ts';
import { penaltyPayments, subscriptionPayments, ticketSubscriptions } from '../../db/schema.ts';

const clock = controlledClock('2026-05-01T09:00:00Z');
let ctx: TestContext;
let admin: Session;
let remitter: Session;
let planId: string;

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  admin = await session(ctx, { role: 'admin' });
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

describe('receipt numbers of recorded payments', () => {
  it('every subscription and penalty payment gets its own, shown in the reply, the lists and the subscription', async () => {
    const motorist = await createMotorist(ctx, 'keke');
    const first = (await pay('/api/field/subscription-payment', { userCode: motorist.userCode, subscriptionId: planId, modeOfPayment: 'cash' })).json().data;
    const second = (await pay('/api/field/subscription-payment', { userCode: motorist.userCode, subscriptionId: planId, modeOfPayment: 'cash' })).json().data;
    await ctx.database.db.update(ticketSubscriptions).set({ outstandingPenaltyKobo: 50_000 }).where(eq(ticketSubscriptions.userId, motorist.id));
    const penalty = (await pay('/api/field/penalty-payment', { userCode: motorist.userCode, amount: 200, modeOfPayment: 'cash' })).json().data;

    for (const receipt of [first.payment.receiptNo, second.payment.receiptNo]) expect(receipt).toMatch(/^S/);
    expect(penalty.payment.receiptNo).toMatch(/^P/);
    const all = [first, second, penalty].map((d) => d.payment.receiptNo);
    for (const receipt of all) expect(parseReceiptNo(receipt)).toBe(receipt);
    expect(new Set(all).size).toBe(3);

    expect(second.ticketSubscription.lastReceiptNo).toBe(second.payment.receiptNo);
    expect(penalty.ticketSubscription.lastReceiptNo).toBe(second.payment.receiptNo);
    const details = await ctx.app.inject({ method: 'GET', url: `/api/user/${motorist.id}/details`, headers: await admin.headers() });
    expect(details.json().data.ticketSubscription.lastReceiptNo).toBe(second.payment.receiptNo);

    const history = await ctx.app.inject({ method: 'GET', url: `/api/sub-history?search=${motorist.userCode}`, headers: await admin.headers() });
    expect(
      history
        .json()
        .data.map((p: { receiptNo: string }) => p.receiptNo)
        .sort(),
    ).toEqual([first.payment.receiptNo, second.payment.receiptNo].sort());
    const penalties = await ctx.app.inject({ method: 'GET', url: `/api/penalty-history?search=${motorist.userCode}`, headers: await admin.headers() });
    expect(penalties.json().data.map((p: { receiptNo: string }) => p.receiptNo)).toEqual([penalty.payment.receiptNo]);

    const [stored] = await ctx.database.db
      .select({ receiptNo: penaltyPayments.receiptNo })
      .from(penaltyPayments)
      .where(eq(penaltyPayments.id, penalty.payment.id));
    expect(stored.receiptNo).toBe(penalty.payment.receiptNo);
  });

  it('a repeat of a payment (same Idempotency-Key) answers the same receipt number', async () => {
    const motorist = await createMotorist(ctx, 'keke');
    const key = newKey();
    const payload = { userCode: motorist.userCode, subscriptionId: planId, modeOfPayment: 'cash' };
    const once = await ctx.app.inject({
      method: 'POST',
      url: '/api/field/subscription-payment',
      headers: await remitter.headers({ 'idempotency-key': key }),
      payload,
    });
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/field/subscription-payment',
      headers: await remitter.headers({ 'idempotency-key': key }),
      payload,
    });
    expect(again.json().data.payment.receiptNo).toBe(once.json().data.payment.receiptNo);
  });

  it("the database's receipt functions make what the contracts' check accepts", async () => {
    let receipts: { receipt: string }[] = [];
    let checks: { check: string }[] = [];
    const bodies = Array.from({ length: 100 }, () => 'S' + Array.from({ length: 10 }, () => RECEIPT_ALPHABET[Math.floor(Math.random() * 31)]).join(''));
    await ctx.database.rawTransaction(async ({ query }) => {
      receipts = await query(`SELECT new_receipt_no(CASE WHEN i % 2 = 0 THEN 'S' ELSE 'P' END) AS receipt FROM generate_series(1, 500) AS i`);
      checks = await query(`SELECT receipt_check_char(b) AS check FROM unnest($1::text[]) WITH ORDINALITY AS t(b, n) ORDER BY n`, [bodies]);
    });
    expect(receipts).toHaveLength(500);
    for (const { receipt } of receipts) expect(parseReceiptNo(receipt)).toBe(receipt);
    expect(new Set(receipts.map((r) => r.receipt.slice(1, 11))).size).toBe(500);
    expect(checks.map((r) => r.check)).toEqual(bodies.map(receiptCheckChar));
  });

  it('a bulk insert that names no receipt number gets one from the column default', async () => {
    const [existing] = await ctx.database.db.select().from(subscriptionPayments).limit(1);
    const { id: _id, receiptNo: _receipt, ...rest } = existing;
    const [copy] = await ctx.database.db.insert(subscriptionPayments).values(rest).returning({ receiptNo: subscriptionPayments.receiptNo });
    expect(parseReceiptNo(copy.receiptNo)).toBe(copy.receiptNo);
    expect(copy.receiptNo).not.toBe(existing.receiptNo);
  });
});

describe('migration 0018 gives the payments recorded before it a receipt number', () => {
  it('each payment a valid, distinct number of its kind; each subscription its last payment’s', { timeout: 120_000 }, async () => {
    const { database, drop } = await emptyTestDatabase();
    try {
      const migrations = readMigrations();
      await migrate(
        database,
        migrations.filter((m) => m.name < '0018'),
      );
      await database.rawTransaction(async ({ exec }) => {
        await exec(`
          INSERT INTO users (id, user_code, full_name, email, phone, password_hash, role)
          VALUES ('00000000-0000-4000-8000-000000000001', 'motorist01', 'm', 'm@x.ng', '080', 'x', 'motorist'),
                 ('00000000-0000-4000-8000-000000000002', 'remitter01', 'r', 'r@x.ng', '081', 'x', 'remitter');
          INSERT INTO subscription_plans (id, name, vehicle_type, price_kobo, created_at, updated_at)
          VALUES ('00000000-0000-4000-8000-000000000010', 'weekly', 'keke', 100000, now(), now());
          INSERT INTO ticket_subscriptions (id, user_id, expires_at, created_at, updated_at)
          VALUES ('00000000-0000-4000-8000-000000000020', '00000000-0000-4000-8000-000000000001', now(), now(), now());
          INSERT INTO subscription_payments (motorist_id, remitter_id, subscription_id, plan_id, plan_name, vehicle_type, amount_kobo, mode_of_payment,
                                             expires_before, expires_after, idempotency_key, created_at)
          SELECT '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000020',
                 '00000000-0000-4000-8000-000000000010', 'weekly', 'keke', 100000, 'cash', now(), now(), 'k' || i, timestamptz '2026-01-01' + i * interval '1 hour'
          FROM generate_series(1, 300) AS i;
          INSERT INTO penalty_payments (motorist_id, remitter_id, subscription_id, vehicle_type, amount_kobo, mode_of_payment,
                                        outstanding_before_kobo, outstanding_after_kobo, idempotency_key, created_at)
          SELECT '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000020',
                 'keke', 100, 'cash', 100, 0, 'p' || i, now()
          FROM generate_series(1, 100) AS i;`);
      });
      await migrate(database, migrations);
      let receipts: { kind: string; receipt_no: string }[] = [];
      let last: { last_receipt_no: string; newest: string }[] = [];
      await database.rawTransaction(async ({ query }) => {
        receipts = await query(`SELECT 'S' AS kind, receipt_no FROM subscription_payments UNION ALL SELECT 'P', receipt_no FROM penalty_payments`);
        last = await query(
          `SELECT last_receipt_no, (SELECT receipt_no FROM subscription_payments ORDER BY created_at DESC LIMIT 1) AS newest FROM ticket_subscriptions`,
        );
      });
      expect(receipts).toHaveLength(400);
      for (const { kind, receipt_no } of receipts) {
        expect(parseReceiptNo(receipt_no)).toBe(receipt_no);
        expect(receipt_no[0]).toBe(kind);
      }
      expect(new Set(receipts.map((r) => r.receipt_no)).size).toBe(400);
      expect(last).toEqual([{ last_receipt_no: last[0].newest, newest: last[0].newest }]);
      expect(last[0].newest).toMatch(/^S/);
    } finally {
      await database.close();
      await drop();
    }
  });
});
