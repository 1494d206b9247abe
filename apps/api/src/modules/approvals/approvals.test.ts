import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_KINDS, type ApprovalRequest } from '@eticket/contracts';
import { approvalRequests, auditLog, penaltyAdjustments, ticketSubscriptions } from '../../db/schema.ts';
import { controlledClock, createTestContext, type TestContext } from '../../../test/harness.ts';
import { createMotorist, session, type Session } from '../../../test/tickets.ts';

// Issue 44, second approvals: with APPROVALS listing a kind, its action becomes a request (202) that
// someone else holding the permission approves (applied in the same transaction) or rejects; two
// approvals at once apply it once; an expired request cannot be approved.
const clock = controlledClock('2026-07-01T09:00:00Z');
const HOUR = 3_600_000;
let ctx: TestContext;
let maker: Session;
let checker: Session;
let thirdAdmin: Session;
let registrarManager: Session;

type Motorist = Awaited<ReturnType<typeof createMotorist>>;

async function call(who: Session, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) {
  clock.advance(1000);
  const reply = await ctx.app.inject({ method, url, headers: await who.headers(), ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: reply.statusCode, body: reply.json() };
}

/** A motorist with an open subscription owing `naira` of penalty (set directly, as a scan would have added it). */
async function motoristOwing(naira: number): Promise<Motorist & { subscriptionId: string }> {
  const motorist = await createMotorist(ctx, 'keke');
  expect((await call(maker, 'POST', '/api/user', { userCode: motorist.userCode })).status).toBe(200);
  const [row] = await ctx.database.db
    .update(ticketSubscriptions)
    .set({ outstandingPenaltyKobo: naira * 100 })
    .where(eq(ticketSubscriptions.userId, motorist.id))
    .returning({ id: ticketSubscriptions.id });
  return { ...motorist, subscriptionId: row!.id };
}

async function owed(motorist: Motorist): Promise<number> {
  const [row] = await ctx.database.db
    .select({ kobo: ticketSubscriptions.outstandingPenaltyKobo })
    .from(ticketSubscriptions)
    .where(eq(ticketSubscriptions.userId, motorist.id));
  return Number(row!.kobo) / 100;
}

async function askWaiver(motorist: Motorist, price = 0, reason = 'Paid at the office, receipt seen'): Promise<ApprovalRequest> {
  const reply = await call(maker, 'POST', '/api/specificPenalty', { id: motorist.id, price, reason });
  expect(reply.status, JSON.stringify(reply.body)).toBe(202);
  expect(reply.body.message).toBe('Sent for approval');
  return reply.body.data;
}

beforeAll(async () => {
  ctx = await createTestContext({ clock, approvals: { kinds: [...APPROVAL_KINDS], expireHours: 72 } });
  maker = await session(ctx, { role: 'admin' });
  checker = await session(ctx, { role: 'admin' });
  thirdAdmin = await session(ctx, { role: 'admin' });
  registrarManager = await session(ctx, { role: 'manager', department: 'registrar-manager' });
  expect((await call(maker, 'POST', '/api/penalty', { vehicleType: 'keke', price: 1000 })).status).toBe(201);
});
afterAll(async () => ctx.close());

describe('a penalty waiver as a request', () => {
  it('is kept, not applied: who asked, why, before and after; the maker sees it pending and cannot decide it', async () => {
    const motorist = await motoristOwing(3000);
    const request = await askWaiver(motorist);
    expect(request).toMatchObject({
      kind: 'penalty-waive',
      state: 'pending',
      reason: 'Paid at the office, receipt seen',
      maker: { id: maker.person.id },
      checker: null,
      before: { outstandingPayment: 3000 },
      after: { outstandingPayment: 0 },
      canDecide: false,
    });
    expect(request.subject).toContain(motorist.userCode);
    expect(await owed(motorist)).toBe(3000);

    const own = await call(maker, 'POST', `/api/approvals/${request.id}/approve`, {});
    expect(own.status).toBe(403);
    expect(own.body.message).toMatch(/your own request/);
    expect((await call(maker, 'POST', `/api/approvals/${request.id}/reject`, { comment: 'no' })).status).toBe(403);

    const mine = await call(maker, 'GET', '/api/approvals?mine=true');
    expect(mine.body.data.map((row: ApprovalRequest) => [row.id, row.state])).toContainEqual([request.id, 'pending']);
    expect(await owed(motorist)).toBe(3000);
  });

  it('another admin approves: applied once, as the action would (penalty, its history as the maker), the audit log holds both', async () => {
    const motorist = await motoristOwing(2000);
    const request = await askWaiver(motorist, 500);
    expect((await call(checker, 'GET', '/api/approvals/count')).body.data.pending).toBeGreaterThanOrEqual(1);
    const listed = await call(checker, 'GET', '/api/approvals?state=pending');
    expect(listed.body.data.find((row: ApprovalRequest) => row.id === request.id)).toMatchObject({ canDecide: true });

    const approved = await call(checker, 'POST', `/api/approvals/${request.id}/approve`, { comment: 'Receipt checked' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data).toMatchObject({ state: 'approved', checker: { id: checker.person.id }, comment: 'Receipt checked', canDecide: false });
    expect(await owed(motorist)).toBe(500);

    const adjustments = await ctx.database.db
      .select({ by: penaltyAdjustments.adjustedBy, reason: penaltyAdjustments.reason })
      .from(penaltyAdjustments)
      .where(eq(penaltyAdjustments.subscriptionId, motorist.subscriptionId));
    expect(adjustments).toEqual([{ by: maker.person.id, reason: 'Paid at the office, receipt seen' }]);

    const audit = await ctx.database.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(sql`${auditLog.entityId} IN (${request.id}, ${motorist.subscriptionId})`)
      .orderBy(auditLog.createdAt);
    expect(audit).toEqual([
      { action: 'approval.requested', actorId: maker.person.id },
      { action: 'motorist_penalty.altered', actorId: maker.person.id },
      { action: 'approval.approved', actorId: checker.person.id },
    ]);

    const again = await call(thirdAdmin, 'POST', `/api/approvals/${request.id}/approve`, {});
    expect(again.status).toBe(409);
    expect(await owed(motorist)).toBe(500);
  });

  it('two checkers approving at once apply it once: one 200, one 409', async () => {
    const motorist = await motoristOwing(4000);
    const request = await askWaiver(motorist, 1000);
    const [first, second] = await Promise.all(
      [checker, thirdAdmin].map(async (who) => {
        const headers = await who.headers();
        return ctx.app.inject({ method: 'POST', url: `/api/approvals/${request.id}/approve`, headers, payload: {} });
      }),
    );
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([200, 409]);
    expect(await owed(motorist)).toBe(1000);
    const adjustments = await ctx.database.db.select().from(penaltyAdjustments).where(eq(penaltyAdjustments.subscriptionId, motorist.subscriptionId));
    expect(adjustments).toHaveLength(1);
  });

  it('a rejection needs a comment and changes nothing', async () => {
    const motorist = await motoristOwing(1500);
    const request = await askWaiver(motorist);
    const bare = await call(checker, 'POST', `/api/approvals/${request.id}/reject`, {});
    expect(bare.status).toBe(400);
    expect(bare.body.message).toMatch(/comment is required/);
    const rejected = await call(checker, 'POST', `/api/approvals/${request.id}/reject`, { comment: 'No receipt on file' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ state: 'rejected', comment: 'No receipt on file', checker: { id: checker.person.id } });
    expect(await owed(motorist)).toBe(1500);
    expect((await call(thirdAdmin, 'POST', `/api/approvals/${request.id}/approve`, {})).status).toBe(409);
    // The maker sees what became of it.
    const mine = await call(maker, 'GET', '/api/approvals?mine=true&state=rejected');
    expect(mine.body.data.map((row: ApprovalRequest) => row.id)).toContain(request.id);
  });

  it('an expired request cannot be approved; the expiry job marks the others', async () => {
    const motorist = await motoristOwing(900);
    const late = await askWaiver(motorist);
    const other = await askWaiver(await motoristOwing(800));
    clock.advance(72 * HOUR + 1000);
    const refused = await call(checker, 'POST', `/api/approvals/${late.id}/approve`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/expired/);
    expect(await owed(motorist)).toBe(900);
    const [row] = await ctx.database.db.select({ state: approvalRequests.state }).from(approvalRequests).where(eq(approvalRequests.id, late.id));
    expect(row!.state).toBe('expired');

    expect(await ctx.app.jobs.run('approvals-expire')).toBe('ran');
    const [job] = await ctx.database.db.select({ state: approvalRequests.state }).from(approvalRequests).where(eq(approvalRequests.id, other.id));
    expect(job!.state).toBe('expired');
    expect((await call(checker, 'POST', `/api/approvals/${other.id}/approve`, {})).status).toBe(409);
  });

  it('raising a penalty needs no second person; a request the action would refuse is refused at once', async () => {
    const motorist = await motoristOwing(100);
    const raised = await call(maker, 'POST', '/api/specificPenalty', { id: motorist.id, price: 300 });
    expect(raised.status).toBe(200);
    expect(await owed(motorist)).toBe(300);
    const unknown = await call(maker, 'POST', '/api/specificPenalty', { id: '00000000-0000-4000-8000-00000000dead', price: 0 });
    expect(unknown.status).toBe(404);
  });

  it('only those holding the permission see the page; the others are refused', async () => {
    expect((await call(registrarManager, 'GET', '/api/approvals')).status).toBe(403);
  });

  it("a remitter-manager sees the page but neither sees nor decides a penalty's request; the maker's badge leaves out their own", async () => {
    const remitterManager = await session(ctx, { role: 'manager', department: 'remitter-manager' });
    const request = await askWaiver(await motoristOwing(700));
    const listed = await call(remitterManager, 'GET', '/api/approvals');
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((row: ApprovalRequest) => row.id)).not.toContain(request.id);
    const refused = await call(remitterManager, 'POST', `/api/approvals/${request.id}/approve`, {});
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/may not decide/);
    const makerCount = (await call(maker, 'GET', '/api/approvals/count')).body.data.pending;
    const checkerCount = (await call(checker, 'GET', '/api/approvals/count')).body.data.pending;
    expect(checkerCount).toBe(makerCount + 1);
  });
});

describe('prices as requests', () => {
  it("a plan's price change waits for approval; its name alone applies at once", async () => {
    const created = await call(maker, 'POST', '/api/subscription', { name: 'weekly', vehicleType: 'bus', price: 2000 });
    expect(created.status).toBe(201);
    const planId = created.body.data.id;
    const sent = await call(maker, 'PATCH', `/api/subscription/${planId}`, { price: 2500, reason: 'New levy schedule' });
    expect(sent.status).toBe(202);
    expect(sent.body.data).toMatchObject({ kind: 'plan-price', before: { price: 2000 }, after: { price: 2500 }, reason: 'New levy schedule' });
    const plans = async () => (await call(maker, 'GET', '/api/subscription?types=bus')).body.data.find((plan: { id: string }) => plan.id === planId);
    expect((await plans()).price).toBe(2000);
    expect((await call(checker, 'POST', `/api/approvals/${sent.body.data.id}/approve`, {})).status).toBe(200);
    expect((await plans()).price).toBe(2500);
  });

  it("a penalty charge's price change waits for approval", async () => {
    const charges = await call(maker, 'GET', '/api/penalty');
    const keke = charges.body.data.find((charge: { vehicleType: string }) => charge.vehicleType === 'keke');
    const sent = await call(maker, 'PATCH', `/api/penalty/${keke.id}`, { price: 1200 });
    expect(sent.status).toBe(202);
    expect(sent.body.data).toMatchObject({ kind: 'penalty-charge-price', before: { price: 1000 }, after: { price: 1200 } });
    expect((await call(checker, 'POST', `/api/approvals/${sent.body.data.id}/approve`, {})).status).toBe(200);
    const after = await call(maker, 'GET', '/api/penalty');
    expect(after.body.data.find((charge: { id: string }) => charge.id === keke.id).price).toBe(1200);
  });
});

describe('APPROVALS empty (the spec’s direct behaviour)', () => {
  let direct: TestContext;
  afterAll(async () => direct?.close());

  it('a waiver applies at once, 200, and no request is kept', async () => {
    direct = await createTestContext({ clock });
    const admin = await session(direct, { role: 'admin' });
    const motorist = await createMotorist(direct, 'keke');
    const headers = await admin.headers();
    expect((await direct.app.inject({ method: 'POST', url: '/api/user', headers, payload: { userCode: motorist.userCode } })).statusCode).toBe(200);
    const reply = await direct.app.inject({ method: 'POST', url: '/api/specificPenalty', headers, payload: { id: motorist.id, price: 0 } });
    expect(reply.statusCode).toBe(200);
    expect(await direct.database.db.select().from(approvalRequests)).toHaveLength(0);
  });
});
