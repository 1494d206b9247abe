import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeCompliance, type ComplianceReply } from '@eticket/contracts';
import { controlledClock, createTestContext, NO_CASH_LIMITS, type TestContext } from '../../../test/harness.ts';
import { createMotorist, createPlan, newKey, session, setGraceDays, type Session } from '../../../test/tickets.ts';
import { COMPLIANCE_PAGE_TTL_MS } from './compliance-pages.ts';

// In production a page of the whole list is built once a window and shared by every phone asking in it.
const clock = controlledClock('2026-07-05T09:02:00Z');
let ctx: TestContext;
let enforcer: Session;
let remitter: Session;
let weekly: string;

beforeAll(async () => {
  ctx = await createTestContext({ clock, tills: NO_CASH_LIMITS, compliancePageTtlMs: COMPLIANCE_PAGE_TTL_MS });
  [enforcer, remitter] = await Promise.all([session(ctx, { role: 'enforcer' }), session(ctx, { role: 'remitter' })]);
  weekly = await createPlan(ctx, { name: 'weekly', vehicleType: 'keke', price: 1000 });
});
afterAll(async () => ctx.close());

async function compliance(query = ''): Promise<ComplianceReply> {
  const reply = await ctx.app.inject({ method: 'GET', url: `/api/field/compliance${query}`, headers: await enforcer.headers() });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data;
}
const paidUntilOf = (reply: ComplianceReply, code: string) => decodeCompliance(reply, reply.asOf, reply.graceDays).find((e) => e[0] === code)?.[1];

describe('the compliance list pages shared within a window', () => {
  it("serves the window's page with the window's start as asOf, and the changes since it carry what the page lacks", async () => {
    const motorist = await createMotorist(ctx, 'keke');
    const first = await compliance();
    expect(first.asOf).toBe('2026-07-05T08:59:00.000Z');

    clock.set('2026-07-05T09:03:00Z');
    const payment = await ctx.app.inject({
      method: 'POST',
      url: '/api/field/subscription-payment',
      headers: await remitter.headers({ 'idempotency-key': newKey() }),
      payload: { userCode: motorist.userCode, subscriptionId: weekly, modeOfPayment: 'cash' },
    });
    expect(payment.statusCode, payment.body).toBe(201);

    // Same window: the same page, built before the payment.
    const again = await compliance();
    expect(again).toEqual(first);
    const paidUntil = Date.parse('2026-07-12T09:03:00Z') / 1000;
    expect(paidUntilOf(again, motorist.userCode)).not.toBe(paidUntil);
    // A phone's refresh since that asOf finds the payment.
    const changes = await compliance(`?since=${encodeURIComponent(again.asOf)}`);
    expect(paidUntilOf(changes, motorist.userCode)).toBe(paidUntil);

    // The next window builds the page again.
    clock.set('2026-07-05T09:05:00Z');
    const next = await compliance();
    expect(next.asOf).toBe('2026-07-05T09:04:00.000Z');
    expect(paidUntilOf(next, motorist.userCode)).toBe(paidUntil);
  });

  it('builds the page again when the grace period changes within a window', async () => {
    clock.set('2026-07-05T10:01:00Z');
    expect((await compliance()).graceDays).toBe(3);
    await setGraceDays(ctx, 5);
    expect((await compliance()).graceDays).toBe(5);
  });
});
