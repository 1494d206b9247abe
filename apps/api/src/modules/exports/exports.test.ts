import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_MESSAGES, MAX_PAGE_SIZE, SCAN_CSV_COLUMNS, paymentCsvColumns, personCsvColumns, toCsv, type CsvColumn } from '@eticket/contracts';
import { KEYSET_BATCH_SIZE } from '../../lists/keyset.ts';
import { controlledClock, createTestContext, type TestContext } from '../../../test/harness.ts';
import { createMotorist, newKey, session, type Session } from '../../../test/tickets.ts';

// Lists bigger than one keyset batch, with rows sharing a created_at (and microseconds a JavaScript
// Date cannot hold): the export must still give every row once, in the list's order.
const clock = controlledClock('2026-07-01T08:00:00Z');
let ctx: TestContext;
let admin: Session;
let enforcer: Session;
let remitter: Session;
const BULK_SCANS = KEYSET_BATCH_SIZE * 2 + 321;
const BULK_MOTORISTS = KEYSET_BATCH_SIZE + 57;

async function post(url: string, who: Session, payload: Record<string, unknown>, extra: Record<string, string> = {}) {
  const reply = await ctx.app.inject({ method: 'POST', url, headers: await who.headers(extra), payload });
  if (reply.statusCode !== 201) throw new Error(`${url}: ${reply.statusCode} ${reply.body}`);
  return reply.json().data;
}

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  admin = await session(ctx, { role: 'admin' });
  enforcer = await session(ctx, { role: 'enforcer', fullName: 'ada enforcer' });
  remitter = await session(ctx, { role: 'remitter', fullName: 'chi, "the" remitter' });
  const keke = await createMotorist(ctx, 'keke', { fullName: 'musa keke' });
  const bus = await createMotorist(ctx, 'bus', { fullName: 'bola, "jr"\nsecond line' });
  const plan = await post('/api/subscription', admin, { name: 'weekly', vehicleType: 'keke', price: 1000 });
  await post('/api/penalty', admin, { vehicleType: 'keke', price: 500 });

  clock.set('2026-07-10T08:00:00Z');
  await post('/api/field/scan', enforcer, { userCode: keke.userCode }); // expired: owes 500
  await post('/api/field/scan', enforcer, { userCode: bus.userCode });
  clock.advance(60_000);
  await post('/api/field/penalty-payment', remitter, { userCode: keke.userCode, amount: 200.5, modeOfPayment: 'cash' }, { 'idempotency-key': newKey() });
  clock.advance(60_000);
  await post(
    '/api/field/subscription-payment',
    remitter,
    { userCode: keke.userCode, subscriptionId: plan.id, modeOfPayment: 'transfer', bankName: 'Access Bank', reference: 'TRF-EXPORT-1' },
    { 'idempotency-key': newKey() },
  );

  // Copies of the first scan, three to a timestamp, half of them with microseconds; a third of them bus.
  await ctx.database.db.execute(sql`
    INSERT INTO scans (motorist_id, agent_id, subscription_id, vehicle_type, plate_number, subscription_status, expires_at, outstanding_kobo, penalty_added_kobo, created_at)
    SELECT s.motorist_id, s.agent_id, s.subscription_id, CASE WHEN g % 3 = 0 THEN 'bus' ELSE 'keke' END, s.plate_number,
           CASE WHEN g % 2 = 0 THEN 'active' ELSE 'expired' END, s.expires_at, g * 50, 0,
           timestamptz '2026-06-01T00:00:00Z' + (g / 3) * interval '1 minute' + ((g / 3) % 2) * interval '7 microseconds'
    FROM generate_series(1, ${BULK_SCANS}) AS g, (SELECT * FROM scans ORDER BY created_at LIMIT 1) AS s`);
  // Motorists the same way (users.created_at keeps microseconds like now() does).
  await ctx.database.db.execute(sql`
    INSERT INTO users (user_code, full_name, email, phone, password_hash, role, is_motorist, registration_status, created_at)
    SELECT 'bulk' || lpad(g::text, 6, '0'), 'bulk motorist ' || g, 'bulk' || g || '@example.test', '0700' || lpad(g::text, 7, '0'), 'x',
           'motorist', true, CASE WHEN g % 4 = 0 THEN 'pending' ELSE 'approved' END,
           timestamptz '2026-05-01T00:00:00Z' + (g / 3) * interval '1 second' + ((g / 3) % 2) * interval '250 microseconds'
    FROM generate_series(1, ${BULK_MOTORISTS}) AS g`);
}, 120_000);
afterAll(async () => ctx.close());

async function requestExport(who: Session | null, path: string, query: Record<string, unknown> = {}) {
  return ctx.app.inject({ method: 'POST', url: '/api/exports', headers: who ? await who.headers() : {}, payload: { path, query } });
}

async function exportUrl(who: Session, path: string, query: Record<string, unknown> = {}): Promise<string> {
  const reply = await requestExport(who, path, query);
  expect(reply.statusCode, reply.body).toBe(201);
  const body = reply.json();
  expect(body.message).toBe(EXPORT_MESSAGES.ready);
  expect(body.data.url).toMatch(/^\/api\/exports\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  return body.data.url;
}

async function download(url: string) {
  const reply = await ctx.app.inject({ method: 'GET', url });
  expect(reply.statusCode, reply.body.slice(0, 200)).toBe(200);
  expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(reply.headers['content-disposition']).toBe('attachment; filename="tableData.csv"');
  return reply.body;
}

/** Every row of a list call under a query, page by page at the largest page size. */
async function everyRow<Row>(path: string, query: Record<string, string>, who: Session = admin): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page += 1) {
    const search = new URLSearchParams({ ...query, page: String(page), limit: String(MAX_PAGE_SIZE) });
    const reply = await ctx.app.inject({ method: 'GET', url: `${path}?${search}`, headers: await who.headers() });
    expect(reply.statusCode, reply.body).toBe(200);
    const data = reply.json().data as Row[];
    rows.push(...data);
    if (data.length < MAX_PAGE_SIZE) return rows;
  }
}

/** The export equals the CSV of the list call's rows under the same query. */
async function expectExportOfList<Row>(path: string, columns: readonly CsvColumn<Row>[], query: Record<string, string> = {}, who: Session = admin) {
  const rows = await everyRow<Row>(path, query, who);
  const csv = await download(await exportUrl(who, path, query));
  expect(csv).toBe(toCsv(columns, rows));
  return { rows, csv };
}

describe('POST /api/exports, then GET the link', () => {
  it('streams the whole scan list, newest first, across several batches', async () => {
    const { rows, csv } = await expectExportOfList('/api/scan', SCAN_CSV_COLUMNS);
    expect(rows).toHaveLength(BULK_SCANS + 2);
    expect(csv.split('\r\n')[0]).toBe(
      'Vehicle Type,Subscription Status,Motorist Unique ID,Plate Number,Subscription Expiry Date,Outstanding Payment (naira),Scanned By,Scanned Date',
    );
    expect(new Set(rows.map((row) => (row as { id: string }).id)).size).toBe(rows.length);
    // Times as the screen shows them, in Lagos time (UTC+1): never an ISO string in UTC.
    expect(csv).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(csv).toContain(',1 June 2026 at 01:00');
  });

  it('exports the scan list under the same filters as the list call', async () => {
    const { rows } = await expectExportOfList('/api/scan', SCAN_CSV_COLUMNS, { search: 'bus', startDate: '2026-06-01', endDate: '2026-06-02' });
    expect(rows.length).toBeGreaterThan(KEYSET_BATCH_SIZE / 2);
    await expectExportOfList('/api/scan', SCAN_CSV_COLUMNS, { search: 'expired' });
    await expectExportOfList('/api/scan', SCAN_CSV_COLUMNS, { search: 'nothing-matches-this' });
  });

  it('exports the payment histories with their amounts in naira and their escaped names', async () => {
    const subscriptions = await expectExportOfList('/api/sub-history', paymentCsvColumns('Price'));
    expect(subscriptions.csv).toContain('access bank,transfer,');
    // Names read capitalised, as on the screen; every other text as stored (issue 26).
    expect(subscriptions.csv).toContain(',1000,keke,success,"Chi, ""the"" Remitter",');
    const penalties = await expectExportOfList('/api/penalty-history', paymentCsvColumns('Amount'), { search: 'cash' });
    expect(penalties.csv.split('\r\n')[0]).toContain(',Amount,');
    expect(penalties.csv).toContain(',200.5,');
  });

  it('exports people lists whole and filtered, as the list calls give them', async () => {
    const motorists = await expectExportOfList('/api/motorist/user', personCsvColumns('motorist'));
    expect(motorists.rows.length).toBeGreaterThan(KEYSET_BATCH_SIZE);
    await expectExportOfList('/api/motorist/user', personCsvColumns('motorist'), { search: 'pending' });
    await expectExportOfList('/api/motorist/user', personCsvColumns('motorist'), { search: 'bulk motorist 1', startDate: '2026-05-01', endDate: '2026-05-01' });
    await expectExportOfList('/api/agent/user', personCsvColumns('enforcer'), { role: 'enforcer' });
    const superAdmin = await session(ctx, { role: 'super-admin' });
    await expectExportOfList('/api/admin/user', personCsvColumns('admin'), {}, superAdmin);
    await expectExportOfList('/api/union/user', personCsvColumns('union'), {}, superAdmin);
  });

  it('quotes commas, quotes and line breaks, and writes the header row of the list', async () => {
    const csv = await download(await exportUrl(admin, '/api/motorist/user', { search: 'bola' }));
    expect(csv.startsWith('Full Name,Unique ID,Plate Number,Phone,Email,Last Login,Added By,Status\r\n"Bola, ""jr""\nSecond Line",')).toBe(true);
    expect(csv.split('\r\n')).toHaveLength(3);
  });

  it('accepts numbers for page and limit and ignores them: the whole list', async () => {
    const csv = await download(await exportUrl(admin, '/api/scan', { page: 3, limit: 5, search: 'bus' }));
    const all = await download(await exportUrl(admin, '/api/scan', { search: 'bus' }));
    expect(csv).toBe(all);
  });
});

describe('refusals', () => {
  it('refuses at POST whoever may not read the list, by the route and by the list service', async () => {
    const manager = await session(ctx, { role: 'manager', department: 'registrar-manager' });
    for (const [who, path, query] of [
      [manager, '/api/scan', {}],
      [manager, '/api/agent/user', { role: 'remitter' }],
      [enforcer, '/api/motorist/user', {}],
      [admin, '/api/admin/user', {}],
    ] as const) {
      const reply = await requestExport(who, path, query);
      expect(reply.statusCode, `${path} ${reply.body}`).toBe(403);
      expect(reply.json().data).toBeUndefined();
    }
    expect((await requestExport(manager, '/api/agent/user', { role: 'registrar' })).statusCode).toBe(201);
    expect((await requestExport(null, '/api/scan')).statusCode).toBe(401);
  });

  it('answers 400 naming the field for a bad query or path', async () => {
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ['/api/scan', { startDate: 'yesterday' }, /startDate/],
      ['/api/scan', { startDate: '2026-06-03', endDate: '2026-06-01' }, /startDate/],
      ['/api/motorist/user', { online: 'maybe' }, /online/],
      ['/api/agent/user', {}, /role/],
      ['/api/scans', {}, /path/],
    ];
    for (const [path, query, field] of cases) {
      const reply = await requestExport(admin, path, query);
      expect(reply.statusCode, `${path} ${JSON.stringify(query)}`).toBe(400);
      expect(reply.json().message).toMatch(field);
    }
    const notObject = await ctx.app.inject({ method: 'POST', url: '/api/exports', headers: await admin.headers(), payload: { path: '/api/scan', query: 'x' } });
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json().message).toMatch(/query/);
  });

  it('refuses an altered or expired link', async () => {
    const url = await exportUrl(admin, '/api/scan', { search: 'bus' });
    const [payload, signature] = url.slice('/api/exports/'.length).split('.');
    const widened = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), q: {} })).toString('base64url');
    for (const bad of [`/api/exports/${widened}.${signature}`, `/api/exports/${payload}.${signature.slice(0, -2)}AA`]) {
      const reply = await ctx.app.inject({ method: 'GET', url: bad });
      expect(reply.statusCode).toBe(403);
      expect(reply.json()).toEqual({ message: EXPORT_MESSAGES.linkInvalid });
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/exports/not-a-token' })).statusCode).toBe(400);

    clock.advance(61_000);
    const expired = await ctx.app.inject({ method: 'GET', url });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe(EXPORT_MESSAGES.linkInvalid);
  });

  it('refuses the link of a caller suspended, or signed out everywhere, since asking', async () => {
    const other = await session(ctx, { role: 'admin' });
    const url = await exportUrl(other, '/api/scan');
    const suspend = await ctx.app.inject({
      method: 'POST',
      url: `/api/suspend/${other.person.id}`,
      headers: await session(ctx, { role: 'super-admin' }).then((s) => s.headers()),
    });
    expect(suspend.statusCode, suspend.body).toBe(200);
    const reply = await ctx.app.inject({ method: 'GET', url });
    expect(reply.statusCode).toBe(403);
    expect(reply.body).not.toContain('Vehicle Type');

    const third = await session(ctx, { role: 'admin' });
    const before = await exportUrl(third, '/api/scan');
    await ctx.database.db.execute(sql`UPDATE users SET token_version = token_version + 1 WHERE id = ${third.person.id}`);
    expect((await ctx.app.inject({ method: 'GET', url: before })).statusCode).toBe(403);
  });
});
