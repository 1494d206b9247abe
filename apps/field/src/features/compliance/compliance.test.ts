import 'fake-indexeddb/auto';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeCompliance, type ComplianceEntry } from '@eticket/contracts';
import { AGENTS, installPhone } from '../../lib/outbox/test-phone.ts';
import { db } from '../../lib/outbox/index.ts';
import { codeOfPlate, listedEntry, provisionalVerdict, refreshCompliance } from './index.ts';

const phone = installPhone();
afterAll(() => vi.unstubAllGlobals());

let clock = Date.parse('2026-05-10T09:00:00Z');
vi.spyOn(Date, 'now').mockImplementation(() => clock);
const DAY_MS = 24 * 3600_000;
const paidFor = (days: number) => Math.floor(clock / 1000) + days * 86_400;

const reply = (data: unknown) => new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } });

/**
 * The server's list behind fetch: its entries in pages of `pageSize` by Unique ID, encoded as the
 * server encodes them, and `changes` to every refresh `since` an asOf. `failOnPage` makes that page
 * (0-based) a network failure; `pageAge` makes each page's asOf that much older than the clock.
 */
function listServer(entries: ComplianceEntry[], pageSize = 2) {
  const state = { entries, changes: [] as ComplianceEntry[], failOnPage: -1, pageAge: 0, pagesServed: 0, changesAsked: [] as string[] };
  const fetch = vi.fn(async (url: string) => {
    const { pathname, searchParams } = new URL(url, 'http://phone');
    if (pathname !== '/api/field/compliance') throw new Error(`unexpected call ${pathname}`);
    const since = searchParams.get('since');
    if (since) {
      state.changesAsked.push(since);
      const asOf = new Date(clock).toISOString();
      return reply({ ...encodeCompliance(state.changes, asOf, 3), asOf, graceDays: 3, next: null, complete: true });
    }
    const after = searchParams.get('after') ?? '';
    const sorted = [...state.entries].sort(([a], [b]) => (a < b ? -1 : 1)).filter(([code]) => code > after);
    const page = Math.ceil(state.entries.filter(([code]) => code <= after).length / pageSize);
    if (page === state.failOnPage) throw new TypeError('Failed to fetch');
    state.pagesServed += 1;
    const rows = sorted.slice(0, pageSize);
    const asOf = new Date(clock - state.pageAge).toISOString();
    const next = sorted.length > pageSize ? rows[rows.length - 1][0] : null;
    return reply({ ...encodeCompliance(rows, asOf, 3), asOf, graceDays: 3, next, complete: true });
  });
  vi.stubGlobal('fetch', fetch);
  return state;
}

const FIRST: ComplianceEntry[] = [
  ['aaaa000001', paidFor(5), 0, 'kja123ab'],
  ['aaaa000002', paidFor(5), 0, 'lnd456cd'],
  ['aaaa000003', paidFor(-10), 0, 'epe789ef'],
];

beforeEach(async () => {
  await Promise.all([db.compliance.clear(), db.complianceNext.clear(), db.meta.clear()]);
  phone.online.value = true;
  phone.signIn(AGENTS.ada);
});

describe("the phone's copy of the compliance list", () => {
  it('is fetched whole in pages and answers verdicts and plates', async () => {
    const server = listServer(FIRST);
    await refreshCompliance();
    expect(server.pagesServed).toBe(2);
    expect((await provisionalVerdict('aaaa000001')).status).toBe('active');
    expect((await provisionalVerdict('aaaa000003')).status).toBe('expired');
    expect(await codeOfPlate('LND 456 CD')).toBe('aaaa000002');
    expect(await db.meta.get('compliance')).toMatchObject({ count: 3 });
  });

  it('keeps the copy in use when a whole fetch fails midway, and swaps only once every page has come', async () => {
    const server = listServer(FIRST);
    await refreshCompliance();
    // A day later the whole list is due; the server's list has changed, and its second page fails.
    clock += DAY_MS + 1000;
    phone.signIn(AGENTS.ada);
    server.entries = [['aaaa000001', paidFor(-10), 0, 'kja123ab'], ['aaaa000004', paidFor(5), 0, 'ikj111aa'], FIRST[2]];
    server.failOnPage = 1;
    await expect(refreshCompliance()).rejects.toThrow();
    expect(await listedEntry('aaaa000002')).toBeDefined();
    expect(await listedEntry('aaaa000004')).toBeUndefined();
    expect(await codeOfPlate('kja123ab')).toBe('aaaa000001');
    expect((await provisionalVerdict('aaaa000001')).status).toBe('active');

    server.failOnPage = -1;
    await refreshCompliance();
    expect(await listedEntry('aaaa000002')).toBeUndefined();
    expect(await codeOfPlate('ikj111aa')).toBe('aaaa000004');
    expect((await provisionalVerdict('aaaa000001')).status).toBe('expired');
    expect(await db.meta.get('compliance')).toMatchObject({ count: 3 });
    // The copy swapped out is emptied: one copy's space on the phone, not two.
    expect((await db.compliance.count()) + (await db.complianceNext.count())).toBe(3);
  });

  it('brings a whole list built minutes before up to date at once with the changes since its asOf', async () => {
    // The server shares a page among the phones asking within a few minutes: its asOf is that window's start.
    const server = listServer(FIRST);
    server.pageAge = 4 * 60_000;
    server.changes = [['aaaa000003', paidFor(7), 0, 'epe789ef']];
    await refreshCompliance();
    expect(server.changesAsked).toEqual([new Date(clock - 4 * 60_000).toISOString()]);
    expect((await provisionalVerdict('aaaa000003')).status).toBe('active');
    expect(await db.meta.get('compliance')).toMatchObject({ asOf: new Date(clock).toISOString(), count: 3 });

    // Fifteen minutes on, a refresh asks only for the changes since the last.
    clock += 15 * 60_000;
    await refreshCompliance();
    expect(server.pagesServed).toBe(2);
    expect(server.changesAsked).toHaveLength(2);
  });

  it('runs one refresh at a time: a second asked meanwhile shares the first', async () => {
    const server = listServer(FIRST);
    await Promise.all([refreshCompliance(), refreshCompliance()]);
    expect(server.pagesServed).toBe(2);
    expect(await db.meta.get('compliance')).toMatchObject({ count: 3 });
  });
});
