import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerReport, LedgerReportRow, ModeOfPayment } from '@eticket/contracts';
import { controlledClock, createTestContext, TEST_DB, type TestContext } from '../../../test/harness.ts';
import { session, type Session } from '../../../test/tickets.ts';
import { rowsOf } from '../../db/rows.ts';
import { postLodgement, postPayment, postPayout, postVariance } from './index.ts';
import { ledgerQueries, type LedgerQueries } from './repository.ts';

const clock = controlledClock('2026-04-02T09:00:00Z');
let ctx: TestContext;
let admin: Session;
let ledger: LedgerQueries;
const remitter = randomUUID();

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  admin = await session(ctx, { role: 'admin' });
  ledger = ledgerQueries(ctx.database.db);
});
afterAll(async () => ctx.close());

const at = (iso: string) => new Date(iso);

async function pay(mode: ModeOfPayment, naira: number, iso: string, kind: 'subscription' | 'penalty' = 'subscription') {
  const id = randomUUID();
  const entry = await postPayment(ctx.database.db, {
    kind,
    id,
    receiptNo: id.slice(0, 8),
    remitterId: remitter,
    modeOfPayment: mode,
    amountKobo: naira * 100,
    at: at(iso),
  });
  return entry;
}

/** A close approved: its lodgement, and its variance when the count differs (the tills' posting rules). */
async function approveClose(counted: number, expected: number, iso: string) {
  const close = {
    id: randomUUID(),
    remitterId: remitter,
    countedKobo: counted * 100,
    varianceKobo: (counted - expected) * 100,
    at: at(iso),
    approvedBy: randomUUID(),
  };
  await postLodgement(ctx.database.db, close);
  await postVariance(ctx.database.db, close);
}

async function report(period: string, date: string): Promise<LedgerReport> {
  const reply = await ctx.app.inject({ method: 'GET', url: `/api/ledger/report?period=${period}&date=${date}`, headers: await admin.headers() });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data;
}

const row = (report: LedgerReport, account: string): LedgerReportRow => {
  const found = report.rows.find((candidate) => candidate.account === account);
  if (!found) throw new Error(`no row ${account} in ${report.rows.map((r) => r.account).join(', ')}`);
  return found;
};
const MOVEMENTS = ['opening', 'collected', 'lodged', 'variances', 'payouts', 'reversals', 'other', 'closing'] as const;

describe(`the Books report (${TEST_DB})`, () => {
  it('refuses a bad period or date with a 400 naming the field', async () => {
    const headers = await admin.headers();
    for (const [query, field] of [
      ['date=2026-03-10', 'period'],
      ['period=week&date=2026-03-10', 'period'],
      ['period=day', 'date'],
      ['period=day&date=2026-03', 'date'],
      ['period=day&date=2026-02-30', 'date'],
      ['period=month&date=2026-03-10', 'date'],
      ['period=month&date=2026-13', 'date'],
    ]) {
      const reply = await ctx.app.inject({ method: 'GET', url: `/api/ledger/report?${query}`, headers });
      expect(reply.statusCode, query).toBe(400);
      expect(reply.json().message, query).toMatch(new RegExp(`^${field}`));
    }
  });

  it('is for admins: a remitter is refused', async () => {
    const other = await session(ctx, { role: 'remitter' });
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/ledger/report?period=day&date=2026-03-10', headers: await other.headers() });
    expect(reply.statusCode).toBe(403);
  });

  it('shows a day: collected by mode, lodged, variances, payouts, reversals, per account, totals zero', async () => {
    await pay('cash', 3000, '2026-03-10T08:00:00Z');
    await pay('cash', 2000, '2026-03-10T09:00:00Z', 'penalty');
    await pay('transfer', 1500, '2026-03-10T10:00:00Z');
    await pay('pos', 700, '2026-03-10T11:00:00Z');
    const card = await pay('card', 400, '2026-03-10T12:00:00Z');
    await ledger.reverse(card, 'Reversal of a card payment', at('2026-03-10T13:00:00Z'), null);
    await approveClose(4500, 5000, '2026-03-10T17:00:00Z');
    await postPayout(ctx.database.db, {
      id: randomUUID(),
      stakeholderId: randomUUID(),
      amountKobo: 25000,
      reference: 'P1',
      recordedBy: randomUUID(),
      at: at('2026-03-10T15:00:00Z'),
    });

    const day = await report('day', '2026-03-10');
    expect(day.firstDay).toBe('2026-03-10');
    expect(day.lastDay).toBe('2026-03-10');
    expect(day.startsAt).toBe('2026-03-09T23:00:00.000Z');
    expect(day.endsAt).toBe('2026-03-10T23:00:00.000Z');
    expect(day.summary).toEqual({
      collectedByMode: { cash: 5000, transfer: 1500, pos: 700, card: 400, online: 0 },
      collected: 7600,
      lodged: 4500,
      shortages: 500,
      overages: 0,
      paidOut: 250,
      reversed: 400,
    });
    expect(row(day, 'till')).toMatchObject({ kind: 'till', opening: 0, collected: 5000, lodged: -4500, variances: -500, closing: 0 });
    expect(row(day, 'bank:levy')).toMatchObject({ opening: 0, collected: 1500, lodged: 4500, payouts: -250, closing: 5750 });
    expect(row(day, 'clearing:card')).toMatchObject({ collected: 400, reversals: -400, closing: 0 });
    expect(row(day, 'shortage')).toMatchObject({ variances: 500, closing: 500 });
    expect(row(day, 'revenue:subscription')).toMatchObject({ collected: -5600, payouts: 250, reversals: 400, closing: -4950 });
    expect(row(day, 'revenue:penalty')).toMatchObject({ collected: -2000, closing: -2000 });
    const payable = day.rows.find((r) => r.kind === 'payable');
    expect(payable).toMatchObject({ payouts: 0, closing: 0 });
    for (const key of MOVEMENTS) expect(day.totals[key], key).toBe(0);
    // Every fixed account shows, moved or not.
    expect(row(day, 'suspense')).toMatchObject({ opening: 0, closing: 0 });
  });

  it('counts an entry on the Lagos day it occurred: 23:59:59 and 00:00 in Lagos fall on two days', async () => {
    await pay('transfer', 100, '2026-03-11T22:59:59Z'); // 23:59:59 on the 11th in Lagos
    await pay('transfer', 200, '2026-03-11T23:00:00Z'); // 00:00 on the 12th in Lagos (still the 11th in UTC)
    expect((await report('day', '2026-03-11')).summary.collectedByMode.transfer).toBe(100);
    expect((await report('day', '2026-03-12')).summary.collectedByMode.transfer).toBe(200);
    // The last instant of March in Lagos is in March; the first of April (31 March 23:00 UTC) is April's.
    await pay('transfer', 50, '2026-03-31T22:59:59.999Z');
    await pay('transfer', 70, '2026-03-31T23:00:00Z');
    expect((await report('day', '2026-03-31')).summary.collectedByMode.transfer).toBe(50);
    expect((await report('month', '2026-04')).summary.collectedByMode.transfer).toBe(70);
  });

  it("a day's closing is the next day's opening; a month is its days added up", async () => {
    await pay('cash', 900, '2026-03-02T10:00:00Z');
    await pay('transfer', 300, '2026-03-20T10:00:00Z');
    await approveClose(1000, 900, '2026-03-21T10:00:00Z'); // over by ₦100
    const month = await report('month', '2026-03');
    expect(month.firstDay).toBe('2026-03-01');
    expect(month.lastDay).toBe('2026-03-31');
    expect(month.startsAt).toBe('2026-02-28T23:00:00.000Z');
    expect(month.endsAt).toBe('2026-03-31T23:00:00.000Z');
    const days = [];
    for (let d = 1; d <= 31; d += 1) days.push(await report('day', `2026-03-${String(d).padStart(2, '0')}`));
    for (const account of month.rows.map((r) => r.account)) {
      expect(row(days[0], account).opening, account).toBe(row(month, account).opening);
      expect(row(days[30], account).closing, account).toBe(row(month, account).closing);
      for (let d = 1; d < days.length; d += 1) expect(row(days[d], account).opening, `${account} on day ${d + 1}`).toBe(row(days[d - 1], account).closing);
      for (const column of ['collected', 'lodged', 'variances', 'payouts', 'reversals'] as const) {
        const summed = days.reduce((sum, day) => sum + Math.round(row(day, account)[column] * 100), 0);
        expect(summed, `${account} ${column}`).toBe(Math.round(row(month, account)[column] * 100));
      }
    }
    expect(month.summary.overages).toBe(100);
    expect(row(month, 'overage').variances).toBe(-100);
    const april = await report('month', '2026-04');
    for (const r of month.rows) expect(row(april, r.account).opening, r.account).toBe(r.closing);
  });

  it('any sequence of postings keeps closing = opening + movements and day N+1 opening = day N closing', async () => {
    const day = fc.integer({ min: 1, max: 5 });
    const posting = fc.record({
      what: fc.constantFrom('cash', 'transfer', 'pos', 'close', 'payout', 'reverse'),
      naira: fc.integer({ min: 1, max: 50_000 }),
      day,
      minute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(posting, { minLength: 1, maxLength: 8 }), async (postings) => {
        for (const p of postings) {
          // May 2026, Lagos wall-clock minutes of the day (Lagos is UTC+1).
          const iso = new Date(Date.UTC(2026, 4, p.day, 0, p.minute) - 60 * 60 * 1000).toISOString();
          if (p.what === 'cash' || p.what === 'transfer' || p.what === 'pos') await pay(p.what, p.naira, iso);
          if (p.what === 'close') await approveClose(p.naira, p.naira + (p.naira % 3) - 1, iso);
          if (p.what === 'payout')
            await postPayout(ctx.database.db, {
              id: randomUUID(),
              stakeholderId: randomUUID(),
              amountKobo: p.naira * 100,
              reference: 'P',
              recordedBy: randomUUID(),
              at: at(iso),
            });
          if (p.what === 'reverse') await ledger.reverse(await pay('card', p.naira, iso), 'reversal', at(iso), null);
        }
        const days = [];
        for (let d = 1; d <= 6; d += 1) days.push(await report('day', `2026-05-0${d}`));
        for (const [i, report] of days.entries()) {
          for (const r of report.rows) {
            const moved = r.collected + r.lodged + r.variances + r.payouts + r.reversals + r.other;
            expect(Math.round((r.opening + moved) * 100)).toBe(Math.round(r.closing * 100));
            if (i > 0) expect(r.opening).toBe(row(days[i - 1], r.account).closing);
          }
          for (const key of MOVEMENTS) expect(report.totals[key]).toBe(0);
        }
      }),
      { numRuns: 8 },
    );
  });

  it("the hourly job folds a past day's shards into one row, and the report reads the same", async () => {
    for (let i = 0; i < 30; i += 1) await pay('cash', 10 + i, `2026-02-03T${String(8 + (i % 10)).padStart(2, '0')}:00:00Z`);
    const shards = async () =>
      rowsOf<{ shards: number }>(ctx.database.db, sql`SELECT count(DISTINCT shard)::int AS shards FROM ledger_day_totals WHERE day = '2026-02-03'`);
    expect((await shards())[0].shards).toBeGreaterThan(1);
    const before = await report('day', '2026-02-03');
    const month = await report('month', '2026-03');
    expect(await ctx.app.jobs.run('ledger-day-totals-compact')).toBe('ran');
    expect((await shards())[0].shards).toBe(1);
    expect({ ...(await report('day', '2026-02-03')), generatedAt: null }).toEqual({ ...before, generatedAt: null });
    expect({ ...(await report('month', '2026-03')), generatedAt: null }).toEqual({ ...month, generatedAt: null });
    // A late capture of that day still counts on it.
    await pay('cash', 1, '2026-02-03T20:00:00Z');
    expect((await report('day', '2026-02-03')).summary.collectedByMode.cash).toBe(before.summary.collectedByMode.cash + 1);
  });
});
