import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_CSV_COLUMNS, toCsv } from '@eticket/contracts';
import { rowsOf } from '../../db/rows.ts';
import { auditLog, users } from '../../db/schema.ts';
import {
  controlledClock,
  createPerson,
  createTestContext,
  motoristSession,
  outboxMessages,
  sendQueuedMail,
  signedInPerson,
  type TestContext,
} from '../../../test/harness.ts';
import { createMotorist } from '../../../test/tickets.ts';
import { SEARCH_LOOKAHEAD_PAGES } from '../../lists/kit.ts';
import { openSubscriptions } from '../subscriptions/index.ts';

/**
 * The audit log: each kind of staff change writes exactly one row, in the change's transaction,
 * with who, when (the app's clock), what, before and after, and never a secret; only the
 * super-admin reads it (the access walk checks every other caller).
 */

let ctx: TestContext;
const clock = controlledClock('2026-03-02T09:00:00Z');
let superAdmin: Awaited<ReturnType<typeof signedInPerson>>;
let admin: Awaited<ReturnType<typeof signedInPerson>>;

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  superAdmin = await signedInPerson(ctx, { role: 'super-admin', fullName: 'sade super' });
  admin = await signedInPerson(ctx, { role: 'admin', fullName: 'ade admin' });
});
afterAll(async () => ctx.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, payload: payload as never });

async function allRows() {
  return ctx.database.db.select().from(auditLog).orderBy(asc(auditLog.createdAt), asc(auditLog.id));
}

/** Runs a change and answers the audit rows it wrote (the clock moves a minute first, so each has its own time). */
async function rowsWrittenBy(change: () => Promise<{ statusCode: number; body: string }>, expectedStatus: number) {
  clock.advance(60_000);
  const before = (await allRows()).length;
  const reply = await change();
  expect(reply.statusCode, reply.body).toBe(expectedStatus);
  return (await allRows()).slice(before);
}

/** Exactly one row, stamped with the app's clock, by this actor. */
async function oneRow(change: () => Promise<{ statusCode: number; body: string }>, actorId: string, expectedStatus = 200) {
  const rows = await rowsWrittenBy(change, expectedStatus);
  expect(rows).toHaveLength(1);
  expect(rows[0].actorId).toBe(actorId);
  expect(rows[0].createdAt.toISOString()).toBe(clock.now().toISOString());
  return rows[0];
}

async function noRow(change: () => Promise<{ statusCode: number; body: string }>, expectedStatus: number) {
  expect(await rowsWrittenBy(change, expectedStatus)).toEqual([]);
}

describe('people', () => {
  it('registration: one row, after = the person without the password', async () => {
    const payload = {
      email: 'union.new@example.test',
      password: 'a-Strong-password',
      fullName: 'Keke Union',
      phone: '08030000001',
      role: 'keke',
      unionName: 'Keke Riders',
    };
    const row = await oneRow(() => call('POST', '/api/union/register', superAdmin.headers, payload), superAdmin.person.id, 201);
    const [created] = await ctx.database.db.select().from(users).where(eq(users.email, 'union.new@example.test'));
    expect(row).toMatchObject({ action: 'person.registered', entityType: 'person', entityId: created.id, before: null });
    expect(row.after).toMatchObject({
      email: 'union.new@example.test',
      role: 'union',
      unionRole: 'keke',
      registrationStatus: 'pending',
      userCode: created.userCode,
    });
    expect(JSON.stringify(row.after)).not.toMatch(/password|argon2/i);
  });

  it('approve, suspend, delete: before and after of the changed fields', async () => {
    const motorist = await createPerson(ctx, { role: 'motorist', registrationStatus: 'pending' });
    const approved = await oneRow(() => call('POST', `/api/approve/${motorist.id}`, admin.headers), admin.person.id);
    expect(approved).toMatchObject({
      action: 'person.approved',
      entityType: 'person',
      entityId: motorist.id,
      before: { registrationStatus: 'pending', approvedBy: null },
      after: { registrationStatus: 'approved', approvedBy: admin.person.id },
    });

    const suspended = await oneRow(() => call('POST', `/api/suspend/${motorist.id}`, admin.headers), admin.person.id);
    expect(suspended).toMatchObject({
      action: 'person.suspended',
      before: { registrationStatus: 'approved', suspendedBy: null, online: false },
      after: { registrationStatus: 'suspended', suspendedBy: admin.person.id, online: false },
    });

    // an admin may not delete (spec section 6): the super-admin does
    const deleted = await oneRow(() => call('POST', `/api/deleted/${motorist.id}`, superAdmin.headers), superAdmin.person.id);
    expect(deleted).toMatchObject({ action: 'person.deleted', before: { isDeleted: false }, after: { isDeleted: true, online: false } });
  });

  it('a refused action writes no row (already approved 409, not managed 403, missing 404)', async () => {
    const approved = await createPerson(ctx, { role: 'motorist' });
    const otherAdmin = await createPerson(ctx, { role: 'admin' });
    await noRow(() => call('POST', `/api/approve/${approved.id}`, admin.headers), 409);
    await noRow(() => call('POST', `/api/suspend/${otherAdmin.id}`, admin.headers), 403);
    await noRow(() => call('POST', `/api/deleted/${crypto.randomUUID()}`, superAdmin.headers), 404);
  });

  it('forced logout: one row (online before → false); an own logout is not audited', async () => {
    const motorist = await createPerson(ctx, { role: 'motorist' });
    await motoristSession(ctx, motorist);
    const row = await oneRow(() => call('POST', `/api/logout/${motorist.id}`, admin.headers), admin.person.id);
    expect(row).toMatchObject({ action: 'session.forced_logout', entityId: motorist.id, before: { online: true }, after: { online: false } });

    const self = await signedInPerson(ctx, { role: 'admin' });
    await noRow(() => call('POST', `/api/logout/${self.person.id}`, self.headers), 200);
  });

  it('profile edit: before and after of the edited fields', async () => {
    const manager = await createPerson(ctx, { role: 'manager', department: 'enforcer-manager', fullName: 'old name', phone: '08030000002' });
    const changes = { fullName: 'New Name', phone: '08030000003', maritalStatus: 'married', address: '1 Marina' };
    const row = await oneRow(() => call('POST', `/api/profile/${manager.id}`, admin.headers, changes), admin.person.id);
    expect(row).toMatchObject({
      action: 'profile.updated',
      entityId: manager.id,
      before: { fullName: 'old name', phone: '08030000002', maritalStatus: null, address: null },
      after: { fullName: 'new name', phone: '08030000003', maritalStatus: 'married', address: '1 marina' },
    });
  });

  it('password change by reset code: one row by the person, holding neither password, hash nor code', async () => {
    const person = await createPerson(ctx, { role: 'admin', email: 'forgetful@example.test' });
    const asked = await ctx.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: person.email } });
    const cookie = `eticket_reset=${asked.cookies.find((c) => c.name === 'eticket_reset')!.value}`;
    await sendQueuedMail(ctx);
    const code = /reset code is (\d{6})/.exec(outboxMessages(ctx).at(-1)!)![1];
    const password = 'brand-new-secret-9';
    const row = await oneRow(
      () => ctx.app.inject({ method: 'POST', url: '/api/password-reset', headers: { cookie }, payload: { token: code, password, confirmPassword: password } }),
      person.id,
    );
    expect(row).toMatchObject({ action: 'password.changed', entityType: 'person', entityId: person.id, before: null });
    const [stored] = await ctx.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, person.id));
    const text = JSON.stringify(row);
    for (const secret of [password, stored.hash, code, 'argon2']) expect(text).not.toContain(secret);
  });
});

describe('plans, subscriptions and penalties', () => {
  it('plan created, updated and deleted: price in naira, before and after', async () => {
    const created = await oneRow(
      () => call('POST', '/api/subscription', admin.headers, { name: 'weekly', vehicleType: 'keke', price: 1500 }),
      admin.person.id,
      201,
    );
    expect(created).toMatchObject({ action: 'plan.created', entityType: 'plan', before: null, after: { name: 'weekly', vehicleType: 'keke', price: 1500 } });
    const id = created.entityId!;

    const updated = await oneRow(() => call('PATCH', `/api/subscription/${id}`, admin.headers, { price: 1750.5 }), admin.person.id);
    expect(updated).toMatchObject({ action: 'plan.updated', entityId: id, before: { price: 1500 }, after: { name: 'weekly', price: 1750.5 } });

    // A duplicate plan is refused (409) and its transaction leaves no row.
    await noRow(() => call('POST', '/api/subscription', admin.headers, { name: 'weekly', vehicleType: 'keke', price: 10 }), 409);

    const deleted = await oneRow(() => call('DELETE', `/api/subscription/${id}`, admin.headers), admin.person.id);
    expect(deleted).toMatchObject({ action: 'plan.deleted', before: { isDeleted: false }, after: { isDeleted: true, name: 'weekly' } });
    await noRow(() => call('DELETE', `/api/subscription/${id}`, admin.headers), 404);
  });

  it("pause and resume of a motorist's subscription", async () => {
    const motorist = await createMotorist(ctx, 'bus');
    await openSubscriptions(ctx.database.db, [motorist.id]);
    const paused = await oneRow(() => call('PATCH', `/api/subscription/pause/${motorist.id}`, admin.headers), admin.person.id);
    expect(paused).toMatchObject({ action: 'subscription.paused', entityType: 'subscription', before: { userId: motorist.id, pausedAt: null } });
    expect(paused.after).toMatchObject({ userId: motorist.id, pausedAt: clock.now().toISOString() });
    await noRow(() => call('PATCH', `/api/subscription/pause/${motorist.id}`, admin.headers), 409);
    const resumed = await oneRow(() => call('PATCH', `/api/subscription/resume/${motorist.id}`, admin.headers), admin.person.id);
    expect(resumed).toMatchObject({ action: 'subscription.resumed', entityId: paused.entityId, after: { pausedAt: null } });
  });

  it("penalty charge created and updated, and a motorist's penalty altered", async () => {
    const created = await oneRow(() => call('POST', '/api/penalty', admin.headers, { vehicleType: 'bike', price: 500 }), admin.person.id, 201);
    expect(created).toMatchObject({ action: 'penalty_charge.created', entityType: 'penalty_charge', after: { vehicleType: 'bike', price: 500 } });
    const updated = await oneRow(() => call('PATCH', `/api/penalty/${created.entityId}`, admin.headers, { price: 650 }), admin.person.id);
    expect(updated).toMatchObject({ action: 'penalty_charge.updated', before: { price: 500 }, after: { price: 650 } });

    const motorist = await createMotorist(ctx, 'bike');
    await openSubscriptions(ctx.database.db, [motorist.id]);
    const altered = await oneRow(() => call('POST', '/api/specificPenalty', admin.headers, { id: motorist.id, price: 1200 }), admin.person.id);
    expect(altered).toMatchObject({
      action: 'motorist_penalty.altered',
      entityType: 'subscription',
      before: { userId: motorist.id, outstandingPayment: 0 },
      after: { userId: motorist.id, outstandingPayment: 1200 },
    });
  });
});

describe('allocation', () => {
  it('stakeholder assigned and changed, payout recorded; an over-allocation writes no row', async () => {
    const union = await createPerson(ctx, { role: 'union', unionRole: 'keke', unionName: 'keke union' });
    const account = { bankName: 'Access Bank', accountNumber: '1482039577' };
    const created = await oneRow(
      () => call('POST', '/api/stakeholders', superAdmin.headers, { name: union.id, ...account, percentage: 12.5 }),
      superAdmin.person.id,
      201,
    );
    expect(created).toMatchObject({
      action: 'stakeholder.created',
      entityType: 'stakeholder',
      before: null,
      after: { unionId: union.id, percentage: 12.5, accountNumber: '1482039577', accountName: 'LAGOS KEKE RIDERS UNION' },
    });
    const id = created.entityId!;
    const updated = await oneRow(() => call('PATCH', `/api/stakeholders/${id}`, superAdmin.headers, { percentage: 20 }), superAdmin.person.id, 201);
    expect(updated).toMatchObject({ action: 'stakeholder.updated', entityId: id, before: { percentage: 12.5 }, after: { percentage: 20 } });
    await noRow(() => call('PATCH', `/api/stakeholders/${id}`, superAdmin.headers, { percentage: 80.1 }), 400);

    const payout = await oneRow(
      () => call('POST', `/api/stakeholders/${id}/payouts`, superAdmin.headers, { amount: 2500.75, date: '2026-03-01', reference: 'TRF-001' }),
      superAdmin.person.id,
      201,
    );
    expect(payout).toMatchObject({
      action: 'payout.recorded',
      entityType: 'payout',
      before: null,
      after: { stakeholderId: id, amount: 2500.75, date: '2026-03-01', reference: 'TRF-001' },
    });
    await noRow(() => call('POST', `/api/stakeholders/${id}/payouts`, superAdmin.headers, { amount: 1, date: '2026-03-01', reference: 'TRF-001' }), 409);
  });
});

describe('the change and its audit row commit or roll back together', () => {
  it('when the audit insert fails, the approval is rolled back too', async () => {
    const motorist = await createPerson(ctx, { role: 'motorist', registrationStatus: 'pending' });
    await ctx.database.db.execute(sql`
      CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit refused'; END $$`);
    await ctx.database.db.execute(sql`CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit()`);
    try {
      await noRow(() => call('POST', `/api/approve/${motorist.id}`, admin.headers), 500);
      await noRow(() => call('POST', '/api/penalty', admin.headers, { vehicleType: 'keke', price: 700 }), 500);
    } finally {
      await ctx.database.db.execute(sql`DROP TRIGGER refuse_audit ON audit_log`);
      await ctx.database.db.execute(sql`DROP FUNCTION refuse_audit()`);
    }
    const [after] = await ctx.database.db.select().from(users).where(eq(users.id, motorist.id));
    expect(after).toMatchObject({ registrationStatus: 'pending', approvedBy: null });
    const charges = await call('GET', '/api/penalty', admin.headers);
    expect(charges.json().data.map((c: { vehicleType: string }) => c.vehicleType)).not.toContain('keke');
  });
});

describe('GET /api/audit-logs', () => {
  const list = (query: string, headers = superAdmin.headers) => call('GET', `/api/audit-logs${query}`, headers);

  it('pages newest first with the paginator of every list, naming who acted and what', async () => {
    const total = (await allRows()).length;
    expect(total).toBeGreaterThan(15);
    const first = await list('?page=1&limit=5');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.paginator).toEqual({ pageCount: Math.ceil(total / 5), currentPage: 1, perPage: 5, total });
    expect(body.data).toHaveLength(5);
    const times = body.data.map((row: { createdAt: string }) => row.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const second = (await list('?page=2&limit=5')).json().data;
    expect(second[0].createdAt <= times[4]).toBe(true);

    const payout = body.data.find((row: { action: string }) => row.action === 'payout.recorded');
    expect(payout).toMatchObject({
      actor: { id: superAdmin.person.id, fullName: 'sade super', userCode: superAdmin.person.userCode, role: 'super-admin' },
      entity: { type: 'payout', label: 'payout TRF-001 to keke union' },
      after: { reference: 'TRF-001' },
    });
  });

  it('filters by action, by the person who acted or was acted on, by record id and by date', async () => {
    const approvals = (await list('?action=person.approved&limit=100')).json();
    expect(approvals.data.length).toBeGreaterThan(0);
    expect(approvals.data.every((row: { action: string }) => row.action === 'person.approved')).toBe(true);

    const bySuperAdmin = (await list(`?search=${superAdmin.person.userCode}&limit=100`)).json().data;
    expect(bySuperAdmin.length).toBeGreaterThan(0);
    expect(bySuperAdmin.every((row: { actor: { id: string } }) => row.actor.id === superAdmin.person.id)).toBe(true);

    const manager = (await ctx.database.db.select().from(users).where(eq(users.fullName, 'new name')))[0];
    const aboutManager = (await list(`?search=${manager.id}`)).json().data;
    expect(aboutManager.map((row: { action: string }) => row.action)).toEqual(['profile.updated']);
    expect(aboutManager[0].entity.label).toBe(`new name (${manager.userCode})`);

    const none = (await list('?search=nobody-is-called-this')).json();
    expect(none).toEqual({ data: [], paginator: { pageCount: 0, currentPage: 1, perPage: 10, total: 0 } });

    // Lagos day of the clock's start (everything so far) and the day before (nothing).
    expect((await list('?startDate=2026-03-02&endDate=2026-03-02')).json().paginator.total).toBe((await allRows()).length);
    expect((await list('?startDate=2026-03-01&endDate=2026-03-01')).json().paginator.total).toBe(0);
  });

  it("finds by text in who acted or in whose record it is (a person, a subscription's motorist, an allocation's union), as they were", async () => {
    const actions = async (search: string) =>
      (await list(`?search=${encodeURIComponent(search)}&limit=100`))
        .json()
        .data.map((row: { action: string }) => row.action)
        .sort();
    const pausedRow = (await allRows()).find((row) => row.action === 'subscription.paused')!;
    const before = pausedRow.before as { userId: string };
    const [motorist] = await ctx.database.db.select().from(users).where(eq(users.id, before.userId));
    expect(await actions(motorist.userCode)).toEqual(['subscription.paused', 'subscription.resumed']);
    const allocation = (await allRows()).find((row) => row.action === 'stakeholder.created')!;
    const [union] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.id, (allocation.after as { unionId: string }).unionId));
    expect(await actions(union.userCode)).toEqual(['payout.recorded', 'stakeholder.created', 'stakeholder.updated']);

    // A person renamed later is found under the name they had when the change was made.
    await ctx.database.db.update(users).set({ fullName: 'renamed motorist' }).where(eq(users.id, motorist.id));
    try {
      expect(await actions(motorist.fullName)).toEqual(['subscription.paused', 'subscription.resumed']);
      expect(await actions('renamed motorist')).toEqual([]);
    } finally {
      await ctx.database.db.update(users).set({ fullName: motorist.fullName }).where(eq(users.id, motorist.id));
    }
  });

  it("rebuilds every row's search text (0017's backfill) as the insert trigger writes it", async () => {
    await ctx.database.db.execute(sql`UPDATE audit_log SET search_text = ''`);
    await ctx.database.db.execute(sql`SELECT rebuild_audit_search_text()`);
    const rows = await rowsOf<{ type: string; text: string; trigger: string }>(
      ctx.database.db,
      sql`SELECT entity_type AS type, search_text AS text, audit_search_text(actor_id, entity_type, entity_id) AS trigger FROM audit_log`,
    );
    expect(new Set(rows.map((row) => row.type))).toEqual(new Set(['person', 'plan', 'subscription', 'penalty_charge', 'stakeholder', 'payout']));
    expect(rows.filter((row) => row.text === '' || row.text !== row.trigger)).toEqual([]);
  });

  it('takes its totals from the day counters (0016), which equal a recount; a search counts a few pages ahead only', async () => {
    const recount = (period: string) => sql.raw(`SELECT ${period}::text AS day, action, count(*)::int AS n FROM audit_log GROUP BY 1, 2 ORDER BY 1, 2`);
    const kept = (table: string) =>
      sql.raw(`SELECT day::text AS day, action, sum(entries)::int AS n FROM ${table} GROUP BY 1, 2 HAVING sum(entries) <> 0 ORDER BY 1, 2`);
    const rows = (query: ReturnType<typeof sql.raw>) => rowsOf<{ day: string; action: string; n: number }>(ctx.database.db, query);
    expect(await rows(kept('audit_counts'))).toEqual(await rows(recount('lagos_day(created_at)')));
    expect(await rows(kept('audit_month_counts'))).toEqual(await rows(recount('month_of(lagos_day(created_at))')));

    // The list's total is the counters' (a count of the rows would not see this row of them).
    const updates = (await list('?action=plan.updated')).json().paginator.total;
    await ctx.database.db.execute(sql`INSERT INTO audit_counts (day, action, shard, entries) VALUES ('2026-03-04', 'plan.updated', 7, 1000)`);
    try {
      expect((await list('?action=plan.updated')).json().paginator.total).toBe(updates + 1000);
      expect((await list('?action=plan.updated&startDate=2026-03-01&endDate=2026-03-05')).json().paginator.total).toBe(updates + 1000);
      expect((await list('?action=plan.updated&startDate=2026-03-01&endDate=2026-03-03')).json().paginator.total).toBe(updates);
    } finally {
      await ctx.database.db.execute(sql`DELETE FROM audit_counts WHERE day = '2026-03-04'`);
    }

    // Everyone here has an example.test email: nearly every row is by or about one of them.
    const matching = (await list('?search=example.test&limit=100')).json().data.length;
    expect(matching).toBeGreaterThan(SEARCH_LOOKAHEAD_PAGES);
    expect((await list('?search=example.test&limit=1')).json().paginator).toEqual({
      pageCount: SEARCH_LOOKAHEAD_PAGES,
      currentPage: 1,
      perPage: 1,
      total: SEARCH_LOOKAHEAD_PAGES,
      exact: false,
    });
  });

  it('refuses a bad filter with a message naming it', async () => {
    const bad = await list('?action=person.hacked');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('action');
    expect((await list('?startDate=2026-03-05&endDate=2026-03-01')).statusCode).toBe(400);
  });

  it("is the super-admin's alone: an admin gets 403, no session 401", async () => {
    expect((await list('', admin.headers)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/audit-logs' })).statusCode).toBe(401);
  });

  it('downloads as CSV for the super-admin (the same rows as the list, with the filter), and for no one else', async () => {
    const query = { action: 'plan.updated' };
    const asked = await call('POST', '/api/exports', superAdmin.headers, { path: '/api/audit-logs', query });
    expect(asked.statusCode, asked.body).toBe(201);
    const csv = await ctx.app.inject({ method: 'GET', url: asked.json().data.url });
    expect(csv.statusCode).toBe(200);
    const listed = (await list('?action=plan.updated&limit=100')).json().data;
    expect(listed).toHaveLength(1);
    expect(csv.body).toBe(toCsv(AUDIT_CSV_COLUMNS, listed));
    expect(csv.body).toContain('Edited a plan');

    const refused = await call('POST', '/api/exports', admin.headers, { path: '/api/audit-logs', query: {} });
    expect(refused.statusCode).toBe(403);
  });

  it('no row anywhere holds a password, a hash, a token or a reset code', async () => {
    const hashes = (await ctx.database.db.select({ hash: users.passwordHash }).from(users)).map((row) => row.hash);
    const text = JSON.stringify(await allRows());
    expect(text).not.toMatch(/passwordHash|password_hash|tokenVersion|codeHash|\$argon2/);
    for (const hash of hashes) expect(text).not.toContain(hash);
    expect(text).not.toContain(superAdmin.token);
  });
});
