import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { lagosDay } from '../../domain/calendar.ts';
import { createTestContext, signedInPerson, type TestContext } from '../../../test/harness.ts';
import { createMotorist } from '../../../test/tickets.ts';
import { paystackSignature } from './provider/signature.ts';
import { startPaystackStandin, type PaystackStandin } from './provider/standin.ts';
import { ONLINE_PAYMENTS_AGENT } from '../suspense/index.ts';
import { WEBHOOK_PATH } from './routes.ts';

// Issue 43: a payment through the provider's USSD channel is recorded with mode ussd; the "Online
// payments" user it is recorded under (a system user, 0062) is no agent: out of the people lists, the
// agents' counts and the top agents, while its payments count wherever payments count.

const KEY = 'sk_test_paymodes0001';
const WEEKLY_KOBO = 150_000;

let ctx: TestContext;
let standin: PaystackStandin;
let planId: string;
let admin: { headers: Record<string, string> };
let remitterManager: { headers: Record<string, string> };

beforeAll(async () => {
  standin = await startPaystackStandin({ secretKey: KEY });
  ctx = await createTestContext({ publicUrl: 'http://levy.test', onlinePayments: { secretKey: KEY, baseUrl: standin.url } });
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  standin.webhookUrl = `${address}${WEBHOOK_PATH}`;
  planId = randomUUID();
  await ctx.database.db.execute(
    sql`INSERT INTO subscription_plans (id, name, vehicle_type, price_kobo, created_at, updated_at) VALUES (${planId}, 'weekly', 'keke', ${WEEKLY_KOBO}, now(), now())`,
  );
  admin = await signedInPerson(ctx, { role: 'super-admin', fullName: 'pay modes admin' });
  remitterManager = await signedInPerson(ctx, { role: 'manager', department: 'remitter-manager' });
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await standin?.close();
});

const db = () => ctx.database.db;
const get = (url: string, headers = admin.headers) => ctx.app.inject({ method: 'GET', url, headers });
const today = () => lagosDay(new Date());

/** Starts a checkout from the vehicle page and pays it by `channel` at the stand-in; answers the recorded payment. */
async function payBy(channel: string) {
  const motorist = await createMotorist(ctx, 'keke');
  const reply = await ctx.app.inject({
    method: 'POST',
    url: `/v/${motorist.userCode}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ item: planId, phone: '' }).toString(),
  });
  expect(reply.statusCode, reply.body).toBe(303);
  const [op] = await rowsOf<{ reference: string }>(db(), sql`SELECT reference FROM online_payments WHERE motorist_id = ${motorist.id}`);
  await standin.pay(op!.reference, channel);
  // The verify on the way back credits it whether or not the webhook was applied yet.
  const back = await ctx.app.inject({ method: 'GET', url: `/v/${motorist.userCode}/paid?reference=${op!.reference}` });
  expect(back.statusCode).toBe(200);
  const [payment] = await rowsOf<{ receipt_no: string; mode_of_payment: string; remitter_id: string }>(
    db(),
    sql`SELECT receipt_no, mode_of_payment, remitter_id FROM subscription_payments WHERE motorist_id = ${motorist.id}`,
  );
  return { motorist, payment: payment!, reference: op!.reference };
}

describe('the mode of an online payment follows the provider channel', () => {
  it('ussd → ussd, bank_transfer → transfer, card → card; one reference claimed per mode', async () => {
    const ussd = await payBy('ussd');
    expect(ussd.payment.mode_of_payment).toBe('ussd');
    expect(ussd.payment.remitter_id).toBe(ONLINE_PAYMENTS_AGENT.id);
    expect((await payBy('bank_transfer')).payment.mode_of_payment).toBe('transfer');
    expect((await payBy('card')).payment.mode_of_payment).toBe('card');
    const [claimed] = await rowsOf<{ mode_of_payment: string }>(
      db(),
      sql`SELECT mode_of_payment FROM payment_references WHERE reference_key = ${`PAYSTACK:${ussd.reference}`.toUpperCase()}`,
    );
    expect(claimed?.mode_of_payment).toBe('ussd');
  });

  it('the payment list filters by ussd (its rows, count and total) and shows the mode', async () => {
    const { payment } = await payBy('ussd');
    const reply = await get(`/api/sub-history?modeOfPayment=ussd&limit=100`);
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json();
    const rows = body.data as Array<{ receiptNo: string; modeOfPayment: string }>;
    expect(rows.map((row) => row.receiptNo)).toContain(payment.receipt_no);
    expect(rows.every((row) => row.modeOfPayment === 'ussd')).toBe(true);
    expect(body.paginator.total ?? body.paginator.totalCount ?? rows.length).toBe(rows.length);
    expect(body.summary.count).toBe(rows.length);
    const cards = (await get(`/api/sub-history?modeOfPayment=card&limit=100`)).json().data as Array<{ receiptNo: string }>;
    expect(cards.map((row) => row.receiptNo)).not.toContain(payment.receipt_no);
  });

  it('a USSD checkout sent to suspense (wrong amount) and assigned by staff is recorded as ussd', async () => {
    const motorist = await createMotorist(ctx, 'keke');
    const otherPlan = randomUUID();
    await db().execute(
      sql`INSERT INTO subscription_plans (id, name, vehicle_type, price_kobo, created_at, updated_at) VALUES (${otherPlan}, 'daily', 'keke', ${WEEKLY_KOBO - 100}, now(), now())`,
    );
    const started = await ctx.app.inject({
      method: 'POST',
      url: `/v/${motorist.userCode}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ item: planId, phone: '' }).toString(),
    });
    expect(started.statusCode).toBe(303);
    const [op] = await rowsOf<{ reference: string }>(db(), sql`SELECT reference FROM online_payments WHERE motorist_id = ${motorist.id}`);
    const payload = JSON.stringify({
      event: 'charge.success',
      data: { id: 4301, reference: op!.reference, amount: WEEKLY_KOBO - 100, currency: 'NGN', status: 'success', channel: 'ussd' },
    });
    const headers = { 'content-type': 'application/json', 'x-paystack-signature': paystackSignature(KEY, payload) };
    expect((await ctx.app.inject({ method: 'POST', url: WEBHOOK_PATH, headers, payload })).statusCode).toBe(200);
    let item: { id: string } | undefined;
    for (let i = 0; i < 100 && !item; i++) {
      [item] = await rowsOf<{ id: string }>(db(), sql`SELECT id FROM suspense_items WHERE reference = ${op!.reference} AND channel = 'ussd'`);
      if (!item) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(item).toBeDefined();
    const assigned = await ctx.app.inject({
      method: 'POST',
      url: `/api/suspense/${item!.id}/assign`,
      headers: admin.headers,
      payload: { userCode: motorist.userCode, kind: 'subscription', subscriptionId: otherPlan, note: 'paid the daily ticket by USSD' },
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    const [payment] = await rowsOf<{ mode_of_payment: string }>(
      db(),
      sql`SELECT mode_of_payment FROM subscription_payments WHERE motorist_id = ${motorist.id}`,
    );
    expect(payment?.mode_of_payment).toBe('ussd');
  });

  it('an agent may not send ussd (400 naming modeOfPayment)', async () => {
    const remitter = await signedInPerson(ctx, { role: 'remitter' });
    const motorist = await createMotorist(ctx, 'keke');
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/field/subscription-payment',
      headers: { ...remitter.headers, 'idempotency-key': randomUUID() },
      payload: { userCode: motorist.userCode, subscriptionId: planId, modeOfPayment: 'ussd', bankName: 'gtbank', reference: 'U-1' },
    });
    expect(reply.statusCode, reply.body).toBe(400);
    expect(reply.body).toContain('modeOfPayment');
  });
});

describe('the "Online payments" system user', () => {
  it('is not in the remitter list, its counts, the top agents or the remitter dashboard; its payments still count', async () => {
    await payBy('card');
    const remitters = await get('/api/agent/user?role=remitter&limit=100');
    expect(remitters.statusCode, remitters.body).toBe(200);
    const ids = (remitters.json().data as Array<{ _id: string }>).map((row) => row._id);
    expect(ids).not.toContain(ONLINE_PAYMENTS_AGENT.id);
    expect(remitters.json().paginator.total ?? ids.length).toBe(ids.length);
    expect((await get('/api/agent/user?role=remitter&status=suspended&limit=100')).json().data).toEqual([]);
    expect((await get('/api/agent/user?role=remitter&search=online&limit=100')).json().data).toEqual([]);

    const range = `startDate=${today()}&endDate=${today()}`;
    const top = await get(`/api/performingAgentChart?${range}`);
    expect(top.statusCode, top.body).toBe(200);
    expect((top.json().data as Array<{ _id: string }>).map((agent) => agent._id)).not.toContain(ONLINE_PAYMENTS_AGENT.id);

    const board = await get(`/api/remitterdashboard?${range}`, remitterManager.headers);
    expect(board.statusCode, board.body).toBe(200);
    const data = board.json().data ?? board.json();
    expect((data.topAgents as Array<{ _id: string }>).map((agent) => agent._id)).not.toContain(ONLINE_PAYMENTS_AGENT.id);
    expect(data.agents.suspended).toBe(0);

    const [counted] = await rowsOf<{ n: string | number }>(
      db(),
      sql`SELECT count(*) AS n FROM subscription_payments WHERE remitter_id = ${ONLINE_PAYMENTS_AGENT.id}`,
    );
    const admins = await get(`/api/sub-history?limit=1`);
    expect(admins.json().summary.count).toBeGreaterThanOrEqual(Number(counted!.n));
    const [system] = await rowsOf<{ is_system: boolean }>(db(), sql`SELECT is_system FROM users WHERE id = ${ONLINE_PAYMENTS_AGENT.id}`);
    expect(system?.is_system).toBe(true);
  });
});
