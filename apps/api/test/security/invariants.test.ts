import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { penaltyAdjustments, penaltyPayments, subscriptionPayments, ticketSubscriptions } from '../../src/db/schema.ts';
import { controlledClock, createTestContext, rawRows, TEST_DB, type TestContext } from '../harness.ts';
import { createMotorist, newKey, session, type Session } from '../tickets.ts';

/**
 * The money invariants hold when payments, repeated Idempotency-Keys and penalty changes arrive all
 * at once: no double payment per key, outstanding penalty never below zero and never updated from a
 * stale value, accumulated count and amount equal to the subscription's payments.
 * (Percentages under concurrent allocation changes: modules/allocation/concurrency.test.ts.)
 */

const clock = controlledClock('2026-06-01T09:00:00Z');
let ctx: TestContext;
let admin: Session;
let remitters: Session[];
const plans: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  admin = await session(ctx, { role: 'admin' });
  remitters = [await session(ctx, { role: 'remitter' }), await session(ctx, { role: 'remitter' })];
  for (const [name, price] of [
    ['weekly', 1000],
    ['daily', 250.5],
  ] as const) {
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscription',
      headers: await admin.headers(),
      payload: { name, vehicleType: 'keke', price },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    plans[name] = reply.json().data.id;
  }
  await ctx.app.inject({ method: 'POST', url: '/api/penalty', headers: await admin.headers(), payload: { vehicleType: 'keke', price: 500 } });
});
afterAll(async () => ctx.close());

const paySubscription = async (who: Session, key: string, userCode: string, plan: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/field/subscription-payment',
    headers: await who.headers({ 'idempotency-key': key }),
    payload: { userCode, subscriptionId: plans[plan], modeOfPayment: 'cash' },
  });
const payPenalty = async (who: Session, key: string, userCode: string, amount: number) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/field/penalty-payment',
    headers: await who.headers({ 'idempotency-key': key }),
    payload: { userCode, amount, modeOfPayment: 'cash' },
  });
const setPenalty = async (subID: string, price: number) =>
  ctx.app.inject({ method: 'POST', url: '/api/specificPenalty', headers: await admin.headers(), payload: { subID, price } });

async function subscriptionOf(motoristId: string) {
  const [row] = await ctx.database.db.select().from(ticketSubscriptions).where(eq(ticketSubscriptions.userId, motoristId));
  return row;
}

/** The motorist's subscription, as the penalty page finds it (made on first sight when the motorist has none yet). */
async function lookedUpSubscription(userCode: string): Promise<{ id: string }> {
  const found = await ctx.app.inject({ method: 'POST', url: '/api/user', headers: await admin.headers(), payload: { userCode } });
  expect(found.statusCode, found.body).toBe(200);
  return found.json().data.ticketSubscription;
}

/** Shuffles in place (the order requests start in). */
function shuffled<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

/** Accumulated count and amount of every subscription equal to the count and sum of its successful payments. */
async function expectAccumulatedMatchesPayments(subscriptionIds: string[]) {
  const sums = await ctx.database.db
    .select({
      subscriptionId: subscriptionPayments.subscriptionId,
      n: sql<number>`count(*)::int`,
      total: sql<string>`sum(${subscriptionPayments.amountKobo})::text`,
    })
    .from(subscriptionPayments)
    .where(sql`${subscriptionPayments.status} = 'success' AND ${inArray(subscriptionPayments.subscriptionId, subscriptionIds)}`)
    .groupBy(subscriptionPayments.subscriptionId);
  const subscriptions = await ctx.database.db.select().from(ticketSubscriptions).where(inArray(ticketSubscriptions.id, subscriptionIds));
  for (const subscription of subscriptions) {
    const sum = sums.find((row) => row.subscriptionId === subscription.id);
    expect(subscription.accumulated, `accumulated of ${subscription.id}`).toBe(sum?.n ?? 0);
    expect(BigInt(subscription.accumulatedAmountKobo), `accumulated amount of ${subscription.id}`).toBe(BigInt(sum?.total ?? '0'));
  }
}

/** No (agent, key) recorded more than one payment, of either kind. */
async function expectOnePaymentPerKey() {
  for (const table of [subscriptionPayments, penaltyPayments]) {
    const doubled = await ctx.database.db
      .select({ agent: table.remitterId, key: table.idempotencyKey, n: sql<number>`count(*)::int` })
      .from(table)
      .groupBy(table.remitterId, table.idempotencyKey)
      .having(sql`count(*) > 1`);
    expect(doubled).toEqual([]);
  }
}

describe(`money invariants under concurrency (${TEST_DB})`, () => {
  it('many concurrent subscription payments, with keys sent once and keys sent three times by two remitters, record one payment per key', async () => {
    const motorists = await Promise.all([createMotorist(ctx, 'keke'), createMotorist(ctx, 'keke'), createMotorist(ctx, 'keke')]);
    const requests: { remitter: number; key: string; userCode: string; plan: string }[] = [];
    for (const motorist of motorists) {
      for (let i = 0; i < 12; i += 1) {
        const key = newKey();
        const plan = i % 2 === 0 ? 'weekly' : 'daily';
        const times = i % 3 === 0 ? 3 : 1;
        // The same key from both remitters: two agents, two payments.
        for (const remitter of i % 4 === 0 ? [0, 1] : [i % 2]) {
          for (let t = 0; t < times; t += 1) requests.push({ remitter, key, userCode: motorist.userCode, plan });
        }
      }
    }
    const replies = await Promise.all(
      shuffled([...requests]).map((r) => paySubscription(remitters[r.remitter], r.key, r.userCode, r.plan).then((reply) => ({ r, reply }))),
    );
    for (const { reply } of replies) expect([200, 201, 409], reply.body).toContain(reply.statusCode);

    const distinct = new Map<string, { userCode: string; plan: string }>();
    for (const r of requests) distinct.set(`${remitters[r.remitter].person.id}:${r.key}`, r);
    const succeeded = new Set(replies.filter(({ reply }) => reply.statusCode < 300).map(({ r }) => `${remitters[r.remitter].person.id}:${r.key}`));
    // Every key was answered with success at least once (a 409 is only "busy, try again" for a twin in flight).
    expect(succeeded.size).toBe(distinct.size);
    // Repeats of one key all carry the same answer (the same payment).
    const answers = new Map<string, string>();
    for (const { r, reply } of replies.filter(({ reply }) => reply.statusCode < 300)) {
      const id = `${remitters[r.remitter].person.id}:${r.key}`;
      const body = JSON.stringify(reply.json().data);
      if (answers.has(id)) expect(body).toBe(answers.get(id));
      else answers.set(id, body);
    }

    await expectOnePaymentPerKey();
    const subscriptionIds = await Promise.all(motorists.map(async (m) => (await subscriptionOf(m.id)).id));
    const payments = await ctx.database.db.select().from(subscriptionPayments).where(inArray(subscriptionPayments.subscriptionId, subscriptionIds));
    expect(payments).toHaveLength(distinct.size);
    await expectAccumulatedMatchesPayments(subscriptionIds);
    // The expiries chain: each payment extended the expiry the previous one left (none lost).
    for (const subscriptionId of subscriptionIds) {
      const chain = payments.filter((p) => p.subscriptionId === subscriptionId).sort((a, b) => a.expiresAfter.getTime() - b.expiresAfter.getTime());
      for (let i = 1; i < chain.length; i += 1) expect(chain[i].expiresBefore.getTime()).toBe(chain[i - 1].expiresAfter.getTime());
      const subscription = await subscriptionOf(chain[0].motoristId);
      expect(subscription.expiresAt.getTime()).toBe(chain.at(-1)!.expiresAfter.getTime());
    }
  });

  it('penalty payments racing to pay more than is owed never take the outstanding below zero nor lose a payment', async () => {
    const motorist = await createMotorist(ctx, 'keke');
    const subscription = await lookedUpSubscription(motorist.userCode);
    expect((await setPenalty(subscription.id, 1000)).statusCode).toBe(200);
    // 30 payments of 100 (3000 in all) against 1000 owed, some keys sent twice.
    const keys = Array.from({ length: 30 }, () => newKey());
    const sends = shuffled([...keys.map((key, i) => ({ key, remitter: i % 2 })), ...keys.slice(0, 8).map((key, i) => ({ key, remitter: i % 2 }))]);
    const replies = await Promise.all(sends.map((s) => payPenalty(remitters[s.remitter], s.key, motorist.userCode, 100)));
    for (const reply of replies) expect([200, 201, 400, 409], reply.body).toContain(reply.statusCode);
    for (const reply of replies.filter((r) => r.statusCode === 400)) expect(reply.json().message).toBeTruthy();

    await expectOnePaymentPerKey();
    const paid = await ctx.database.db.select().from(penaltyPayments).where(eq(penaltyPayments.subscriptionId, subscription.id));
    expect(paid).toHaveLength(10);
    const after = await subscriptionOf(motorist.id);
    expect(after.outstandingPenaltyKobo).toBe(0);
    const total = paid.reduce((sum, p) => sum + Number(p.amountKobo), 0);
    expect(total).toBe(100_000);
    for (const p of paid) expect(Number(p.outstandingAfterKobo)).toBe(Number(p.outstandingBeforeKobo) - Number(p.amountKobo));
  });

  it('penalty payments and specificPenalty changes racing leave a history with no lost update and nothing below zero', async () => {
    const motorist = await createMotorist(ctx, 'keke');
    const subscription = await lookedUpSubscription(motorist.userCode);
    expect((await setPenalty(subscription.id, 2000)).statusCode).toBe(200);
    const start = 200_000;
    const [startMark] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(penaltyAdjustments)
      .where(eq(penaltyAdjustments.subscriptionId, subscription.id));

    const work: (() => Promise<{ statusCode: number; body: string }>)[] = [];
    for (let i = 0; i < 40; i += 1) work.push(() => payPenalty(remitters[i % 2], newKey(), motorist.userCode, 50 + (i % 5) * 25));
    for (const price of [0, 300, 1500, 0, 700, 2500, 100, 900]) work.push(() => setPenalty(subscription.id, price));
    const replies = await Promise.all(shuffled(work).map((run) => run()));
    for (const reply of replies) expect([200, 201, 400, 409], reply.body).toContain(reply.statusCode);

    await expectOnePaymentPerKey();
    const after = await subscriptionOf(motorist.id);
    expect(Number(after.outstandingPenaltyKobo)).toBeGreaterThanOrEqual(0);
    const paid = await ctx.database.db.select().from(penaltyPayments).where(eq(penaltyPayments.subscriptionId, subscription.id));
    const adjustments = (
      await ctx.database.db
        .select()
        .from(penaltyAdjustments)
        .where(eq(penaltyAdjustments.subscriptionId, subscription.id))
        .orderBy(penaltyAdjustments.createdAt)
    ).slice(startMark.n);
    expect(adjustments).toHaveLength(8);

    // Each change is a step from one outstanding value to the next; in a history without lost updates
    // these steps chain from the start to the final value: every value is left as often as it is reached
    // (the start once more, the final value once less).
    const steps = [
      ...paid.map((p) => [Number(p.outstandingBeforeKobo), Number(p.outstandingAfterKobo)] as const),
      ...adjustments.map((a) => [Number(a.previousKobo), Number(a.newKobo)] as const),
    ];
    for (const [before, afterValue] of steps) {
      expect(before).toBeGreaterThanOrEqual(0);
      expect(afterValue).toBeGreaterThanOrEqual(0);
    }
    for (const p of paid) expect(Number(p.outstandingAfterKobo)).toBe(Number(p.outstandingBeforeKobo) - Number(p.amountKobo));
    const balance = new Map<number, number>();
    for (const [before, afterValue] of steps) {
      if (before === afterValue) continue;
      balance.set(before, (balance.get(before) ?? 0) + 1);
      balance.set(afterValue, (balance.get(afterValue) ?? 0) - 1);
    }
    const final = Number(after.outstandingPenaltyKobo);
    if (start !== final) {
      expect(balance.get(start) ?? 0).toBe(1);
      expect(balance.get(final) ?? 0).toBe(-1);
    }
    for (const [value, n] of balance) if (value !== start && value !== final) expect(n, `outstanding ${value}`).toBe(0);
  });

  it('subscription and penalty payments of one motorist racing together keep both invariants', async () => {
    const motorist = await createMotorist(ctx, 'keke');
    const subscription = await lookedUpSubscription(motorist.userCode);
    expect((await setPenalty(subscription.id, 600)).statusCode).toBe(200);
    const work: (() => Promise<{ statusCode: number; body: string }>)[] = [];
    for (let i = 0; i < 15; i += 1) work.push(() => paySubscription(remitters[i % 2], newKey(), motorist.userCode, i % 2 ? 'daily' : 'weekly'));
    for (let i = 0; i < 15; i += 1) work.push(() => payPenalty(remitters[i % 2], newKey(), motorist.userCode, 100));
    const replies = await Promise.all(shuffled(work).map((run) => run()));
    for (const reply of replies) expect([200, 201, 400, 409], reply.body).toContain(reply.statusCode);
    await expectOnePaymentPerKey();
    await expectAccumulatedMatchesPayments([subscription.id]);
    const after = await subscriptionOf(motorist.id);
    expect(after.accumulated).toBe(15);
    expect(Number(after.outstandingPenaltyKobo)).toBe(0);
    const paid = await ctx.database.db.select().from(penaltyPayments).where(eq(penaltyPayments.subscriptionId, subscription.id));
    expect(paid.reduce((sum, p) => sum + Number(p.amountKobo), 0)).toBe(60_000);
  });

  it("afterwards, the dashboards' roll-ups equal the payment tables, in all and per remitter (their triggers raced too)", async () => {
    const totals = (query: string) => rawRows<Record<string, string>>(ctx.database, query);
    const [rolled] = await totals(
      `SELECT sum(subscription_payments)::text AS sn, sum(subscription_kobo)::text AS sk, sum(penalty_payments)::text AS pn, sum(penalty_kobo)::text AS pk FROM daily_activity`,
    );
    const [recorded] = await totals(
      `SELECT (SELECT count(*)::text FROM subscription_payments WHERE status = 'success') AS sn,
              (SELECT sum(amount_kobo)::text FROM subscription_payments WHERE status = 'success') AS sk,
              (SELECT count(*)::text FROM penalty_payments WHERE status = 'success') AS pn,
              (SELECT sum(amount_kobo)::text FROM penalty_payments WHERE status = 'success') AS pk`,
    );
    expect(Number(recorded.sn)).toBeGreaterThanOrEqual(50);
    expect(rolled).toEqual(recorded);
    const perAgent = await totals(
      `SELECT agent_id::text AS agent, sum(subscription_kobo)::text AS sk, sum(penalty_kobo)::text AS pk FROM daily_agent_activity
         WHERE subscription_payments > 0 OR penalty_payments > 0 GROUP BY agent_id ORDER BY agent_id`,
    );
    const perRemitter = await totals(
      `SELECT remitter_id::text AS agent,
              coalesce((SELECT sum(amount_kobo) FROM subscription_payments s WHERE s.remitter_id = r.remitter_id AND status = 'success'), 0)::text AS sk,
              coalesce((SELECT sum(amount_kobo) FROM penalty_payments p WHERE p.remitter_id = r.remitter_id AND status = 'success'), 0)::text AS pk
         FROM (SELECT remitter_id FROM subscription_payments UNION SELECT remitter_id FROM penalty_payments) r ORDER BY remitter_id`,
    );
    expect(perAgent).toEqual(perRemitter);
  });
});
