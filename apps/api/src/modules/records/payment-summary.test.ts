import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlledClock, createTestContext, NO_CASH_LIMITS, type TestContext } from '../../../test/harness.ts';
import { createMotorist, newKey, session, type Session } from '../../../test/tickets.ts';
import { rowsOf } from '../../db/rows.ts';

// Issue 26: the payment lists' summary { count, amount } of the whole filter, from the counters
// (0040), equals a recount of the payments; the lists filter by vehicle type, plan, mode, remitter, status.
const clock = controlledClock('2026-04-27T08:00:00Z');
let ctx: TestContext;
let admin: Session;
let r1: Session;
let r2: Session;
const plans: Record<string, string> = {};

async function post(url: string, who: Session, payload: Record<string, unknown>, extra: Record<string, string> = {}) {
  const reply = await ctx.app.inject({ method: 'POST', url, headers: await who.headers(extra), payload });
  if (reply.statusCode !== 201) throw new Error(`${url}: ${reply.statusCode} ${reply.body}`);
  return reply.json().data;
}

beforeAll(async () => {
  ctx = await createTestContext({ clock, tills: NO_CASH_LIMITS });
  admin = await session(ctx, { role: 'admin' });
  r1 = await session(ctx, { role: 'remitter' });
  r2 = await session(ctx, { role: 'remitter' });
  for (const [name, vehicleType, price] of [
    ['weekly', 'keke', 1000],
    ['daily', 'keke', 150.5],
    ['weekly', 'bus', 1500],
  ] as const) {
    plans[`${name}-${vehicleType}`] = (await post('/api/subscription', admin, { name, vehicleType, price })).id;
  }
  await post('/api/penalty', admin, { vehicleType: 'keke', price: 500 });
  const keke = await createMotorist(ctx, 'keke');
  const bus = await createMotorist(ctx, 'bus');
  // Payments across April into May (Lagos days), by two remitters, in three modes.
  const payments: Array<[string, Session, typeof keke, string, string]> = [
    ['2026-04-28T10:00:00Z', r1, keke, 'weekly-keke', 'cash'],
    ['2026-04-29T23:30:00Z', r2, bus, 'weekly-bus', 'transfer'], // 30 April in Lagos
    ['2026-04-30T23:30:00Z', r1, keke, 'daily-keke', 'pos'], // 1 May in Lagos
    ['2026-05-02T09:00:00Z', r2, keke, 'weekly-keke', 'cash'],
    ['2026-05-02T15:00:00Z', r1, bus, 'weekly-bus', 'cash'],
    ['2026-05-03T12:00:00Z', r2, keke, 'daily-keke', 'transfer'],
  ];
  for (const [at, who, motorist, plan, mode] of payments) {
    clock.set(at);
    await post(
      '/api/field/subscription-payment',
      who,
      { userCode: motorist.userCode, subscriptionId: plans[plan], modeOfPayment: mode, bankName: 'gtbank', reference: mode === 'cash' ? undefined : newKey() },
      {
        'idempotency-key': newKey(),
      },
    );
  }
  // Penalties: the keke motorist owes, then pays part of it twice.
  await ctx.app.inject({ method: 'POST', url: '/api/specificPenalty', headers: await admin.headers(), payload: { id: keke.id, price: 900 } });
  for (const [at, amount] of [
    ['2026-05-02T10:00:00Z', 300],
    ['2026-05-03T10:00:00Z', 250.25],
  ] as const) {
    clock.set(at);
    await post('/api/field/penalty-payment', r1, { userCode: keke.userCode, amount, modeOfPayment: 'cash' }, { 'idempotency-key': newKey() });
  }
}, 300_000);
afterAll(async () => ctx.close());

async function summaryOf(path: string, query: Record<string, string> = {}) {
  const reply = await ctx.app.inject({ method: 'GET', url: `/api/${path}?${new URLSearchParams(query)}`, headers: await admin.headers() });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json();
}

/** The same summary counted the slow way: every matching payment, summed. */
async function recount(table: 'subscription_payments' | 'penalty_payments', where: string) {
  const [row] = await rowsOf<{ count: number; amount: number }>(
    ctx.database.db,
    sql.raw(`SELECT count(*)::int AS count, coalesce(sum(amount_kobo), 0)::float / 100 AS amount FROM ${table} WHERE ${where}`),
  );
  return row;
}

const lagos = (day: string) => `created_at >= '${day}T00:00:00+01:00'`;
const beforeLagos = (day: string) => `created_at < '${day}T00:00:00+01:00'`;

describe('payment list summaries', () => {
  it.each([
    ['the whole list', {}, 'true'],
    ['a range of whole Lagos days', { startDate: '2026-04-30', endDate: '2026-05-02' }, `${lagos('2026-04-30')} AND ${beforeLagos('2026-05-03')}`],
    // The same shape as the range before it (its statement is reused), other days.
    ['another range of whole Lagos days', { startDate: '2026-05-02', endDate: '2026-05-03' }, `${lagos('2026-05-02')} AND ${beforeLagos('2026-05-04')}`],
    [
      'a range with partial days at its edges',
      { startDate: '2026-04-29T12:00:00.000Z', endDate: '2026-05-02T12:00:00.000Z' },
      "created_at >= '2026-04-29T12:00:00Z' AND created_at <= '2026-05-02T12:00:00Z'",
    ],
    ['a vehicle type', { vehicleType: 'bus' }, "vehicle_type = 'bus'"],
    ['a plan, searched', { search: 'daily' }, "plan_name = 'daily'"],
    ['a plan, filtered, in May', { plan: 'weekly', startDate: '2026-05-01' }, `plan_name = 'weekly' AND ${lagos('2026-05-01')}`],
    ['a mode of payment', { modeOfPayment: 'cash' }, "mode_of_payment = 'cash'"],
    ['a status', { status: 'success' }, "status = 'success'"],
    ['a status nobody has', { status: 'failed' }, "status = 'failed'"],
    ['several filters at once', { vehicleType: 'keke', modeOfPayment: 'transfer' }, "vehicle_type = 'keke' AND mode_of_payment = 'transfer'"],
  ] as const)('Transaction History: %s, equal to a recount', async (_name, query, where) => {
    const reply = await summaryOf('sub-history', query);
    const expected = await recount('subscription_payments', where);
    expect(reply.summary).toEqual(expected);
    expect(reply.paginator.total).toBe(expected.count);
  });

  it('by remitter, and by a Unique ID search', async () => {
    const byRemitter = await summaryOf('sub-history', { remitter: r2.person.id });
    expect(byRemitter.summary).toEqual(await recount('subscription_payments', `remitter_id = '${r2.person.id}'`));
    expect(byRemitter.data.every((row: { addedBy: { id: string } }) => row.addedBy.id === r2.person.id)).toBe(true);
    const search = await summaryOf('sub-history', { search: r1.person.userCode });
    expect(search.summary).toEqual(await recount('subscription_payments', `remitter_id = '${r1.person.id}'`));
  });

  it('Penalty Payment History has its own summary; a filter contradicting the search matches nothing', async () => {
    expect((await summaryOf('penalty-history')).summary).toEqual({ count: 2, amount: 550.25 });
    expect((await summaryOf('penalty-history', { startDate: '2026-05-03' })).summary).toEqual({ count: 1, amount: 250.25 });
    const none = await summaryOf('sub-history', { search: 'keke', vehicleType: 'bus' });
    expect(none).toMatchObject({ data: [], summary: { count: 0, amount: 0 } });
  });

  it('refuses a bad filter with 400 naming it', async () => {
    for (const [query, message] of [
      [{ vehicleType: 'lorry' }, 'vehicleType must be one of keke, bus, bike'],
      [{ remitter: 'x' }, 'remitter must be a valid id'],
      [{ status: 'lost' }, 'status must be one of success, pending, failed, reversed'],
    ] as const) {
      const reply = await ctx.app.inject({ method: 'GET', url: `/api/sub-history?${new URLSearchParams(query)}`, headers: await admin.headers() });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe(message);
    }
  });

  it('keeps the counters right after the counts are rebuilt and compacted', async () => {
    const before = (await summaryOf('sub-history', { startDate: '2026-04-28', endDate: '2026-05-03' })).summary;
    await ctx.database.db.execute(sql`SELECT rebuild_list_counts()`);
    await ctx.database.db.execute(sql`SELECT compact_counts('2026-06-01')`);
    expect((await summaryOf('sub-history', { startDate: '2026-04-28', endDate: '2026-05-03' })).summary).toEqual(before);
    expect(before).toEqual(await recount('subscription_payments', `${lagos('2026-04-28')} AND ${beforeLagos('2026-05-04')}`));
  });
});
