import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLIANCE_FLAGS, FIELD_MESSAGES, decodeCompliance } from '@eticket/contracts';
import { controlledClock, createTestContext, NO_CASH_LIMITS, oneConnection, rawRows, TEST_DB, type TestContext } from '../../../test/harness.ts';
import { createMotorist, newKey, session, type Session } from '../../../test/tickets.ts';
import { createLocalFileStore } from '../../adapters/files.ts';
import { createAgentReadsRepository } from './agent-reads-repository.ts';
import { tillsOn } from '../tills/index.ts';

const clock = controlledClock('2026-07-01T09:00:00Z');
let ctx: TestContext;
let admin: Session;
let enforcer: Session;
let remitter: Session;
let registrar: Session;
const plans: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext({ clock, tills: NO_CASH_LIMITS });
  admin = await session(ctx, { role: 'admin' });
  enforcer = await session(ctx, { role: 'enforcer', fullName: 'eze enforcer' });
  remitter = await session(ctx, { role: 'remitter', fullName: 'remi remitter' });
  registrar = await session(ctx, { role: 'registrar' });
  for (const [name, vehicleType, price] of [
    ['weekly', 'keke', 1000],
    ['daily', 'keke', 200],
    ['daily', 'bus', 300],
  ] as const) {
    const reply = await ctx.app.inject({ method: 'POST', url: '/api/subscription', headers: await admin.headers(), payload: { name, vehicleType, price } });
    plans[`${name}-${vehicleType}`] = reply.json().data.id;
  }
  await ctx.app.inject({ method: 'POST', url: '/api/penalty', headers: await admin.headers(), payload: { vehicleType: 'keke', price: 500 } });
});
afterAll(async () => ctx.close());

const get = async (url: string, who: Session) => ctx.app.inject({ method: 'GET', url, headers: await who.headers() });
const pay = async (userCode: string, planKey: string, modeOfPayment: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/field/subscription-payment',
    headers: await remitter.headers({ 'idempotency-key': newKey() }),
    payload: { userCode, subscriptionId: plans[planKey], modeOfPayment, ...(modeOfPayment === 'cash' ? {} : { bankName: 'gtbank', reference: newKey() }) },
  });

describe('GET /api/field/motorist', () => {
  it('finds a motorist by Unique ID or by plate in any case and spacing, with what an agent needs and no phone', async () => {
    const motorist = await createMotorist(ctx, 'keke', { fullName: 'ada keke' });
    for (const q of [motorist.userCode.toUpperCase(), ` ${motorist.plateNumber.toLowerCase().replace(/-/g, ' ')} `]) {
      const reply = await get(`/api/field/motorist?q=${encodeURIComponent(q)}`, enforcer);
      expect(reply.statusCode, q).toBe(200);
      const data = reply.json().data;
      expect(data).toMatchObject({
        id: motorist.id,
        userCode: motorist.userCode,
        fullName: 'ada keke',
        plateNumber: motorist.plateNumber,
        vehicleType: 'keke',
        subscriptionStatus: 'grace',
        outstandingPayment: 0,
        photoUrl: null,
        everPaid: false,
      });
      expect(Object.keys(data).sort()).toEqual([
        'everPaid',
        'expiresAt',
        'fullName',
        'id',
        'outstandingPayment',
        'photoUrl',
        'planName',
        'plateNumber',
        'registrationStatus',
        'subscriptionStatus',
        'userCode',
        'vehicleModel',
        'vehicleType',
      ]);
    }
    expect((await get(`/api/field/motorist?q=${motorist.userCode}`, remitter)).statusCode).toBe(200);
    expect((await pay(motorist.userCode, 'daily-keke', 'cash')).statusCode).toBe(201);
    expect((await get(`/api/field/motorist?q=${motorist.userCode}`, remitter)).json().data).toMatchObject({ everPaid: true, subscriptionStatus: 'active' });
  });

  it('answers 404 for no match, 400 naming q when it is missing, 403 for others than enforcers and remitters', async () => {
    const none = await get('/api/field/motorist?q=nobody999', enforcer);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(FIELD_MESSAGES.noMotoristForQuery);
    const missing = await get('/api/field/motorist', enforcer);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^q is required/);
    for (const who of [admin, registrar]) expect((await get('/api/field/motorist?q=abc', who)).statusCode).toBe(403);
  });
});

describe('GET /api/field/plans', () => {
  it("lists the plans of a vehicle type with prices for a remitter, and no one else's", async () => {
    const reply = await get('/api/field/plans?vehicleType=KEKE', remitter);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toEqual([
      { id: plans['daily-keke'], name: 'daily', vehicleType: 'keke', price: 200 },
      { id: plans['weekly-keke'], name: 'weekly', vehicleType: 'keke', price: 1000 },
    ]);
    const bad = await get('/api/field/plans?vehicleType=boat', remitter);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('vehicleType must be one of keke, bus, bike');
    expect((await get('/api/field/plans?vehicleType=keke', enforcer)).statusCode).toBe(403);
  });
});

describe('GET /api/field/compliance', () => {
  it('gives Unique ID, paid-until and flags, no names; a refresh since asOf gives only the changes', async () => {
    const paid = await createMotorist(ctx, 'keke');
    const owing = await createMotorist(ctx, 'keke');
    clock.set('2026-07-05T09:00:00Z');
    expect((await pay(paid.userCode, 'weekly-keke', 'cash')).statusCode).toBe(201);
    const scan = await ctx.app.inject({ method: 'POST', url: '/api/field/scan', headers: await enforcer.headers(), payload: { userCode: owing.userCode } });
    expect(scan.json().data.penaltyAdded).toBe(500);

    // asOf is a minute behind the reply (a change committed just after its stamp is found again, harmlessly).
    clock.set('2026-07-05T09:30:00Z');
    const whole = await get('/api/field/compliance', enforcer);
    expect(whole.statusCode).toBe(200);
    const list = whole.json().data;
    expect(list).toMatchObject({ graceDays: 3, next: null, complete: true });
    expect(JSON.stringify(list)).not.toContain('ada keke');
    // In columns (issue 49): contracts' decodeCompliance gives the entries back.
    const entries = (reply: typeof list) => decodeCompliance(reply, reply.asOf, reply.graceDays);
    const entry = (code: string) => entries(list).find((e) => e[0] === code);
    // The plate as letters and digits, lower-cased: an enforcer offline finds a typed plate (issue 48).
    const plateOf = (plate: string) => plate.toLowerCase().replace(/[^a-z0-9]/g, '');
    expect(entry(paid.userCode)).toEqual([paid.userCode, Date.parse('2026-07-12T09:00:00Z') / 1000, 0, plateOf(paid.plateNumber)]);
    // Its grace period ended over a day before asOf: expired whenever the list is read, so only the
    // Lagos day of paid-until is kept (read back as its start), which dates "Expired since".
    expect(entry(owing.userCode)).toEqual([
      owing.userCode,
      Date.parse('2026-07-01T00:00:00+01:00') / 1000,
      COMPLIANCE_FLAGS.owesPenalty,
      plateOf(owing.plateNumber),
    ]);
    expect(plateOf(owing.plateNumber)).toMatch(/^[a-z0-9]{4,}$/);
    const codes = entries(list).map((e) => e[0]);
    expect(codes).toEqual([...codes].sort());

    clock.set('2026-07-05T10:00:00Z');
    expect((await pay(owing.userCode, 'daily-keke', 'cash')).statusCode).toBe(201);
    const changes = (await get(`/api/field/compliance?since=${encodeURIComponent(list.asOf)}`, enforcer)).json().data;
    expect(changes.complete).toBe(true);
    expect(entries(changes).map((e) => e[0])).toEqual([owing.userCode]);

    const paged = (await get(`/api/field/compliance?after=${encodeURIComponent(codes[0])}`, enforcer)).json().data;
    expect(entries(paged).map((e) => e[0])).toEqual(codes.slice(1));
    expect((await get('/api/field/compliance', remitter)).statusCode).toBe(403);
  });

  it.runIf(TEST_DB === 'postgres')("plans each page with its own key, never with PostgreSQL's plan for any key", async () => {
    const single = await oneConnection(ctx);
    try {
      const repository = createAgentReadsRepository(single.db);
      let after = '';
      // Past the five runs after which PostgreSQL may keep a generic plan for a named statement.
      for (let run = 0; run < 7; run += 1) {
        const [row] = await repository.compliancePage(after, 1);
        expect(Number.isInteger(row?.paid_until), `run ${run}`).toBe(true);
        await repository.complianceChanges(new Date('2026-07-01T00:00:00Z'), 1);
        await repository.graceDays();
        after = run % 2 ? '' : row!.user_code;
      }
      const prepared = await rawRows<{ statement: string; runs: string }>(
        single,
        "SELECT statement, (generic_plans + custom_plans)::text AS runs FROM pg_prepared_statements WHERE name LIKE 'shape_%'",
      );
      // The grace setting's read is the one named statement: the pages are unnamed, planned per call.
      expect(prepared).toEqual([{ statement: expect.stringContaining('FROM settings'), runs: '7' }]);
    } finally {
      await single.close();
    }
  });
});

describe('GET /api/field/my-day', () => {
  it("counts the agent's own scans and payments of the current Lagos day, by mode, with the cash to hand in once the till is lodged", async () => {
    clock.set('2026-07-06T08:00:00Z');
    const motorist = await createMotorist(ctx, 'keke', { fullName: 'obi keke' });
    await pay(motorist.userCode, 'weekly-keke', 'cash');
    await pay(motorist.userCode, 'daily-keke', 'cash');
    await pay(motorist.userCode, 'daily-keke', 'transfer');
    // 23:30 the evening before in Lagos: another day.
    const yesterday = await ctx.app.inject({
      method: 'POST',
      url: '/api/field/subscription-payment',
      headers: await remitter.headers({ 'idempotency-key': newKey() }),
      payload: { userCode: motorist.userCode, subscriptionId: plans['daily-keke'], modeOfPayment: 'cash', capturedAt: '2026-07-05T22:30:00Z' },
    });
    expect(yesterday.statusCode).toBe(201);

    // The till is open: the count is blind, the server answers no cash amount (nor the total it is part of).
    const blind = (await get('/api/field/my-day', remitter)).json().data;
    expect(blind.payments).toEqual({
      count: 3,
      total: null,
      byMode: [
        { modeOfPayment: 'cash', count: 2, amount: null },
        { modeOfPayment: 'transfer', count: 1, amount: 200 },
      ],
      cashToHandIn: null,
    });
    // Closed (waiting for approval): still blind; approved: the amounts are the remitter's to see again.
    const tills = tillsOn({ db: ctx.database.db, files: createLocalFileStore(ctx.dataDir, 'x'.repeat(64)), clock });
    const lodgement = { kind: 'transfer', reference: 'LODGE-1', lodgedOn: '2026-07-06' } as const;
    const closed = await tills.closeTill({ id: remitter.person.id }, newKey(), { counted: 1400, lodgement, capturedAt: clock.now().toISOString() });
    expect((await get('/api/field/my-day', remitter)).json().data.payments.cashToHandIn).toBeNull();
    // (The close covers the cash of the file's earlier tests too: approved with a reason whatever the count.)
    await tills.approveClose({ id: admin.person.id }, closed.body.data.id, 'counted by the test');

    const day = (await get('/api/field/my-day', remitter)).json().data;
    expect(day).toMatchObject({
      day: '2026-07-06',
      scans: { count: 0 },
      payments: {
        count: 3,
        total: 1400,
        byMode: [
          { modeOfPayment: 'cash', count: 2, amount: 1200 },
          { modeOfPayment: 'transfer', count: 1, amount: 200 },
        ],
        cashToHandIn: 1200,
      },
    });
    expect(day.recent).toHaveLength(3);
    expect(day.recent[0]).toMatchObject({ kind: 'subscription-payment', fullName: 'obi keke', userCode: motorist.userCode });
    // Each payment names its receipt, so the phone can open it again.
    const receipts = day.recent.map((item: { receiptNo: string | null }) => item.receiptNo);
    expect(new Set(receipts).size).toBe(3);
    for (const receiptNo of receipts) expect(receiptNo).toMatch(/^S/);

    const scanned = await ctx.app.inject({
      method: 'POST',
      url: '/api/field/scan',
      headers: await enforcer.headers(),
      payload: { userCode: motorist.userCode },
    });
    expect(scanned.statusCode).toBe(201);
    const enforcerDay = (await get('/api/field/my-day', enforcer)).json().data;
    expect(enforcerDay.scans).toEqual({ count: 1, penaltiesAdded: 0, penaltyAmount: 0 });
    expect(enforcerDay.recent[0]).toMatchObject({ kind: 'scan', receiptNo: null });
    expect(enforcerDay.payments.count).toBe(0);
    expect((await get('/api/field/my-day', admin)).statusCode).toBe(403);
  });
});
