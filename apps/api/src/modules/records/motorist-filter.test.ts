import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlledClock, createTestContext, type TestContext } from '../../../test/harness.ts';
import { createMotorist, newKey, session, type Session } from '../../../test/tickets.ts';

// Issue 26, "History of a motorist": the record lists take motorist (an id) for one motorist's rows,
// together with their other filters; the payment summary counts that motorist's payments only.
const clock = controlledClock('2026-06-01T08:00:00Z');
let ctx: TestContext;
let admin: Session;
let remitter: Session;
let enforcer: Session;
let one: Awaited<ReturnType<typeof createMotorist>>;
let other: Awaited<ReturnType<typeof createMotorist>>;

async function post(url: string, who: Session, payload: Record<string, unknown>) {
  clock.advance(60_000);
  const reply = await ctx.app.inject({ method: 'POST', url, headers: await who.headers({ 'idempotency-key': newKey() }), payload });
  if (reply.statusCode >= 300) throw new Error(`${url}: ${reply.statusCode} ${reply.body}`);
  return reply.json().data;
}

async function list(path: string, query: Record<string, string>) {
  const reply = await ctx.app.inject({ method: 'GET', url: `${path}?${new URLSearchParams(query)}`, headers: await admin.headers() });
  return { status: reply.statusCode, body: reply.json() };
}

beforeAll(async () => {
  // Several scans of one vehicle by one agent here are each counted (SCAN_REPEAT_MINUTES has its own tests).
  ctx = await createTestContext({ clock, scanRepeatMinutes: 0 });
  admin = await session(ctx, { role: 'admin' });
  remitter = await session(ctx, { role: 'remitter' });
  enforcer = await session(ctx, { role: 'enforcer' });
  const plan = (await post('/api/subscription', admin, { name: 'daily', vehicleType: 'keke', price: 200 })).id;
  await post('/api/penalty', admin, { vehicleType: 'keke', price: 500 });
  one = await createMotorist(ctx, 'keke');
  other = await createMotorist(ctx, 'keke');
  // One pays three times (two cash, one transfer) and owes a penalty it part pays; the other pays once.
  for (const mode of ['cash', 'transfer', 'cash'])
    await post('/api/field/subscription-payment', remitter, {
      userCode: one.userCode,
      subscriptionId: plan,
      modeOfPayment: mode,
      bankName: 'gtbank',
      reference: newKey(),
    });
  await post('/api/field/subscription-payment', remitter, { userCode: other.userCode, subscriptionId: plan, modeOfPayment: 'cash' });
  await post('/api/specificPenalty', admin, { id: one.id, price: 900 });
  await post('/api/specificPenalty', admin, { id: other.id, price: 400 });
  await post('/api/field/penalty-payment', remitter, { userCode: one.userCode, amount: 300, modeOfPayment: 'cash' });
  await post('/api/field/penalty-payment', remitter, { userCode: other.userCode, amount: 100, modeOfPayment: 'cash' });
  for (const who of [one, one, other]) await post('/api/field/scan', enforcer, { userCode: who.userCode });
}, 300_000);
afterAll(async () => ctx.close());

describe('the record lists of one motorist', () => {
  it("subscription payments: only the motorist's, newest first, with the summary of theirs", async () => {
    const { status, body } = await list('/api/sub-history', { motorist: one.id });
    expect(status).toBe(200);
    expect(body.data.map((row: { motorist: { uniqueId: string } }) => row.motorist.uniqueId)).toEqual([one.userCode, one.userCode, one.userCode]);
    expect(body.data.map((row: { modeOfPayment: string }) => row.modeOfPayment)).toEqual(['cash', 'transfer', 'cash']);
    expect(body.data.every((row: { receiptNo: string }) => row.receiptNo.length > 0)).toBe(true);
    expect(body.paginator).toMatchObject({ total: 3, pageCount: 1 });
    expect(body.summary).toEqual({ count: 3, amount: 600 });
  });

  it('pages, and combines with the other filters', async () => {
    const paged = await list('/api/sub-history', { motorist: one.id, limit: '2', page: '2' });
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.paginator).toMatchObject({ total: 3, pageCount: 2, currentPage: 2 });
    const cash = await list('/api/sub-history', { motorist: one.id, modeOfPayment: 'cash' });
    expect(cash.body.summary).toEqual({ count: 2, amount: 400 });
    const otherSearch = await list('/api/sub-history', { motorist: one.id, search: other.userCode });
    expect(otherSearch.body.summary).toEqual({ count: 0, amount: 0 });
  });

  it('penalty payments and scans: only the motorist’s', async () => {
    const penalties = await list('/api/penalty-history', { motorist: one.id });
    expect(penalties.body.data.map((row: { amount: number }) => row.amount)).toEqual([300]);
    expect(penalties.body.summary).toEqual({ count: 1, amount: 300 });
    const scans = await list('/api/scan', { motorist: one.id });
    expect(scans.body.data.map((row: { kyc: { userID: { userCode: string } } }) => row.kyc.userID.userCode)).toEqual([one.userCode, one.userCode]);
    expect(scans.body.paginator.total).toBe(2);
    const otherScans = await list('/api/scan', { motorist: other.id });
    expect(otherScans.body.paginator.total).toBe(1);
  });

  it('a motorist with no rows has none; a motorist that is not an id is refused, naming the field', async () => {
    const staff = await list('/api/sub-history', { motorist: remitter.person.id });
    expect(staff.body).toMatchObject({ data: [], summary: { count: 0, amount: 0 } });
    for (const path of ['/api/scan', '/api/sub-history', '/api/penalty-history']) {
      const bad = await list(path, { motorist: 'someone' });
      expect(bad.status, path).toBe(400);
      expect(bad.body.message).toContain('motorist must be a valid id');
    }
  });
});
