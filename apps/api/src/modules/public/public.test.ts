import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newReceiptNo, receiptCheckChar } from '@eticket/contracts';
import { createLocalFileStore, type FileStore } from '../../adapters/files.ts';
import { rowsOf } from '../../db/rows.ts';
import { subscriptionPayments, ticketSubscriptions, userProfiles } from '../../db/schema.ts';
import { controlledClock, createPerson, createTestContext, NO_CASH_LIMITS, type TestContext } from '../../../test/harness.ts';
import { pngImage } from '../../../test/images.ts';
import { createMotorist, newKey, session, setGraceDays, type Session } from '../../../test/tickets.ts';
import { firstNameAndInitial } from './index.ts';
import { BURST } from './slot-counter.ts';

const clock = controlledClock('2026-05-01T09:00:00Z');
let ctx: TestContext;
let store: FileStore;
let admin: Session;
let remitter: Session;
let planId: string;
let addresses = 0;

/** Each test calls from an address of its own, so the per-address limit of one does not touch another. */
const newAddress = () => `198.51.100.${(addresses += 1)}`;
const get = (url: string, remoteAddress = newAddress()) => ctx.app.inject({ method: 'GET', url, remoteAddress });

beforeAll(async () => {
  ctx = await createTestContext({
    clock,
    tills: NO_CASH_LIMITS,
    files: (secret) => (store = createLocalFileStore(mkdtempSync(path.join(tmpdir(), 'public-files-')), secret)),
  });
  admin = await session(ctx, { role: 'admin' });
  remitter = await session(ctx, { role: 'remitter', fullName: 'Chinedu Remitter Obi' });
  const plan = await ctx.app.inject({
    method: 'POST',
    url: '/api/subscription',
    headers: await admin.headers(),
    payload: { name: 'weekly', vehicleType: 'keke', price: 1500 },
  });
  planId = plan.json().data.id;
  await setGraceDays(ctx, 3);
});
afterAll(async () => ctx.close());

async function paidMotorist(fullName = 'Adaeze Ngozi Okafor') {
  const motorist = await createMotorist(ctx, 'keke', { fullName });
  const reply = await ctx.app.inject({
    method: 'POST',
    url: '/api/field/subscription-payment',
    headers: await remitter.headers({ 'idempotency-key': newKey() }),
    payload: { userCode: motorist.userCode, subscriptionId: planId, modeOfPayment: 'cash' },
  });
  expect(reply.statusCode).toBe(201);
  return { motorist, payment: reply.json().data.payment as { receiptNo: string; createdAt: string } };
}

const VEHICLE_FIELDS = ['levy', 'owner', 'penaltyOutstanding', 'plateNumber', 'status', 'statusDate', 'userCode', 'vehicleType'];
const RECEIPT_FIELDS = ['agent', 'amount', 'kind', 'paidAt', 'planName', 'plateNumber', 'receiptNo', 'reversedAt', 'vehicleType'];
const AGENT_FIELDS = ['fullName', 'photoUrl', 'role', 'status', 'userCode'];

describe('GET /api/public/vehicles/:code', () => {
  it("shows the vehicle, the owner's first name and initial and the ticket's status, and nothing else", async () => {
    const { motorist } = await paidMotorist();
    const reply = await get(`/api/public/vehicles/${motorist.userCode.toUpperCase()}`);
    expect(reply.statusCode).toBe(200);
    const data = reply.json().data;
    expect(Object.keys(reply.json())).toEqual(['data']);
    expect(Object.keys(data).sort()).toEqual(VEHICLE_FIELDS);
    expect(data).toMatchObject({
      userCode: motorist.userCode,
      plateNumber: motorist.plateNumber,
      vehicleType: 'keke',
      owner: 'Adaeze O.',
      status: 'paid',
      penaltyOutstanding: false,
    });
    expect(data.statusDate).toBe('2026-05-08T09:00:00.000Z');
    const text = reply.body;
    for (const secret of [motorist.email, motorist.phone, motorist.id, 'Ngozi', 'Okafor']) expect(text).not.toContain(secret);
  });

  it('reads in grace, then expired, then paused, and says when a penalty is owed', async () => {
    const { motorist } = await paidMotorist();
    const url = `/api/public/vehicles/${motorist.userCode}`;
    clock.advance(8 * 24 * 3600_000);
    expect((await get(url)).json().data).toMatchObject({ status: 'grace', statusDate: '2026-05-11T09:00:00.000Z' });
    clock.advance(4 * 24 * 3600_000);
    expect((await get(url)).json().data).toMatchObject({ status: 'expired', statusDate: '2026-05-11T09:00:00.000Z', penaltyOutstanding: false });
    await ctx.database.db
      .update(ticketSubscriptions)
      .set({ outstandingPenaltyKobo: 50_000, pausedAt: clock.now(), pausedRemainingMs: -1 })
      .where(eq(ticketSubscriptions.userId, motorist.id));
    expect((await get(url)).json().data).toMatchObject({ status: 'paused', statusDate: null, penaltyOutstanding: true });
  });

  it('answers the same 404 for an unknown, a malformed, a deleted and a non-motorist code', async () => {
    const deleted = await createMotorist(ctx, 'keke', { isDeleted: true });
    const staff = await createPerson(ctx, { role: 'admin' });
    const replies = await Promise.all(
      ['zzzzzzzzzz', 'a%20b%3C%3E', 'x'.repeat(300), deleted.userCode, staff.userCode].map((code) => get(`/api/public/vehicles/${code}`)),
    );
    for (const reply of replies) expect({ status: reply.statusCode, body: reply.json() }).toEqual({ status: 404, body: { message: 'Not found' } });
  });
});

describe('GET /api/public/receipts/:no', () => {
  it('shows a genuine receipt: amount, what it paid for, plate, when and the collecting agent, and nothing else', async () => {
    const paidAt = clock.now().toISOString();
    const { motorist, payment } = await paidMotorist();
    // As typed over the phone: lower case, no hyphens, O for 0.
    const typed = payment.receiptNo.replace(/-/g, '').toLowerCase().replace(/0/g, 'o');
    const reply = await get(`/api/public/receipts/${typed}`);
    expect(reply.statusCode).toBe(200);
    const data = reply.json().data;
    expect(Object.keys(data).sort()).toEqual(RECEIPT_FIELDS);
    expect(Object.keys(data.agent).sort()).toEqual(['fullName', 'userCode']);
    expect(data).toEqual({
      receiptNo: payment.receiptNo,
      kind: 'subscription',
      amount: 1500,
      planName: 'weekly',
      vehicleType: 'keke',
      plateNumber: motorist.plateNumber,
      paidAt,
      agent: { fullName: 'Chinedu Remitter Obi', userCode: remitter.person.userCode },
      reversedAt: null,
    });
    for (const secret of [motorist.fullName, motorist.phone, remitter.person.email, remitter.person.phone]) expect(reply.body).not.toContain(secret);
  });

  it('shows a penalty payment as a penalty', async () => {
    const { motorist } = await paidMotorist();
    await ctx.database.db.update(ticketSubscriptions).set({ outstandingPenaltyKobo: 50_000 }).where(eq(ticketSubscriptions.userId, motorist.id));
    const paid = await ctx.app.inject({
      method: 'POST',
      url: '/api/field/penalty-payment',
      headers: await remitter.headers({ 'idempotency-key': newKey() }),
      payload: { userCode: motorist.userCode, amount: 200, modeOfPayment: 'cash' },
    });
    const receiptNo = paid.json().data.payment.receiptNo;
    expect((await get(`/api/public/receipts/${receiptNo}`)).json().data).toMatchObject({ receiptNo, kind: 'penalty', amount: 200, planName: null });
  });

  it('answers the same 404 for a made-up number, a typo, garbage and a payment that did not go through', async () => {
    const { payment } = await paidMotorist();
    const typo = payment.receiptNo.slice(0, 5) + (payment.receiptNo[5] === '2' ? '3' : '2') + payment.receiptNo.slice(6);
    const body = 'S' + '1234567890';
    const failed = await paidMotorist();
    await ctx.database.db.update(subscriptionPayments).set({ status: 'failed' }).where(eq(subscriptionPayments.receiptNo, failed.payment.receiptNo));
    const numbers = [
      newReceiptNo('subscription'),
      newReceiptNo('penalty'),
      typo,
      body + receiptCheckChar(body),
      'not-a-receipt',
      '%00',
      failed.payment.receiptNo,
    ];
    for (const no of numbers) {
      const reply = await get(`/api/public/receipts/${encodeURIComponent(no)}`);
      expect({ no, status: reply.statusCode, body: reply.json() }).toEqual({ no, status: 404, body: { message: 'Not found' } });
    }
  });
});

describe('GET /api/public/agents/:code', () => {
  it("shows an agent's name, role, status and photo (a signed link that opens), and nothing else", async () => {
    const agent = await createPerson(ctx, { role: 'enforcer', fullName: 'Bola Enforcer' });
    const portrait = await store.save(pngImage(), 'image/png');
    await ctx.database.db.insert(userProfiles).values({ userId: agent.id, portraitFile: portrait, address: '12 Secret Street' });
    const reply = await get(`/api/public/agents/${agent.userCode}`);
    expect(reply.statusCode).toBe(200);
    const data = reply.json().data;
    expect(Object.keys(data).sort()).toEqual(AGENT_FIELDS);
    expect(data).toMatchObject({ userCode: agent.userCode, fullName: 'Bola Enforcer', role: 'enforcer', status: 'active' });
    expect(data.photoUrl).toMatch(new RegExp(`^/api/files/${portrait}\\?expires=\\d+&signature=`));
    const photo = await ctx.app.inject({ method: 'GET', url: data.photoUrl });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    for (const secret of [agent.email, agent.phone, '12 Secret Street']) expect(reply.body).not.toContain(secret);
  });

  it('says suspended and pending agents are so', async () => {
    const suspended = await createPerson(ctx, { role: 'remitter', registrationStatus: 'suspended' });
    const pending = await createPerson(ctx, { role: 'registrar', registrationStatus: 'pending' });
    expect((await get(`/api/public/agents/${suspended.userCode}`)).json().data).toMatchObject({ status: 'suspended', role: 'remitter', photoUrl: null });
    expect((await get(`/api/public/agents/${pending.userCode}`)).json().data).toMatchObject({ status: 'pending', role: 'registrar' });
  });

  it('answers the same 404 for a motorist, staff, a deleted agent, an unknown and a malformed code', async () => {
    const motorist = await createMotorist(ctx, 'bus');
    const staff = await createPerson(ctx, { role: 'manager', department: 'remitter-manager' });
    const deleted = await createPerson(ctx, { role: 'enforcer', isDeleted: true });
    for (const code of [motorist.userCode, staff.userCode, deleted.userCode, 'nobody1234', '..%2F..', '!']) {
      const reply = await get(`/api/public/agents/${code}`);
      expect({ code, status: reply.statusCode, body: reply.json() }).toEqual({ code, status: 404, body: { message: 'Not found' } });
    }
  });
});

describe('the per-address limit', () => {
  it('allows 60 checks a minute per address and kind, across processes (give or take BURST each), then 429 with Retry-After', async () => {
    const address = newAddress();
    const other = await ctx.secondApp();
    const { motorist } = await paidMotorist();
    const url = `/api/public/vehicles/${motorist.userCode}`;
    const statuses: number[] = [];
    // Half on each process: each counts in memory and writes its counts in batches (migration 0052).
    for (let i = 0; i < 60; i += 1) statuses.push((await (i % 2 ? other : ctx.app).inject({ method: 'GET', url, remoteAddress: address })).statusCode);
    expect(statuses).toEqual(Array(60).fill(200));
    // Each process may admit up to BURST checks the other has not heard of yet, never more.
    let extra = 0;
    for (const app of [ctx.app, other]) {
      let refused = await app.inject({ method: 'GET', url, remoteAddress: address });
      for (let i = 0; i < BURST && refused.statusCode === 200; i += 1) {
        extra += 1;
        refused = await app.inject({ method: 'GET', url, remoteAddress: address });
      }
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(extra).toBeLessThanOrEqual(2 * BURST - 1);
    // Unknown codes count too (or guessing would be free), and so does the page of the same kind.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/public/vehicles/unknown123', remoteAddress: address })).statusCode).toBe(429);
    expect((await ctx.app.inject({ method: 'GET', url: `/v/${motorist.userCode}`, remoteAddress: address })).statusCode).toBe(429);
    // Another kind, another address: their own limits.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/public/agents/nobody1234', remoteAddress: address })).statusCode).toBe(404);
    expect((await get(url)).statusCode).toBe(200);
    clock.advance(60_000);
    expect((await ctx.app.inject({ method: 'GET', url, remoteAddress: address })).statusCode).toBe(200);
  });
});

describe('throttle rows', () => {
  it('are deleted by the hourly job a day after their window ends, unless they still block', async () => {
    const at = (hoursAgo: number) => new Date(clock.now().getTime() - hoursAgo * 3600_000).toISOString();
    const rows = { 'public:vehicle:old': [25, null], 'public:vehicle:fresh': [2, null], 'public:vehicle:blocking': [25, -1] } as const;
    for (const [key, [hoursAgo, blockedHoursAgo]] of Object.entries(rows)) {
      const blocked = blockedHoursAgo === null ? null : at(blockedHoursAgo);
      await ctx.database.db.execute(
        sql`INSERT INTO auth_throttle (key, failures, window_start, blocked_until) VALUES (${key}, 60, ${at(hoursAgo)}::timestamptz, ${blocked}::timestamptz)`,
      );
    }
    expect(await ctx.app.jobs.run('prune-throttle-rows')).toBe('ran');
    // The rows of this test (the other tests' keys end in an address, with dots).
    const left = await rowsOf<{ key: string }>(
      ctx.database.db,
      sql`SELECT key FROM auth_throttle WHERE key LIKE 'public:vehicle:%' AND key NOT LIKE '%.%' ORDER BY key`,
    );
    expect(left.map((row) => row.key)).toEqual(['public:vehicle:blocking', 'public:vehicle:fresh']);
  });
});

describe('GET /api/public/links', () => {
  it('answers no address when PUBLIC_URL is unset, never the Host the request named (the browser uses its own origin)', async () => {
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/public/links', headers: { host: 'evil.example' } });
    expect(reply.json()).toEqual({ data: { publicUrl: null, levyName: 'E-Ticketing transport levy' } });
  });
});

describe('firstNameAndInitial', () => {
  it('keeps the first name and the initial of the last', () => {
    expect(firstNameAndInitial('Adaeze Ngozi Okafor')).toBe('Adaeze O.');
    expect(firstNameAndInitial('  musa   bello ')).toBe('Musa B.');
    expect(firstNameAndInitial('Tunde')).toBe('Tunde');
  });
});

describe('PUBLIC_URL', () => {
  it('is what /api/public/links answers when set, whatever the request came to', async () => {
    const configured = await createTestContext({ publicUrl: 'https://levy.example.ng' });
    try {
      const reply = await configured.app.inject({ method: 'GET', url: '/api/public/links', headers: { host: 'evil.example' } });
      expect(reply.json()).toEqual({ data: { publicUrl: 'https://levy.example.ng', levyName: 'E-Ticketing transport levy' } });
    } finally {
      await configured.close();
    }
  });
});
