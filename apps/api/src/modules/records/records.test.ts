import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlledClock, createTestContext, type TestContext } from '../../../test/harness.ts';
import { sqlBuiltBy } from '../../../test/sql-builds.ts';
import { createMotorist, newKey, session, type Session } from '../../../test/tickets.ts';
import { recordQueries } from './repository.ts';

// A small, fully known history; every list is checked row by row. Lagos is UTC+1.
const clock = controlledClock('2026-05-20T08:00:00Z');
let ctx: TestContext;
let admin: Session;
let e1: Session;
let e2: Session;
let r1: Session;
let r2: Session;
type Motorist = Awaited<ReturnType<typeof createMotorist>>;
let m1: Motorist;
let m2: Motorist;
let m3: Motorist;
const ids: Record<string, string> = {};
const plans: Record<string, string> = {};

async function post(url: string, who: Session, payload: Record<string, unknown>, extra: Record<string, string> = {}) {
  const reply = await ctx.app.inject({ method: 'POST', url, headers: await who.headers(extra), payload });
  if (reply.statusCode !== 201) throw new Error(`${url}: ${reply.statusCode} ${reply.body}`);
  return reply.json().data;
}
const scanAt = async (iso: string, who: Session, m: Motorist) => {
  clock.set(iso);
  return (await post('/api/field/scan', who, { userCode: m.userCode })).scanId as string;
};
const payAt = async (iso: string, who: Session, m: Motorist, plan: string, mode: string, bankName?: string) => {
  clock.set(iso);
  const data = await post(
    '/api/field/subscription-payment',
    who,
    { userCode: m.userCode, subscriptionId: plans[plan], modeOfPayment: mode, bankName, reference: mode === 'cash' ? undefined : `${mode} ${iso}` },
    { 'idempotency-key': newKey() },
  );
  return data.payment.id as string;
};

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  admin = await session(ctx, { role: 'admin' });
  e1 = await session(ctx, { role: 'enforcer', fullName: 'ada enforcer' });
  e2 = await session(ctx, { role: 'enforcer', fullName: 'bayo enforcer' });
  r1 = await session(ctx, { role: 'remitter', fullName: 'chi remitter' });
  r2 = await session(ctx, { role: 'remitter', fullName: 'dayo remitter' });
  m1 = await createMotorist(ctx, 'keke', { fullName: 'musa keke' });
  m2 = await createMotorist(ctx, 'bus', { fullName: 'ngozi bus' });
  m3 = await createMotorist(ctx, 'bike', { fullName: 'obi bike' });
  for (const [name, vehicleType, price] of [
    ['weekly', 'keke', 1000],
    ['weekly', 'bus', 1500],
    ['daily', 'bike', 200],
  ] as const) {
    plans[`${name}-${vehicleType}`] = (await post('/api/subscription', admin, { name, vehicleType, price })).id;
  }
  await post('/api/penalty', admin, { vehicleType: 'keke', price: 500 });

  ids.s1 = await scanAt('2026-06-01T07:30:00Z', e1, m1); // expired: +500
  clock.set('2026-06-01T07:45:00Z');
  ids.q1 = (
    await post('/api/field/penalty-payment', r1, { userCode: m1.userCode, amount: 200, modeOfPayment: 'cash' }, { 'idempotency-key': newKey() })
  ).payment.id;
  ids.p1 = await payAt('2026-06-01T08:00:00Z', r1, m1, 'weekly-keke', 'cash');
  ids.s2 = await scanAt('2026-06-01T09:00:00Z', e1, m1); // active, owes 300
  ids.s3 = await scanAt('2026-06-02T10:00:00Z', e2, m2); // expired, no bus charge
  ids.p2 = await payAt('2026-06-02T22:30:00Z', r2, m2, 'weekly-bus', 'transfer', 'Access Bank'); // 23:30 on 2 June in Lagos
  ids.s4 = await scanAt('2026-06-02T23:30:00Z', e2, m3); // 00:30 on 3 June in Lagos
  ids.p3 = await payAt('2026-06-03T12:00:00Z', r1, m3, 'daily-bike', 'pos', 'gtbank');
});
afterAll(async () => ctx.close());

async function list(url: string, who: Session = admin) {
  const reply = await ctx.app.inject({ method: 'GET', url, headers: await who.headers() });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as { data: Array<{ id: string }>; paginator: { pageCount: number; currentPage: number; perPage: number; total: number } };
}
const idsOf = (body: { data: Array<{ id: string }> }) => body.data.map((row) => Object.keys(ids).find((k) => ids[k] === row.id));

const person = (s: Session) => ({ _id: s.person.id, id: s.person.id, fullName: s.person.fullName, userCode: s.person.userCode });
const motoristRef = (m: Motorist) => ({ _id: m.id, id: m.id, fullName: m.fullName, userCode: m.userCode });

describe('GET /api/scan', () => {
  it('lists scans newest first with the spec columns, names resolved', async () => {
    const body = await list('/api/scan');
    expect(idsOf(body)).toEqual(['s4', 's3', 's2', 's1']);
    expect(body.paginator).toEqual({ pageCount: 1, currentPage: 1, perPage: 10, total: 4 });
    expect(body.data[3]).toEqual({
      _id: ids.s1,
      id: ids.s1,
      createdAt: '2026-06-01T07:30:00.000Z',
      agentId: { _id: e1.person.id, userID: person(e1) },
      kyc: { _id: m1.id, userID: motoristRef(m1) },
      vehicle: { vehicleType: 'keke', plateNumber: m1.plateNumber },
      ticketSubscription: { subscriptionStatus: 'expired', subscriptionExpiryDate: '2026-05-20T08:00:00.000Z', outstandingPayment: 500 },
      penaltyAdded: 500,
    });
    expect(body.data[2]).toMatchObject({
      ticketSubscription: { subscriptionStatus: 'active', subscriptionExpiryDate: '2026-06-08T08:00:00.000Z', outstandingPayment: 300 },
      penaltyAdded: 0,
    });
  });

  it('pages, reading late pages from the oldest end', async () => {
    const first = await list('/api/scan?limit=3&page=1');
    expect(idsOf(first)).toEqual(['s4', 's3', 's2']);
    expect(first.paginator).toEqual({ pageCount: 2, currentPage: 1, perPage: 3, total: 4 });
    expect(idsOf(await list('/api/scan?limit=3&page=2'))).toEqual(['s1']);
    expect(idsOf(await list('/api/scan?limit=1&page=3'))).toEqual(['s2']);
    expect(idsOf(await list('/api/scan?limit=1&page=4'))).toEqual(['s1']);
    expect(idsOf(await list('/api/scan?limit=3&page=3'))).toEqual([]);
  });

  it('searches by status, vehicle type, and the start of a Unique ID of motorist or agent', async () => {
    expect(idsOf(await list('/api/scan?search=Expired'))).toEqual(['s4', 's3', 's1']);
    expect(idsOf(await list('/api/scan?search=keke'))).toEqual(['s2', 's1']);
    expect(idsOf(await list(`/api/scan?search=${e2.person.userCode}`))).toEqual(['s4', 's3']);
    expect(idsOf(await list(`/api/scan?search=${m1.userCode.slice(0, 7)}`))).toEqual(['s2', 's1']);
    expect(idsOf(await list('/api/scan?search=no%20such!'))).toEqual([]);
  });

  it('filters by Lagos days (endDate inclusive) or by instants', async () => {
    expect(idsOf(await list('/api/scan?startDate=2026-06-02&endDate=2026-06-02'))).toEqual(['s3']);
    expect(idsOf(await list('/api/scan?startDate=2026-06-03'))).toEqual(['s4']);
    expect(idsOf(await list('/api/scan?endDate=2026-06-01'))).toEqual(['s2', 's1']);
    expect(idsOf(await list('/api/scan?startDate=2026-06-01T09:00:00Z&endDate=2026-06-02T10:00:00Z'))).toEqual(['s3', 's2']);
    expect(idsOf(await list('/api/scan?startDate=2026-06-01&endDate=2026-06-02&search=expired'))).toEqual(['s3', 's1']);
  });

  it('refuses bad queries with 400 naming the field', async () => {
    const bad = async (query: string) => (await ctx.app.inject({ method: 'GET', url: `/api/scan?${query}`, headers: await admin.headers() })).json().message;
    expect(await bad('startDate=2026-06-03&endDate=2026-06-01')).toBe('startDate must not be after endDate');
    expect(await bad('startDate=yesterday')).toMatch(/startDate/);
    expect(await bad('limit=500')).toMatch(/limit/);
    expect(await bad('page=0')).toMatch(/page/);
  });
});

describe('GET /api/sub-history', () => {
  it('lists subscription payments newest first with the spec columns', async () => {
    const body = await list('/api/sub-history');
    expect(idsOf(body)).toEqual(['p3', 'p2', 'p1']);
    expect(body.data[1]).toEqual({
      _id: ids.p2,
      id: ids.p2,
      receiptNo: expect.stringMatching(/^S[0-9A-HJKMNP-TV-Y]{3}-[0-9A-HJKMNP-TV-Y]{4}-[0-9A-HJKMNP-TV-Y]{4}$/),
      bankName: 'access bank',
      modeOfPayment: 'transfer',
      reference: 'transfer 2026-06-02T22:30:00Z',
      motorist: { _id: m2.id, uniqueId: m2.userCode, fullName: 'ngozi bus' },
      subscription: { _id: plans['weekly-bus'], name: 'weekly', vehicleType: 'bus' },
      amount: 1500,
      status: 'success',
      addedBy: person(r2),
      createdAt: '2026-06-02T22:30:00.000Z',
    });
    expect(body.data[2]).toMatchObject({ bankName: null, modeOfPayment: 'cash', amount: 1000 });
  });

  it('searches by mode, plan name, vehicle type and Unique ID; filters by Lagos day', async () => {
    expect(idsOf(await list('/api/sub-history?search=transfer'))).toEqual(['p2']);
    expect(idsOf(await list('/api/sub-history?search=weekly'))).toEqual(['p2', 'p1']);
    expect(idsOf(await list('/api/sub-history?search=bike'))).toEqual(['p3']);
    expect(idsOf(await list('/api/sub-history?search=3%20months'))).toEqual([]);
    expect(idsOf(await list(`/api/sub-history?search=${r1.person.userCode}`))).toEqual(['p3', 'p1']);
    expect(idsOf(await list(`/api/sub-history?search=${m2.userCode}`))).toEqual(['p2']);
    expect(idsOf(await list('/api/sub-history?startDate=2026-06-02&endDate=2026-06-02'))).toEqual(['p2']);
    const paged = await list('/api/sub-history?limit=2&page=2');
    expect(idsOf(paged)).toEqual(['p1']);
    expect(paged.paginator.pageCount).toBe(2);
  });
});

describe('GET /api/penalty-history', () => {
  it('lists penalty payments with the same row shape', async () => {
    const body = await list('/api/penalty-history');
    expect(body.data).toEqual([
      {
        _id: ids.q1,
        id: ids.q1,
        receiptNo: expect.stringMatching(/^P[0-9A-HJKMNP-TV-Y]{3}-[0-9A-HJKMNP-TV-Y]{4}-[0-9A-HJKMNP-TV-Y]{4}$/),
        bankName: null,
        modeOfPayment: 'cash',
        reference: null,
        motorist: { _id: m1.id, uniqueId: m1.userCode, fullName: 'musa keke' },
        subscription: { _id: null, name: null, vehicleType: 'keke' },
        amount: 200,
        status: 'success',
        addedBy: person(r1),
        createdAt: '2026-06-01T07:45:00.000Z',
      },
    ]);
    expect(idsOf(await list('/api/penalty-history?search=bus'))).toEqual([]);
  });
});

describe('who may read the records', () => {
  it('admins and super-admins; not managers, unions, users or agents', async () => {
    const superAdmin = await session(ctx, { role: 'super-admin' });
    for (const url of ['/api/scan', '/api/sub-history', '/api/penalty-history']) await list(url, superAdmin);
    const refused = [
      await session(ctx, { role: 'manager', department: 'remitter-manager' }),
      await session(ctx, { role: 'union', unionRole: 'keke' }),
      await session(ctx, { role: 'user' }),
      e1,
      r1,
    ];
    for (const who of refused) {
      for (const url of ['/api/scan', '/api/sub-history', '/api/penalty-history']) {
        const reply = await ctx.app.inject({ method: 'GET', url, headers: await who.headers() });
        expect(reply.statusCode, `${who.person.role} ${url}`).toBe(403);
      }
    }
  });
});

describe('the statements behind the record lists', () => {
  it('are built once per shape: another date range or Unique ID search of the same shape builds no SQL', async () => {
    const records = recordQueries(ctx.database.db);
    const page = { offset: 0, limit: 10 };
    const built = async (read: () => Promise<{ rows: { id: string }[] }>) => {
      const { result, statements } = await sqlBuiltBy(read);
      return { rows: result.rows.map((row) => row.id), statements };
    };
    const range = (from: string, to: string) => ({ from: new Date(from), to: new Date(to), toExclusive: true });
    const ofMotorist = (m: Motorist) => ({ people: { motoristIds: [m.id], agentIds: [] } });
    const june1to2 = range('2026-06-01T08:00:00Z', '2026-06-02T12:00:00Z');
    const june1Morning = range('2026-06-01T07:00:00Z', '2026-06-01T10:00:00Z');
    expect(await built(() => records.listScans(june1to2, page))).toMatchObject({ rows: [ids.s3, ids.s2] });
    expect(await built(() => records.listScans(june1Morning, page))).toEqual({ rows: [ids.s2, ids.s1], statements: 0 });
    expect(await built(() => records.listScans(ofMotorist(m1), page))).toMatchObject({ rows: [ids.s2, ids.s1] });
    expect(await built(() => records.listScans(ofMotorist(m2), page))).toEqual({ rows: [ids.s3], statements: 0 });
    expect(await built(() => records.listSubscriptionPayments(ofMotorist(m1), page))).toMatchObject({ rows: [ids.p1] });
    expect(await built(() => records.listSubscriptionPayments(ofMotorist(m2), page))).toEqual({ rows: [ids.p2], statements: 0 });
  });
});
