import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE, OPEN_TILL_CSV_COLUMNS, TILL_CLOSE_CSV_COLUMNS, toCsv, type CsvColumn, type OpenTill, type TillClose } from '@eticket/contracts';
import { controlledClock, createTestContext, type TestContext } from '../../../test/harness.ts';
import { multipartForm, png } from '../../../test/images.ts';
import { createMotorist, newKey, session, type Session } from '../../../test/tickets.ts';

// The Tills page's reads and the dashboard's till summary, on tills made the real way: cash
// payments through the field calls, closes through POST /api/field/till/close, decisions through
// approve/reject. Lagos is UTC+1; the limits are the defaults (24 hours, ₦50,000; late after 6 hours).
const clock = controlledClock('2026-06-09T07:00:00Z');
let ctx: TestContext;
let admin: Session;
let manager: Session;
let enforcerManager: Session;
let union: Session;
/** ada: 3 cash (one late) and a transfer, closed ₦500 short, approved. bola: cash held over 24 hours. chidi: closed exact, rejected, closed again, approved. */
let ada: Session;
let bola: Session;
let chidi: Session;
let plan: string;
let motorist: Awaited<ReturnType<typeof createMotorist>>;
const closes: Record<string, string> = {};

async function post(url: string, who: Session, payload: Record<string, unknown> | FormData, extra: Record<string, string> = {}, status = 201) {
  const reply = await ctx.app.inject({ method: 'POST', url, headers: await who.headers(extra), payload: payload as never });
  if (reply.statusCode !== status) throw new Error(`${url}: ${reply.statusCode} ${reply.body}`);
  return reply.json().data;
}

async function get(url: string, who: Session | null) {
  return ctx.app.inject({ method: 'GET', url, headers: who ? await who.headers() : {} });
}

async function data(url: string, who: Session = manager) {
  const reply = await get(url, who);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json();
}

/** A cash (or transfer) payment by a remitter at the clock's now; captured `lateHours` before it reaches the server. */
async function pay(who: Session, mode: 'cash' | 'transfer', lateHours = 0, reference?: string) {
  const capturedAt = new Date(clock.now().getTime() - lateHours * 3600_000).toISOString();
  const body = {
    userCode: motorist.userCode,
    subscriptionId: plan,
    modeOfPayment: mode,
    capturedAt,
    ...(mode === 'cash' ? {} : { bankName: 'gtbank', reference }),
  };
  return post('/api/field/subscription-payment', who, body, { 'idempotency-key': newKey() });
}

async function closeTill(who: Session, counted: number): Promise<string> {
  const form = multipartForm(
    {
      counted: String(counted),
      lodgementKind: 'deposit',
      bankName: 'first bank',
      tellerNo: 'TL-0099',
      lodgedOn: '2026-06-10',
      capturedAt: clock.now().toISOString(),
    },
    { slip: png('slip.png') },
  );
  const reply = await ctx.app.inject({
    method: 'POST',
    url: '/api/field/till/close',
    headers: await who.headers({ 'idempotency-key': newKey() }),
    payload: form,
  });
  if (reply.statusCode !== 201) throw new Error(`close: ${reply.statusCode} ${reply.body}`);
  return reply.json().data.id;
}

const decide = (id: string, action: 'approve' | 'reject', reason?: string) =>
  post(`/api/tills/closes/${id}/${action}`, manager, reason ? { reason } : {}, {}, 200);

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  admin = await session(ctx, { role: 'admin' });
  manager = await session(ctx, { role: 'manager', department: 'remitter-manager', fullName: 'remi manager' });
  enforcerManager = await session(ctx, { role: 'manager', department: 'enforcer-manager' });
  union = await session(ctx, { role: 'union', unionRole: 'keke', unionName: 'keke union' });
  ada = await session(ctx, { role: 'remitter', fullName: 'ada cashier' });
  bola = await session(ctx, { role: 'remitter', fullName: 'bola holder' });
  chidi = await session(ctx, { role: 'remitter', fullName: 'chidi exact' });
  motorist = await createMotorist(ctx, 'keke', { fullName: 'musa keke' });
  plan = (await post('/api/subscription', admin, { name: 'weekly', vehicleType: 'keke', price: 1000 })).id;

  // Day 1 (9 June, Lagos): bola takes cash and keeps it.
  await pay(bola, 'cash');
  // Day 2 (10 June), 09:00 Lagos: bola's cash is 25 hours old. ada and chidi collect.
  clock.set('2026-06-10T08:00:00Z');
  await pay(ada, 'cash');
  await pay(ada, 'cash', 8); // captured 8 hours earlier: late
  await pay(ada, 'transfer', 0, 'FT-2606-001');
  clock.set('2026-06-10T09:00:00Z');
  await pay(ada, 'cash');
  await pay(chidi, 'cash');
}, 120_000);
afterAll(async () => ctx.close());

describe('who reads the tills', () => {
  it('is a remitter-manager or an admin; not an enforcer-manager, a union or a remitter', async () => {
    const paths = ['/api/tills', '/api/tills/closes', '/api/tills/summary', `/api/tills/closes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`];
    for (const path of paths) {
      for (const who of [enforcerManager, union, ada]) expect((await get(path, who)).statusCode, path).toBe(403);
      expect((await get(path, null)).statusCode, path).toBe(401);
      for (const who of [manager, admin]) expect((await get(path, who)).statusCode, path).toBe(path.includes('0000-4000') ? 404 : 200);
    }
  });
});

describe('open tills', () => {
  it('lists each open till oldest first with its cash, collections, late ones and age', async () => {
    const reply = await data('/api/tills');
    const rows = reply.data as OpenTill[];
    expect(rows.map((row) => row.remitter.fullName)).toEqual(['bola holder', 'ada cashier', 'chidi exact']);
    const [bolaTill, adaTill, chidiTill] = rows;
    expect(bolaTill).toMatchObject({ expected: 1000, collections: 1, lateCollections: 0, ageHours: 26, overLimit: true });
    expect(adaTill).toMatchObject({
      expected: 3000,
      collections: 3,
      lateCollections: 1,
      lastCollectionAt: '2026-06-10T09:00:00.000Z',
      ageHours: 1,
      overLimit: false,
    });
    expect(adaTill.openedAt).toBe('2026-06-10T08:00:00.000Z');
    expect(chidiTill).toMatchObject({ expected: 1000, collections: 1, ageHours: 0, overLimit: false });
    expect(reply.paginator).toMatchObject({ total: 3, pageCount: 1 });
  });

  it('filters by remitter, over the limit and opening day, and pages', async () => {
    const names = async (query: string) => ((await data(`/api/tills?${query}`)).data as OpenTill[]).map((row) => row.remitter.fullName);
    expect(await names('search=bola')).toEqual(['bola holder']);
    expect(await names(`search=${ada.person.userCode.slice(0, 6)}`)).toContain('ada cashier');
    expect(await names('search=nobody-is-called-this')).toEqual([]);
    expect(await names('overLimit=true')).toEqual(['bola holder']);
    expect(await names('startDate=2026-06-10&endDate=2026-06-10')).toEqual(['ada cashier', 'chidi exact']);
    expect(await names('endDate=2026-06-09')).toEqual(['bola holder']);
    const second = await data('/api/tills?page=2&limit=2');
    expect(second.data.map((row: OpenTill) => row.remitter.fullName)).toEqual(['chidi exact']);
    expect(second.paginator).toMatchObject({ total: 3, pageCount: 2, currentPage: 2 });
  });

  it('refuses a bad query, naming the field', async () => {
    for (const [query, field] of [
      ['overLimit=maybe', /overLimit/],
      ['startDate=2026-06-10&endDate=2026-06-01', /startDate/],
      ['limit=1000', /limit/],
    ] as const) {
      const reply = await get(`/api/tills?${query}`, manager);
      expect(reply.statusCode, query).toBe(400);
      expect(reply.json().message).toMatch(field);
    }
  });
});

describe('closes', () => {
  beforeAll(async () => {
    clock.set('2026-06-10T17:00:00Z');
    closes.ada = await closeTill(ada, 2500);
    clock.set('2026-06-10T17:10:00Z');
    closes.chidiFirst = await closeTill(chidi, 1000);
  });

  it('lists a close waiting with counted, expected, variance, lodgement and a slip link; its collections in the detail', async () => {
    const waiting = (await data('/api/tills/closes?status=pending')).data as TillClose[];
    expect(waiting.map((row) => row.remitter.fullName)).toEqual(['chidi exact', 'ada cashier']);
    const close = waiting[1];
    expect(close).toMatchObject({
      id: closes.ada,
      status: 'pending',
      counted: 2500,
      expected: 3000,
      variance: -500,
      lodgement: { kind: 'deposit', bankName: 'first bank', tellerNo: 'TL-0099', reference: null, lodgedOn: '2026-06-10' },
      decidedBy: null,
      reason: null,
    });
    expect(close.slipUrl).toMatch(/^\/api\/files\//);
    expect((await ctx.app.inject({ method: 'GET', url: close.slipUrl! })).statusCode).toBe(200);

    const detail = (await data(`/api/tills/closes/${closes.ada}`)).data;
    expect(detail.collections).toHaveLength(3);
    expect(detail.collections.map((row: { late: boolean }) => row.late)).toEqual([true, false, false]);
    expect(detail.collections.every((row: { amount: number }) => row.amount === 1000)).toBe(true);

    // Closed tills are no longer open.
    expect(((await data('/api/tills')).data as OpenTill[]).map((row) => row.remitter.fullName)).toEqual(['bola holder']);
  });

  it('shows decisions: variances, history by remitter and status', async () => {
    clock.set('2026-06-10T18:00:00Z');
    await decide(closes.ada, 'approve', 'counted twice, ₦500 missing');
    await decide(closes.chidiFirst, 'reject', 'slip unreadable');
    clock.set('2026-06-10T18:30:00Z');
    closes.chidiSecond = await closeTill(chidi, 1000);
    await decide(closes.chidiSecond, 'approve');

    const variances = (await data('/api/tills/closes?varianceOnly=true')).data as TillClose[];
    expect(variances).toHaveLength(1);
    expect(variances[0]).toMatchObject({ id: closes.ada, status: 'approved', variance: -500, reason: 'counted twice, ₦500 missing' });
    expect(variances[0].decidedBy?.fullName).toBe('remi manager');

    const history = (await data(`/api/tills/closes?remitter=${chidi.person.id}`)).data as TillClose[];
    expect(history.map((row) => [row.status, row.variance])).toEqual([
      ['approved', 0],
      ['rejected', 0],
    ]);
    expect(history[1].reason).toBe('slip unreadable');
    const rejected = (await data(`/api/tills/closes/${closes.chidiFirst}`)).data;
    expect(rejected.collections).toEqual([]);

    const names = async (query: string) => ((await data(`/api/tills/closes?${query}`)).data as TillClose[]).map((row) => row.id);
    expect(await names('status=approved')).toEqual([closes.chidiSecond, closes.ada]);
    expect(await names('search=chidi&status=approved')).toEqual([closes.chidiSecond]);
    expect(await names(`search=chidi&remitter=${ada.person.id}`)).toEqual([]);
    expect(await names('startDate=2026-06-11')).toEqual([]);
    expect(await names('startDate=2026-06-10T17:05:00Z')).toEqual([closes.chidiSecond, closes.chidiFirst]);
    const page = await data('/api/tills/closes?limit=1&page=3');
    expect(page.data.map((row: TillClose) => row.id)).toEqual([closes.ada]);
    expect(page.paginator).toMatchObject({ total: 3, pageCount: 3 });
  });

  it('answers 404 for an unknown close and 400 for a bad query', async () => {
    expect((await get('/api/tills/closes/6b1d2f0e-8a43-4c8e-9a55-0c4a3b3f5d11', manager)).statusCode).toBe(404);
    expect((await get('/api/tills/closes/not-an-id', manager)).statusCode).toBe(400);
    for (const [query, field] of [
      ['status=lost', /status/],
      ['remitter=someone', /remitter/],
      ['varianceOnly=yes', /varianceOnly/],
    ] as const) {
      const reply = await get(`/api/tills/closes?${query}`, manager);
      expect(reply.statusCode, query).toBe(400);
      expect(reply.json().message).toMatch(field);
    }
  });
});

describe('the remitter dashboard summary', () => {
  it("gives today's collections by mode, unlodged cash, remitters over the limit and this month's variances", async () => {
    const summary = (await data('/api/tills/summary')).data;
    expect(summary.today).toEqual([
      { mode: 'cash', count: 4, amount: 4000 },
      { mode: 'transfer', count: 1, amount: 1000 },
      { mode: 'pos', count: 0, amount: 0 },
      { mode: 'card', count: 0, amount: 0 },
      { mode: 'ussd', count: 0, amount: 0 },
    ]);
    expect(summary.unlodged).toMatchObject({ total: 1000, remitters: 1 });
    expect(summary.unlodged.top).toEqual([expect.objectContaining({ amount: 1000, overLimit: true, ageHours: 35.5 })]);
    expect(summary.unlodged.top[0].remitter.fullName).toBe('bola holder');
    expect(summary.overLimit.count).toBe(1);
    expect(summary.variancesThisMonth).toEqual({ count: 1, short: 500, over: 0 });
    expect(summary.limits).toEqual({ hours: 24, naira: 50000 });

    // Next month: no variance yet.
    clock.set('2026-07-01T00:30:00Z');
    expect((await data('/api/tills/summary')).data.variancesThisMonth).toEqual({ count: 0, short: 0, over: 0 });
    clock.set('2026-06-10T18:30:00Z');
  });
});

describe('CSV', () => {
  async function everyRow<Row>(path: string, query: Record<string, string>): Promise<Row[]> {
    const rows: Row[] = [];
    for (let page = 1; ; page += 1) {
      const search = new URLSearchParams({ ...query, page: String(page), limit: String(MAX_PAGE_SIZE) });
      const batch = (await data(`${path}?${search}`)).data as Row[];
      rows.push(...batch);
      if (batch.length < MAX_PAGE_SIZE) return rows;
    }
  }
  async function exported(who: Session, path: string, query: Record<string, string> = {}) {
    return ctx.app.inject({ method: 'POST', url: '/api/exports', headers: await who.headers(), payload: { path, query } });
  }
  async function expectExportOfList<Row>(path: string, columns: readonly CsvColumn<Row>[], query: Record<string, string> = {}) {
    const reply = await exported(manager, path, query);
    expect(reply.statusCode, reply.body).toBe(201);
    const csv = await ctx.app.inject({ method: 'GET', url: reply.json().data.url });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toBe(toCsv(columns, await everyRow<Row>(path, query)));
    return csv.body;
  }

  it('downloads the open tills and the closes as the lists show them, filtered', async () => {
    const open = await expectExportOfList('/api/tills', OPEN_TILL_CSV_COLUMNS);
    expect(open.split('\r\n')[0]).toBe('Remitter,Unique ID,Opened At,Expected (naira),Collections,Late,Last Collection,Age (hours),Over Limit');
    expect(open).toContain('Bola Holder,');
    await expectExportOfList('/api/tills', OPEN_TILL_CSV_COLUMNS, { overLimit: 'true' });
    const all = await expectExportOfList('/api/tills/closes', TILL_CLOSE_CSV_COLUMNS);
    expect(all.split('\r\n')).toHaveLength(1 + 3 + 1);
    expect(all).toContain(',2500,3000,-500,"Deposit: first bank, teller TL-0099",2026-06-10,Approved,Remi Manager,"counted twice, ₦500 missing"');
    await expectExportOfList('/api/tills/closes', TILL_CLOSE_CSV_COLUMNS, { varianceOnly: 'true' });
  });

  it('refuses the download to whoever may not read the list', async () => {
    for (const who of [enforcerManager, union]) {
      expect((await exported(who, '/api/tills')).statusCode).toBe(403);
      expect((await exported(who, '/api/tills/closes')).statusCode).toBe(403);
    }
    expect((await exported(manager, '/api/tills/closes', { status: 'lost' })).statusCode).toBe(400);
  });
});

describe('over the limit across tills', () => {
  it('sums a remitter’s open tills when a rejection left them more than one', async () => {
    const dayo = await session(ctx, { role: 'remitter', fullName: 'dayo two tills' });
    const planOf = async (name: string, price: number) => (await post('/api/subscription', admin, { name, vehicleType: 'bus', price })).id as string;
    const [plan30, plan20] = [await planOf('monthly', 30000), await planOf('weekly', 20000)];
    const bus = await createMotorist(ctx, 'bus', { fullName: 'bayo bus' });
    const cash = (subscriptionId: string) =>
      post('/api/field/subscription-payment', dayo, { userCode: bus.userCode, subscriptionId, modeOfPayment: 'cash' }, { 'idempotency-key': newKey() });
    await cash(plan30);
    await decide(await closeTill(dayo, 30000), 'reject', 'teller number unreadable');
    // ₦30,000 in the reopened till and ₦20,000 in the new one: each under ₦50,000, together at it.
    await cash(plan20);
    const names = async (query: string) => ((await data(`/api/tills?${query}`)).data as OpenTill[]).map((row) => row.remitter.fullName);
    expect((await names('overLimit=true&search=dayo')).sort()).toEqual(['dayo two tills', 'dayo two tills']);
    const summary = (await data('/api/tills/summary')).data;
    expect(summary.overLimit.top).toEqual(expect.arrayContaining([expect.objectContaining({ amount: 50000, overLimit: true })]));
  });
});
