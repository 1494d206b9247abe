import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldTill, LedgerCheck, TillDecision } from '@eticket/contracts';
import { controlledClock, createTestContext, TEST_DB, type TestContext } from '../../../test/harness.ts';
import { multipartForm, png, storedFileCount } from '../../../test/images.ts';
import { createMotorist, newKey, session, type Session } from '../../../test/tickets.ts';
import { createLocalFileStore } from '../../adapters/files.ts';
import { rowsOf } from '../../db/rows.ts';
import { tillsOn } from './index.ts';

/** Issue 42's tills through the API: collections, references, limits, the blind close and its decision. */
const clock = controlledClock('2026-07-01T23:00:00Z');
let ctx: TestContext;
let admin: Session;
let manager: Session;
let plan2500: string;
let plan25000: string;

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  admin = await session(ctx, { role: 'admin' });
  manager = await session(ctx, { role: 'manager', department: 'remitter-manager', fullName: 'mary manager' });
  const newPlan = async (name: string, vehicleType: string, price: number) => {
    const reply = await ctx.app.inject({ method: 'POST', url: '/api/subscription', headers: await admin.headers(), payload: { name, vehicleType, price } });
    expect(reply.statusCode).toBe(201);
    return reply.json().data.id as string;
  };
  plan2500 = await newPlan('daily', 'keke', 2500);
  plan25000 = await newPlan('daily', 'bus', 25000);
  await ctx.app.inject({ method: 'POST', url: '/api/penalty', headers: await admin.headers(), payload: { vehicleType: 'keke', price: 500 } });
}, 60_000);
afterAll(async () => ctx.close());

const query = <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(ctx.database.db, statement);
const later = (ms: number) => clock.set(new Date(clock.now().getTime() + ms));
const HOUR = 3600_000;

interface PayOptions {
  mode?: string;
  reference?: string;
  capturedAt?: Date;
  plan?: 'keke' | 'bus';
}

/** A subscription payment by the remitter for a new motorist. */
async function pay(remitter: Session, options: PayOptions = {}) {
  const vehicle = options.plan ?? 'keke';
  const motorist = await createMotorist(ctx, vehicle);
  const mode = options.mode ?? 'cash';
  return ctx.app.inject({
    method: 'POST',
    url: '/api/field/subscription-payment',
    headers: await remitter.headers({ 'idempotency-key': newKey() }),
    payload: {
      userCode: motorist.userCode,
      subscriptionId: vehicle === 'keke' ? plan2500 : plan25000,
      modeOfPayment: mode,
      ...(mode === 'cash' ? {} : { bankName: 'gtbank' }),
      ...(options.reference === undefined ? {} : { reference: options.reference }),
      ...(options.capturedAt ? { capturedAt: options.capturedAt.toISOString() } : {}),
    },
  });
}

async function paid(remitter: Session, options: PayOptions = {}) {
  const reply = await pay(remitter, options);
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().data.payment as { _id: string; receiptNo: string; reference: string | null };
}

async function tillOf(remitter: Session): Promise<FieldTill> {
  const reply = await ctx.app.inject({ method: 'GET', url: '/api/field/till', headers: await remitter.headers() });
  expect(reply.statusCode).toBe(200);
  return reply.json().data;
}

const DEPOSIT = { lodgementKind: 'deposit', bankName: 'gtbank', tellerNo: 'T-1001', lodgedOn: '2026-07-01' };

async function close(remitter: Session, counted: number, fields: Record<string, string> = DEPOSIT, key = newKey(), slip = true) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/field/till/close',
    headers: await remitter.headers({ 'idempotency-key': key }),
    payload: multipartForm(
      { counted: String(counted), ...fields, capturedAt: clock.now().toISOString() },
      slip && fields.lodgementKind === 'deposit' ? { slip: png() } : {},
    ),
  });
}

async function closed(remitter: Session, counted: number): Promise<string> {
  const reply = await close(remitter, counted);
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().data.id;
}

const decide = async (who: Session, id: string, verb: 'approve' | 'reject', body: object = {}) =>
  ctx.app.inject({ method: 'POST', url: `/api/tills/closes/${id}/${verb}`, headers: await who.headers(), payload: body });

/** The lines of the entries a record posted, as "kind account amount". */
async function linesOf(sourceId: string): Promise<string[]> {
  const rows = await query<{ kind: string; account: string; amount: string }>(sql`
    SELECT e.kind, l.account_code AS account, l.amount_kobo::text AS amount
    FROM ledger_entries e JOIN ledger_lines l ON l.entry_id = e.id
    WHERE e.source_id = ${sourceId}::uuid ORDER BY e.kind, l.line_no`);
  return rows.map((row) => `${row.kind} ${row.account} ${row.amount}`);
}

const balanceOf = async (code: string) =>
  Number(
    (await query<{ b: string }>(sql`SELECT coalesce(sum(debits_kobo - credits_kobo), 0)::text AS b FROM ledger_balances WHERE account_code = ${code}`))[0].b,
  );

const remitterSession = (name: string) => session(ctx, { role: 'remitter', fullName: name });
/** The differences the ledger's integrity check finds about one till or close. */
const differencesOf = async (ref: string) =>
  (
    (await ctx.app.inject({ method: 'POST', url: '/api/ledger/integrity-check', headers: await admin.headers() })).json().data as LedgerCheck
  ).differences.filter((difference) => difference.ref === ref);

describe(`cash collections go to the open till (${TEST_DB})`, () => {
  it('the outsider’s story: four ₦2,500 cash payments, three captured 5 minutes, 20 hours and 47 hours before: all in one till, two marked late', async () => {
    clock.set('2026-07-01T23:00:00Z');
    const remitter = await remitterSession('olu outsider');
    const now = clock.now().getTime();
    for (const ago of [0, 5 * 60_000, 20 * HOUR, 47 * HOUR]) await paid(remitter, { capturedAt: new Date(now - ago) });

    const tills = await query<{ till: string; n: number }>(sql`
      SELECT till_id::text AS till, count(*)::int AS n FROM subscription_payments WHERE remitter_id = ${remitter.person.id}::uuid GROUP BY till_id`);
    expect(tills).toHaveLength(1);
    expect(tills[0].n).toBe(4);
    const till = await tillOf(remitter);
    expect(till.till).toMatchObject({ id: tills[0].till, collections: 4, lateCollections: 2, openedAt: clock.now().toISOString() });
    expect(till.cashPaused).toBeNull();
    expect(JSON.stringify(till)).not.toMatch(/expected|10000|10,000/);
    // Each is in the till by receive time: the oldest capture does not make the cash "old" for the limit.
    expect(till.limits).toEqual({ hours: 24, naira: 50000 });
  });

  it('a non-cash payment goes to no till; a till opens with the first cash collection', async () => {
    const remitter = await remitterSession('nora noncash');
    const payment = await paid(remitter, { mode: 'pos', reference: 'POS-77' });
    expect(payment.reference).toBe('POS-77');
    expect((await tillOf(remitter)).till).toBeNull();
    await paid(remitter);
    expect((await tillOf(remitter)).till).toMatchObject({ collections: 1, lateCollections: 0 });
  });
});

describe(`references (${TEST_DB})`, () => {
  it('are required unless cash, naming reference', async () => {
    const remitter = await remitterSession('ref required');
    for (const mode of ['transfer', 'pos', 'card']) {
      const reply = await pay(remitter, { mode });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe('reference is required unless modeOfPayment is cash');
      expect(reply.json().errors[0].field).toBe('reference');
    }
    const blank = await pay(remitter, { mode: 'transfer', reference: ' -- ' });
    expect(blank.statusCode).toBe(400);
    expect((await paid(remitter, { reference: 'ignored for cash' })).reference).toBeNull();
  });

  it('pay once per mode, whatever the spelling; the same reference in another mode is another payment', async () => {
    const remitter = await remitterSession('ref unique');
    const first = await paid(remitter, { mode: 'transfer', reference: 'FT-2026 0701' });
    const again = await pay(remitter, { mode: 'transfer', reference: 'ft20260701' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`reference ft20260701 already paid receipt ${first.receiptNo}`);
    expect(again.json().errors[0].field).toBe('reference');
    // Nothing of the refused payment is left: no payment, no entry.
    const [{ n }] = await query<{ n: number }>(sql`SELECT count(*)::int AS n FROM subscription_payments WHERE reference = 'ft20260701'`);
    expect(n).toBe(0);
    // A penalty payment cannot reuse it either.
    const owing = await createMotorist(ctx, 'keke');
    const enforcer = await session(ctx, { role: 'enforcer' });
    const scan = await ctx.app.inject({ method: 'POST', url: '/api/field/scan', headers: await enforcer.headers(), payload: { userCode: owing.userCode } });
    expect(scan.statusCode).toBe(201);
    await ctx.database.db.execute(sql`UPDATE ticket_subscriptions SET outstanding_penalty_kobo = 50000 WHERE user_id = ${owing.id}::uuid`);
    const penalty = await ctx.app.inject({
      method: 'POST',
      url: '/api/field/penalty-payment',
      headers: await remitter.headers({ 'idempotency-key': newKey() }),
      payload: { userCode: owing.userCode, amount: 500, modeOfPayment: 'transfer', bankName: 'gtbank', reference: 'FT20260701' },
    });
    expect([penalty.statusCode, penalty.json().message]).toEqual([409, `reference FT20260701 already paid receipt ${first.receiptNo}`]);
    // POS and card have their own references.
    expect((await paid(remitter, { mode: 'pos', reference: 'FT-2026 0701' })).reference).toBe('FT-2026 0701');
    expect((await paid(remitter, { mode: 'card', reference: 'FT20260701' })).reference).toBe('FT20260701');
  });

  it('show in Transaction History', async () => {
    const remitter = await remitterSession('ref history');
    const payment = await paid(remitter, { mode: 'card', reference: 'CARD-HIST-1' });
    const reply = await ctx.app.inject({ method: 'GET', url: `/api/sub-history?remitter=${remitter.person.id}`, headers: await admin.headers() });
    expect(reply.json().data.find((row: { _id: string }) => row._id === payment._id)).toMatchObject({ modeOfPayment: 'card', reference: 'CARD-HIST-1' });
  });
});

describe(`cash limits (${TEST_DB})`, () => {
  it('by amount: cash that would go over ₦50,000 is refused with why and what to do; non-cash still works', async () => {
    const remitter = await remitterSession('lola limit');
    await paid(remitter, { plan: 'bus' });
    await paid(remitter, { plan: 'bus' });
    const refused = await pay(remitter);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Cash collection is paused: your unlodged cash would go over the ₦50,000 limit. Close your till and lodge the cash; transfer, POS and card payments still work.',
    );
    expect((await tillOf(remitter)).cashPaused).toMatchObject({ reason: 'amount' });
    await paid(remitter, { mode: 'transfer', reference: 'LIMIT-AMOUNT-1' });
    // Lodged (closed), cash works again.
    await closed(remitter, 50000);
    expect((await tillOf(remitter)).cashPaused).toBeNull();
    await paid(remitter);
  });

  it('by age: cash held over 24 hours (by receive time) pauses cash collection', async () => {
    const remitter = await remitterSession('ade age');
    await paid(remitter);
    later(24 * HOUR + 60_000);
    const refused = await pay(remitter);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Cash collection is paused: you have held cash for over 24 hours without lodging it. Close your till and lodge the cash; transfer, POS and card payments still work.',
    );
    expect((await tillOf(remitter)).cashPaused).toEqual({ reason: 'age', message: refused.json().message });
    await paid(remitter, { mode: 'pos', reference: 'LIMIT-AGE-1' });
    const [{ n }] = await query<{ n: number }>(sql`SELECT count(*)::int AS n FROM subscription_payments WHERE remitter_id = ${remitter.person.id}::uuid`);
    expect(n).toBe(2);
  });
});

describe(`the close (${TEST_DB})`, () => {
  it('is blind: the reply and the till never say what the server expects; a second close waits', async () => {
    const remitter = await remitterSession('bola blind');
    for (let i = 0; i < 3; i += 1) await paid(remitter);
    const uploadsBefore = storedFileCount(ctx.dataDir);
    const key = newKey();
    const reply = await close(remitter, 7000, DEPOSIT, key);
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json()).toEqual({
      message: 'Till closed: your count and lodgement are waiting for approval',
      data: { id: expect.any(String), status: 'pending' },
    });
    expect(storedFileCount(ctx.dataDir)).toBe(uploadsBefore + 1);
    // The same key again: the first answer, nothing new.
    const repeat = await close(remitter, 7000, DEPOSIT, key);
    expect([repeat.statusCode, repeat.headers['idempotent-replayed'], repeat.json().data.id]).toEqual([201, 'true', reply.json().data.id]);
    expect(storedFileCount(ctx.dataDir)).toBe(uploadsBefore + 1);

    const till = await tillOf(remitter);
    expect(till).toMatchObject({ till: null, pendingClose: { id: reply.json().data.id }, rejected: null });
    expect(JSON.stringify(till)).not.toMatch(/expected|7500/);
    const [row] = await query<{ expected: string; counted: string; slip: string | null }>(sql`
      SELECT expected_kobo::text AS expected, counted_kobo::text AS counted, slip_file AS slip FROM till_closes WHERE id = ${reply.json().data.id}::uuid`);
    expect(row).toMatchObject({ expected: '750000', counted: '700000', slip: expect.stringMatching(/\.png$/) });

    // New cash opens a new till; closing again waits for the decision.
    await paid(remitter);
    const waiting = await close(remitter, 2500);
    expect([waiting.statusCode, waiting.json().message]).toEqual([
      409,
      'Your till close is waiting for approval; you cannot close again until it is approved or rejected',
    ]);
    expect(storedFileCount(ctx.dataDir)).toBe(uploadsBefore + 1);
  });

  it('refuses when there is no cash to close, and checks the lodgement’s fields', async () => {
    const remitter = await remitterSession('nil cash');
    expect((await close(remitter, 0)).json().message).toBe('You have no cash to close');
    await paid(remitter, { mode: 'transfer', reference: 'NIL-CASH-1' });
    expect((await close(remitter, 0)).statusCode).toBe(409);
    await paid(remitter);
    const noTeller = await close(remitter, 2500, { lodgementKind: 'deposit', bankName: 'gtbank', lodgedOn: '2026-07-01' });
    expect([noTeller.statusCode, noTeller.json().message]).toEqual([400, 'tellerNo is required for a deposit']);
    const noRef = await close(remitter, 2500, { lodgementKind: 'transfer', lodgedOn: '2026-07-01' });
    expect([noRef.statusCode, noRef.json().errors[0].field]).toEqual([400, 'transferReference']);
    const negative = await close(remitter, -1);
    expect(negative.statusCode).toBe(400);
    const future = await close(remitter, 2500, { ...DEPOSIT, lodgedOn: '2099-01-01' });
    expect([future.statusCode, future.json().message]).toEqual([400, 'lodgedOn is in the future']);
    const notImage = await ctx.app.inject({
      method: 'POST',
      url: '/api/field/till/close',
      headers: await remitter.headers({ 'idempotency-key': newKey() }),
      payload: multipartForm({ counted: '2500', ...DEPOSIT }, { slip: { bytes: Buffer.from('not an image'), name: 'slip.png', type: 'image/png' } }),
    });
    expect(notImage.statusCode).toBe(400);
    const byTransfer = await close(remitter, 2500, { lodgementKind: 'transfer', transferReference: 'TRF-1', lodgedOn: '2026-07-01' });
    expect(byTransfer.statusCode).toBe(201);
  });
});

describe(`approval (${TEST_DB})`, () => {
  it('short by ₦500: posts the lodgement and the shortage, with a reason; the till account is emptied and the books balance', async () => {
    const remitter = await remitterSession('sade short');
    for (let i = 0; i < 3; i += 1) await paid(remitter);
    await paid(remitter, { mode: 'transfer', reference: 'SHORT-TRF-1' });
    const id = await closed(remitter, 7000);
    const noReason = await decide(manager, id, 'approve');
    expect([noReason.statusCode, noReason.json().message]).toEqual([400, 'reason is required when the count differs from the expected cash']);

    const reply = await decide(manager, id, 'approve', { reason: 'agent admits the loss' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().data).toEqual<TillDecision>({
      id,
      status: 'approved',
      counted: 7000,
      expected: 7500,
      variance: -500,
      reason: 'agent admits the loss',
      decidedAt: clock.now().toISOString(),
      decidedBy: { id: manager.person.id, fullName: 'mary manager' },
    });
    const till = `till:${remitter.person.id}`;
    expect(await linesOf(id)).toEqual([
      'lodgement bank:levy 700000',
      `lodgement ${till} -700000`,
      `till_variance shortage:${remitter.person.id} 50000`,
      `till_variance ${till} -50000`,
    ]);
    expect(await balanceOf(till)).toBe(0);
    expect(await balanceOf(`shortage:${remitter.person.id}`)).toBe(50000);
    const tills = await query<{ status: string }>(sql`SELECT status FROM tills WHERE remitter_id = ${remitter.person.id}::uuid`);
    expect(tills).toEqual([{ status: 'closed' }]);
    const audit = await query<{ action: string; after: { variance: number } }>(sql`
      SELECT action, after FROM audit_log WHERE entity_id = ${id}::uuid`);
    expect(audit).toEqual([{ action: 'till_close.approved', after: expect.objectContaining({ status: 'approved', variance: -500 }) }]);

    const check = await ctx.app.inject({ method: 'POST', url: '/api/ledger/integrity-check', headers: await admin.headers() });
    expect((check.json().data as LedgerCheck).ok).toBe(true);
    const again = await decide(admin, id, 'reject', { reason: 'too late' });
    expect([again.statusCode, again.json().message]).toEqual([409, 'This close was already approved by mary manager']);
  });

  it('over: credits overages; exact: posts the lodgement only', async () => {
    const remitter = await remitterSession('otis over');
    await paid(remitter);
    const over = await closed(remitter, 3000);
    expect((await decide(admin, over, 'approve', { reason: 'counted twice' })).statusCode).toBe(200);
    expect(await linesOf(over)).toEqual([
      'lodgement bank:levy 300000',
      `lodgement till:${remitter.person.id} -300000`,
      `till_variance till:${remitter.person.id} 50000`,
      'till_variance overage -50000',
    ]);
    await paid(remitter);
    const exact = await closed(remitter, 2500);
    expect((await decide(manager, exact, 'approve')).json().data).toMatchObject({ variance: 0, reason: null });
    expect(await linesOf(exact)).toEqual(['lodgement bank:levy 250000', `lodgement till:${remitter.person.id} -250000`]);
    expect(await balanceOf(`till:${remitter.person.id}`)).toBe(0);
  });

  it('a rejection reopens the till with the reason the remitter sees; the next close covers it and the new till', async () => {
    const remitter = await remitterSession('rita rejected');
    await paid(remitter);
    const id = await closed(remitter, 2500);
    const noReason = await decide(manager, id, 'reject', {});
    expect([noReason.statusCode, noReason.json().message]).toEqual([400, 'reason is required']);
    const reply = await decide(manager, id, 'reject', { reason: 'teller number does not match the bank statement' });
    expect(reply.json()).toMatchObject({ message: 'Till close rejected; the till is open again', data: { status: 'rejected', variance: null } });
    expect(await linesOf(id)).toEqual([]);
    const till = await tillOf(remitter);
    expect(till).toMatchObject({
      till: { collections: 1 },
      pendingClose: null,
      rejected: { id, reason: 'teller number does not match the bank statement', decidedBy: 'mary manager', decidedAt: clock.now().toISOString() },
    });
    await paid(remitter);
    expect((await tillOf(remitter)).till).toMatchObject({ collections: 2 });
    const second = await closed(remitter, 5000);
    expect((await tillOf(remitter)).rejected).toBeNull();
    expect((await decide(manager, second, 'approve')).json().data).toMatchObject({ expected: 5000, variance: 0 });
    const tills = await query<{ status: string; close: string }>(sql`
      SELECT status, close_id::text AS close FROM tills WHERE remitter_id = ${remitter.person.id}::uuid ORDER BY opened_at`);
    expect(tills).toEqual([
      { status: 'closed', close: second },
      { status: 'closed', close: second },
    ]);
    const audit = await query<{ action: string }>(sql`SELECT action FROM audit_log WHERE entity_id = ${id}::uuid`);
    expect(audit).toEqual([{ action: 'till_close.rejected' }]);
  });

  it('is for remitter-managers, admins and the super-admin, never the remitter themselves', async () => {
    const remitter = await remitterSession('who decides');
    await paid(remitter);
    const id = await closed(remitter, 2500);
    for (const who of [remitter, await session(ctx, { role: 'manager', department: 'enforcer-manager' }), await session(ctx, { role: 'enforcer' })]) {
      expect((await decide(who, id, 'approve')).statusCode).toBe(403);
    }
    // A remitter-manager who is the remitter (the service's own check, whoever the role).
    const service = tillsOn({ db: ctx.database.db, files: createLocalFileStore(ctx.dataDir, 'x'.repeat(64)), clock });
    await expect(service.approveClose({ id: remitter.person.id }, id, undefined)).rejects.toThrow(
      'You cannot approve or reject your own till close: another remitter-manager or an admin must',
    );
    const missing = await decide(manager, '00000000-0000-4000-8000-000000000000', 'approve');
    expect(missing.statusCode).toBe(404);
    const superAdmin = await session(ctx, { role: 'super-admin' });
    expect((await decide(superAdmin, id, 'approve')).statusCode).toBe(200);
  });

  it('two approvals of one close at once: one approval, one set of entries', async () => {
    const remitter = await remitterSession('twice approved');
    await paid(remitter);
    const id = await closed(remitter, 2000);
    const replies = await Promise.all([decide(manager, id, 'approve', { reason: 'short' }), decide(admin, id, 'approve', { reason: 'short' })]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    expect(await linesOf(id)).toHaveLength(4);
  });
});

/** The remitter's tills' running totals (0047), oldest first, as "status kobo firstCashAt". */
async function totalsOf(remitter: Session): Promise<string[]> {
  const rows = await query<{ status: string; kobo: string; first: Date | string | null }>(sql`
    SELECT status, cash_kobo::text AS kobo, first_cash_at AS first FROM tills WHERE remitter_id = ${remitter.person.id}::uuid ORDER BY opened_at, id`);
  return rows.map((row) => `${row.status} ${row.kobo} ${row.first === null ? null : new Date(row.first).toISOString()}`);
}

describe(`running totals (${TEST_DB})`, () => {
  it('follow cash payments (by receive time), not non-cash or refused ones; a close and a rejection keep them', async () => {
    clock.set('2026-07-10T08:00:00Z');
    const remitter = await remitterSession('tunde totals');
    const first = clock.now().toISOString();
    await paid(remitter, { capturedAt: new Date(clock.now().getTime() - 10 * HOUR) });
    later(HOUR);
    await paid(remitter);
    await paid(remitter, { mode: 'transfer', reference: 'TOTALS-1' });
    await paid(remitter, { plan: 'bus' });
    expect((await pay(remitter, { plan: 'bus' })).statusCode).toBe(409);
    expect(await totalsOf(remitter)).toEqual([`open 3000000 ${first}`]);

    const id = await closed(remitter, 30000);
    expect(await totalsOf(remitter)).toEqual([`closing 3000000 ${first}`]);
    later(HOUR);
    const second = clock.now().toISOString();
    await paid(remitter);
    expect((await decide(manager, id, 'reject', { reason: 'slip unreadable' })).statusCode).toBe(200);
    expect(await totalsOf(remitter)).toEqual([`open 3000000 ${first}`, `open 250000 ${second}`]);
    // Both open tills are unlodged: ₦32,500 with ₦25,000 more would go over the ₦50,000 limit.
    expect((await pay(remitter, { plan: 'bus' })).statusCode).toBe(409);
    const again = await closed(remitter, 32500);
    expect((await decide(manager, again, 'approve')).json().data).toMatchObject({ expected: 32500, variance: 0 });
    expect(await totalsOf(remitter)).toEqual([`closed 3000000 ${first}`, `closed 250000 ${second}`]);
    const check = (await ctx.app.inject({ method: 'POST', url: '/api/ledger/integrity-check', headers: await admin.headers() })).json().data as LedgerCheck;
    expect(check.differences.filter((difference) => difference.kind === 'till-total-differs')).toEqual([]);
  });

  it('the integrity check finds an open till whose total is not its cash payments', async () => {
    const remitter = await remitterSession('tess tampered');
    await paid(remitter);
    const [till] = await query<{ id: string }>(sql`SELECT id::text FROM tills WHERE remitter_id = ${remitter.person.id}::uuid`);
    await ctx.database.db.execute(sql`UPDATE tills SET cash_kobo = cash_kobo + 100 WHERE id = ${till.id}::uuid`);
    try {
      const check = (await ctx.app.inject({ method: 'POST', url: '/api/ledger/integrity-check', headers: await admin.headers() })).json().data as LedgerCheck;
      expect(check.ok).toBe(false);
      expect(check.differences.filter((difference) => difference.ref === till.id)).toEqual([
        {
          kind: 'till-total-differs',
          ref: till.id,
          posted: 2501,
          expected: 2500,
          message: `Till ${till.id}: its running cash total is ₦2,501.00, its cash payments sum to ₦2,500.00`,
        },
      ]);
    } finally {
      await ctx.database.db.execute(sql`UPDATE tills SET cash_kobo = cash_kobo - 100 WHERE id = ${till.id}::uuid`);
    }
    expect(await differencesOf(till.id)).toEqual([]);
  });
});

describe(`the integrity check (${TEST_DB})`, () => {
  it('finds an approved close without its lodgement or variance entries', async () => {
    const remitter = await remitterSession('ivy integrity');
    const [close] = await query<{ id: string }>(sql`
      INSERT INTO till_closes (remitter_id, status, expected_kobo, counted_kobo, lodgement_kind, bank_name, teller_no, lodged_on, captured_at,
                               received_at, idempotency_key, decided_by, decided_at, reason, variance_kobo)
      VALUES (${remitter.person.id}::uuid, 'approved', 100000, 90000, 'deposit', 'gtbank', 'T', '2026-07-01', now(), now(), 'k',
              ${manager.person.id}::uuid, now(), 'short', -10000)
      RETURNING id`);
    const check = (await ctx.app.inject({ method: 'POST', url: '/api/ledger/integrity-check', headers: await admin.headers() })).json().data as LedgerCheck;
    const found = check.differences.filter((difference) => difference.ref === close.id);
    expect(found.map((difference) => difference.message)).toEqual([
      `Till close's lodgement ${close.id} (₦900.00) has no entry in the ledger`,
      `Till close's variance ${close.id} (₦100.00) has no entry in the ledger`,
    ]);
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`DELETE FROM till_closes WHERE id = ${close.id}::uuid`);
    });
    expect(await differencesOf(close.id)).toEqual([]);
  });
});
