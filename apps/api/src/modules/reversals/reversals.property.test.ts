import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_MODES_OF_PAYMENT, type PlanName } from '@eticket/contracts';
import { controlledClock, createTestContext, NO_CASH_LIMITS, TEST_DB, type TestContext } from '../../../test/harness.ts';
import { createMotorist, newKey, session, type Session } from '../../../test/tickets.ts';
import { rowsOf } from '../../db/rows.ts';
import { addPlanPeriod, openSubscriptions } from '../subscriptions/index.ts';

/**
 * Issue 44's property: a random sequence of subscription and penalty payments (plans, amounts, modes,
 * capture times up to 71 hours back, in any order), then a random subset of them reversed in a random
 * order, each through the endpoint: the ledger still sums to zero and passes the integrity check, the
 * motorist's expiry is the one the same sequence without the reversed payments gives (each payment
 * extends from max(its capture time, the expiry before it)), and the penalty owed is what the kept
 * penalty payments left of it.
 */
const clock = controlledClock('2026-07-01T09:00:00Z');
const HOUR = 3_600_000;
const PLANS: PlanName[] = ['daily', 'weekly', 'monthly'];
let ctx: TestContext;
let admin: Session;
let remitter: Session;
const planIds = new Map<PlanName, string>();

beforeAll(async () => {
  ctx = await createTestContext({ clock, tills: NO_CASH_LIMITS });
  admin = await session(ctx, { role: 'admin' });
  remitter = await session(ctx, { role: 'remitter' });
  for (const [i, name] of PLANS.entries()) {
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscription',
      headers: await admin.headers(),
      payload: { name, vehicleType: 'bus', price: 150 * (i + 1) + 0.25 },
    });
    planIds.set(name, reply.json().data.id);
  }
});
afterAll(async () => ctx.close());

const query = <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(ctx.database.db, statement);

const PENALTY_OWED_KOBO = 10_000_000;
const payment = fc.record({
  // A subscription payment of this plan, or a penalty payment of this many naira.
  plan: fc.oneof(fc.constantFrom(...PLANS), fc.integer({ min: 1, max: 5_000 })),
  mode: fc.constantFrom(...AGENT_MODES_OF_PAYMENT),
  // Minutes before now the payment was captured (the server takes captures up to 72 hours back).
  minutesBack: fc.integer({ min: 0, max: 71 * 60 }),
});
const scenario = fc
  .array(payment, { minLength: 1, maxLength: 6 })
  .chain((payments) => fc.record({ payments: fc.constant(payments), reversed: fc.shuffledSubarray([...payments.keys()]) }));

describe(`reversing random payments (${TEST_DB})`, () => {
  it('leaves the ledger balanced, the expiry and the penalty owed those of the sequence without them', async () => {
    let fromCapture = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async ({ payments, reversed }) => {
        const motorist = await createMotorist(ctx, 'bus');
        // Opened at registration (as a payment would open it), owing a penalty.
        await openSubscriptions(ctx.database.db, [motorist.id]);
        // Registered days ago: later captures start their period from the capture, not from the opening.
        clock.advance(5 * 24 * HOUR);
        const now = clock.now().getTime();
        await ctx.database.db.execute(
          sql`UPDATE ticket_subscriptions SET outstanding_penalty_kobo = ${PENALTY_OWED_KOBO} WHERE user_id = ${motorist.id}::uuid`,
        );
        const [opening] = await query<{ at: Date | string }>(sql`SELECT expires_at AS at FROM ticket_subscriptions WHERE user_id = ${motorist.id}::uuid`);
        const ids: string[] = [];
        for (const paid of payments) {
          const penalty = typeof paid.plan === 'number';
          const reply = await ctx.app.inject({
            method: 'POST',
            url: penalty ? '/api/field/penalty-payment' : '/api/field/subscription-payment',
            headers: await remitter.headers({ 'idempotency-key': newKey() }),
            payload: {
              userCode: motorist.userCode,
              ...(typeof paid.plan === 'number' ? { amount: paid.plan } : { subscriptionId: planIds.get(paid.plan) }),
              modeOfPayment: paid.mode,
              capturedAt: new Date(now - paid.minutesBack * 60_000).toISOString(),
              ...(paid.mode === 'cash' ? {} : { bankName: 'access bank', reference: newKey() }),
            },
          });
          expect(reply.statusCode, reply.body).toBe(201);
          ids.push(reply.json().data.payment._id);
        }
        for (const index of reversed) {
          const reply = await ctx.app.inject({
            method: 'POST',
            url: `/api/payment/${ids[index]}/reverse`,
            headers: await admin.headers(),
            payload: { reason: `property ${index}` },
          });
          expect(reply.statusCode, reply.body).toBe(200);
        }

        let expected = new Date(opening.at);
        let owed = PENALTY_OWED_KOBO;
        let kept = 0;
        payments.forEach((paid, index) => {
          if (reversed.includes(index)) return;
          if (typeof paid.plan === 'number') return void (owed -= paid.plan * 100);
          kept += 1;
          const captured = new Date(now - paid.minutesBack * 60_000);
          if (captured.getTime() > expected.getTime()) fromCapture += 1;
          expected = addPlanPeriod(captured.getTime() > expected.getTime() ? captured : expected, paid.plan);
        });
        const [row] = await query<{ expires_at: Date | string; accumulated: number; owed: string }>(
          sql`SELECT expires_at, accumulated, outstanding_penalty_kobo::text AS owed FROM ticket_subscriptions WHERE user_id = ${motorist.id}::uuid`,
        );
        expect(new Date(row.expires_at).toISOString()).toBe(expected.toISOString());
        expect(row.accumulated).toBe(kept);
        expect(Number(row.owed)).toBe(owed);

        const [ledger] = await query<{ total: string }>(sql`SELECT coalesce(sum(amount_kobo), 0)::text AS total FROM ledger_lines`);
        expect(ledger.total).toBe('0');
      }),
      { numRuns: 15 },
    );
    // The property met both rules of an extension (from the expiry, and from a later capture).
    expect(fromCapture).toBeGreaterThan(0);
    const check = await ctx.app.inject({ method: 'POST', url: '/api/ledger/integrity-check', headers: await admin.headers() });
    expect(check.json().data).toMatchObject({ ok: true, differenceCount: 0 });
  }, 300_000);
});
