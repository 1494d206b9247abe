import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PersonInput } from '../../../../test/harness.ts';
import { createPerson, createTestContext, signedInPerson, type TestContext } from '../../../../test/harness.ts';
import { sqlBuiltBy } from '../../../../test/sql-builds.ts';
import { users } from '../../../db/schema.ts';
import { createPersonQuery } from '../person-query.ts';

let ctx: TestContext;
let superAdmin: Awaited<ReturnType<typeof signedInPerson>>;
const people: Record<string, { id: string; userCode: string; email: string; phone: string }> = {};

interface Seed extends PersonInput {
  name: string;
  createdAt: string;
  online?: boolean;
}

/** Known people, with creation times in Lagos (UTC+1) and their state set directly. */
const SEEDS: Seed[] = [
  { name: 'ada obi', role: 'remitter', createdAt: '2026-01-05T10:00:00+01:00', online: true, phone: '08011110001' },
  { name: 'bola ade', role: 'remitter', createdAt: '2026-01-06T10:00:00+01:00', registrationStatus: 'pending' },
  { name: 'chidi okafor', role: 'remitter', createdAt: '2026-01-07T10:00:00+01:00', registrationStatus: 'suspended' },
  { name: 'dayo 50%_off', role: 'remitter', createdAt: '2026-01-08T23:30:00+01:00' },
  { name: 'emeka gone', role: 'remitter', createdAt: '2026-01-09T10:00:00+01:00', isDeleted: true },
  { name: 'funke obi', role: 'remitter', createdAt: '2026-01-10T00:30:00+01:00', online: true },
  { name: 'gbenga waiting', role: 'enforcer', createdAt: '2026-01-05T10:00:00+01:00', registrationStatus: 'pending' },
  { name: 'hauwa musa', role: 'enforcer', createdAt: '2026-01-06T10:00:00+01:00' },
  { name: 'ifeoma waiting', role: 'registrar', createdAt: '2026-01-05T10:00:00+01:00', registrationStatus: 'pending' },
  { name: 'jide registrar', role: 'registrar', createdAt: '2026-01-06T10:00:00+01:00' },
  { name: 'kemi union', role: 'union', unionRole: 'keke', createdAt: '2026-01-05T10:00:00+01:00' },
  { name: 'lanre user', role: 'user', createdAt: '2026-01-06T10:00:00+01:00' },
  { name: 'musa motorist', role: 'motorist', createdAt: '2026-01-05T10:00:00+01:00', registrationStatus: 'pending' },
  { name: 'ngozi motorist', role: 'motorist', createdAt: '2026-01-06T10:00:00+01:00' },
  { name: 'ola admin', role: 'admin', createdAt: '2026-01-05T10:00:00+01:00' },
  { name: 'pelu manager', role: 'manager', department: 'enforcer-manager', createdAt: '2026-01-05T10:00:00+01:00' },
];

/**
 * Fixed Unique IDs and emails: random ones sometimes hold a searched word ('obi' in a Unique ID
 * made 'chidi okafor' match), and each of these tests expects exactly the people it names.
 */
async function seed({ name, createdAt, online, ...input }: Seed, index: number) {
  const userCode = `seed${String(index).padStart(6, '0')}`;
  const email = `${name.replace(/[^a-z]+/g, '.')}@example.test`;
  const person = await createPerson(ctx, { ...input, userCode, email, fullName: name });
  await ctx.database.db
    .update(users)
    .set({ createdAt: new Date(createdAt), online: online ?? false, addedBy: superAdmin.person.id })
    .where(eq(users.id, person.id));
  people[name] = person;
}

beforeAll(async () => {
  ctx = await createTestContext();
  superAdmin = await signedInPerson(ctx, { role: 'super-admin', fullName: 'super admin' });
  for (const [index, entry] of SEEDS.entries()) await seed(entry, index);
});
afterAll(async () => ctx.close());

async function list(path: string, query: Record<string, string | number> = {}, headers = superAdmin.headers) {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  return ctx.app.inject({ method: 'GET', url: `/api/${path}/user?${search}`, headers });
}

/** The full names of a list's rows, in order. */
async function names(path: string, query: Record<string, string | number> = {}): Promise<string[]> {
  const reply = await list(path, query);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data.map((row: { fullName: string }) => row.fullName);
}

const remitters = (query: Record<string, string | number> = {}) => names('agent', { role: 'remitter', ...query });

describe('lists: rows, order and paging', () => {
  it('the remitter list: newest first, pending hidden (spec hiding rule), deleted never', async () => {
    expect(await remitters()).toEqual(['funke obi', 'dayo 50%_off', 'chidi okafor', 'ada obi']);
  });

  it('pages with limit and page, and counts pages', async () => {
    const first = await list('agent', { role: 'remitter', limit: 3, page: 1 });
    expect(first.json().data.map((row: { fullName: string }) => row.fullName)).toEqual(['funke obi', 'dayo 50%_off', 'chidi okafor']);
    expect(first.json().paginator).toEqual({ pageCount: 2, currentPage: 1, perPage: 3, total: 4 });
    expect(await remitters({ limit: 3, page: 2 })).toEqual(['ada obi']);
    expect(await remitters({ limit: 3, page: 3 })).toEqual([]);
    expect((await list('agent', { role: 'remitter', limit: 10 })).json().paginator.pageCount).toBe(1);
  });

  it('reads every page, those past the middle from the oldest end, in the same order as the whole list', async () => {
    const whole = await remitters();
    for (const limit of [1, 2, 3]) {
      const pages: string[] = [];
      for (let page = 1; page <= Math.ceil(whole.length / limit); page += 1) pages.push(...(await remitters({ limit, page })));
      expect(pages, `limit ${limit}`).toEqual(whole);
    }
    const pastTheEnd = await list('agent', { role: 'remitter', limit: 2, page: 9 });
    expect(pastTheEnd.json()).toMatchObject({ data: [], paginator: { pageCount: 2, currentPage: 9, perPage: 2, total: 4 } });
    // A search's total is counted row by row, not kept: its later pages are read newest first.
    expect(await remitters({ search: 'obi', limit: 1, page: 2 })).toEqual(['ada obi']);
  });

  it('the enforcer list shows pending people; the registrar list hides them', async () => {
    expect(await names('agent', { role: 'enforcer' })).toEqual(['hauwa musa', 'gbenga waiting']);
    expect(await names('agent', { role: 'registrar' })).toEqual(['jide registrar']);
  });

  it('the union list shows union and user accounts; the admin list admins, not super-admins', async () => {
    expect(await names('union')).toEqual(['lanre user', 'kemi union']);
    expect(await names('admin')).toEqual(['ola admin']);
    expect(await names('motorist')).toEqual(['ngozi motorist', 'musa motorist']);
    expect(await names('manager')).toEqual(['pelu manager']);
  });
});

describe('lists: search', () => {
  it('finds text inside full name, email, phone or Unique ID, whatever its case', async () => {
    expect(await remitters({ search: 'obi' })).toEqual(['funke obi', 'ada obi']);
    expect(await remitters({ search: 'OKAF' })).toEqual(['chidi okafor']);
    expect(await remitters({ search: people['ada obi'].email.slice(0, 8).toUpperCase() })).toEqual(['ada obi']);
    expect(await remitters({ search: '1110001' })).toEqual(['ada obi']);
    expect(await remitters({ search: people['chidi okafor'].userCode.toUpperCase() })).toEqual(['chidi okafor']);
    expect(await remitters({ search: 'nobody at all' })).toEqual([]);
  });

  it('treats % and _ as themselves', async () => {
    expect(await remitters({ search: '%' })).toEqual(['dayo 50%_off']);
    expect(await remitters({ search: '0%_o' })).toEqual(['dayo 50%_off']);
    expect(await remitters({ search: '_' })).toEqual(['dayo 50%_off']);
  });

  it("a status word filters by status; asking for 'pending' shows the pending people the list otherwise hides", async () => {
    expect(await remitters({ search: 'pending' })).toEqual(['bola ade']);
    expect(await remitters({ search: 'Suspended' })).toEqual(['chidi okafor']);
    expect(await remitters({ search: 'approved' })).toEqual(['funke obi', 'dayo 50%_off', 'ada obi']);
    expect(await remitters({ search: 'declined' })).toEqual([]);
    expect(await names('agent', { role: 'registrar', search: 'pending' })).toEqual(['ifeoma waiting']);
  });

  it('status=pending (the new-person pages) shows the people awaiting approval, the search applying within them', async () => {
    expect(await remitters({ status: 'pending' })).toEqual(['bola ade']);
    expect(await remitters({ status: 'pending', search: 'bola' })).toEqual(['bola ade']);
    expect(await remitters({ status: 'pending', search: 'obi' })).toEqual([]);
    expect(await names('agent', { role: 'enforcer', status: 'pending' })).toEqual(['gbenga waiting']);
    expect(await names('agent', { role: 'enforcer' })).toEqual(['hauwa musa', 'gbenga waiting']);
    expect(await names('motorist', { status: 'approved', search: 'motorist' })).toEqual(['ngozi motorist']);
    // A search naming another status than the parameter: no one.
    expect(await remitters({ status: 'pending', search: 'approved' })).toEqual([]);
    const bad = await list('agent', { role: 'remitter', status: 'waiting' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('status must be one of pending, approved, suspended');
  });

  it('view=new (the new-person pages ask for their list; the server decides it holds the people awaiting approval)', async () => {
    expect(await remitters({ view: 'new' })).toEqual(['bola ade']);
    expect(await remitters({ view: 'new', search: 'bola' })).toEqual(['bola ade']);
    expect(await names('agent', { role: 'registrar', view: 'new' })).toEqual(['ifeoma waiting']);
    expect(await names('agent', { role: 'enforcer', view: 'new' })).toEqual(['gbenga waiting']);
    expect(await remitters({ view: 'new', search: 'approved' })).toEqual([]);
    expect(await remitters({ view: 'new', status: 'approved' })).toEqual([]);
    const bad = await list('agent', { role: 'remitter', view: 'old' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('view must be one of new');
  });
});

describe('lists: online and creation-date filters', () => {
  it('online true or false', async () => {
    expect(await remitters({ online: 'true' })).toEqual(['funke obi', 'ada obi']);
    expect(await remitters({ online: 'false' })).toEqual(['dayo 50%_off', 'chidi okafor']);
  });

  it('a date range of whole Lagos days, both ends included', async () => {
    expect(await remitters({ startDate: '2026-01-06', endDate: '2026-01-08' })).toEqual(['dayo 50%_off', 'chidi okafor']);
    expect(await remitters({ startDate: '2026-01-10', endDate: '2026-01-10' })).toEqual(['funke obi']);
    expect(await remitters({ startDate: '2026-01-09', endDate: '2026-01-09' })).toEqual([]);
    expect(await remitters({ startDate: '2026-01-08' })).toEqual(['funke obi', 'dayo 50%_off']);
    expect(await remitters({ endDate: '2026-01-05' })).toEqual(['ada obi']);
  });

  it('instants as bounds, and every filter together', async () => {
    expect(await remitters({ startDate: '2026-01-07T09:00:00.000Z', endDate: '2026-01-09T23:30:00.000Z' })).toEqual([
      'funke obi',
      'dayo 50%_off',
      'chidi okafor',
    ]);
    expect(await remitters({ search: 'obi', online: 'true', startDate: '2026-01-01', endDate: '2026-01-07' })).toEqual(['ada obi']);
  });

  it('refuses a range that ends before it starts, and bad paging, naming the field', async () => {
    const backwards = await list('agent', { role: 'remitter', startDate: '2026-01-08', endDate: '2026-01-07' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('endDate must not be before startDate');
    for (const [query, field] of [
      [{ limit: 0 }, 'limit'],
      [{ page: 'first' }, 'page'],
      [{ online: 'maybe' }, 'online'],
      [{ startDate: 'someday' }, 'startDate'],
    ] as const) {
      const reply = await list('motorist', query);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toContain(field);
    }
  });

  it('the agent list needs a role', async () => {
    const missing = await list('agent');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('role is required');
    expect((await list('agent', { role: 'admin' })).json().message).toBe('role must be one of remitter, enforcer, registrar');
  });
});

describe('lists: who sees which (permission matrix)', () => {
  it('a remitter-manager sees remitters only', async () => {
    const { headers } = await signedInPerson(ctx, { role: 'manager', department: 'remitter-manager' });
    expect((await list('agent', { role: 'remitter' }, headers)).statusCode).toBe(200);
    expect((await list('agent', { role: 'enforcer' }, headers)).statusCode).toBe(403);
    expect((await list('motorist', {}, headers)).statusCode).toBe(403);
    expect((await list('manager', {}, headers)).statusCode).toBe(403);
  });

  it('registrars and union "user" accounts see motorists; union accounts do not', async () => {
    const registrar = await signedInPerson(ctx, { role: 'registrar' });
    const user = await signedInPerson(ctx, { role: 'user' });
    const union = await signedInPerson(ctx, { role: 'union', unionRole: 'bus' });
    expect((await list('motorist', {}, registrar.headers)).statusCode).toBe(200);
    expect((await list('agent', { role: 'remitter' }, registrar.headers)).statusCode).toBe(403);
    expect((await list('motorist', {}, user.headers)).statusCode).toBe(200);
    expect((await list('motorist', {}, union.headers)).statusCode).toBe(403);
    expect((await list('union', {}, union.headers)).statusCode).toBe(403);
  });

  it('admins see every list but those of admins and unions; field agents see none', async () => {
    const admin = await signedInPerson(ctx, { role: 'admin' });
    const enforcer = await signedInPerson(ctx, { role: 'enforcer' });
    for (const path of ['manager', 'motorist']) expect((await list(path, {}, admin.headers)).statusCode).toBe(200);
    expect((await list('admin', {}, admin.headers)).statusCode).toBe(403);
    expect((await list('union', {}, admin.headers)).statusCode).toBe(403);
    expect((await list('motorist', {}, enforcer.headers)).statusCode).toBe(403);
    expect((await list('motorist', {}, {} as never)).statusCode).toBe(401);
  });
});

describe('the row', () => {
  it('carries the nested user and the names of who added it, phone and email masked (docs/data-protection.md)', async () => {
    const [row] = (await list('agent', { role: 'remitter', search: 'ada obi' })).json().data;
    const ada = people['ada obi'];
    expect(row).toMatchObject({
      _id: ada.id,
      id: ada.id,
      userCode: ada.userCode,
      fullName: 'ada obi',
      role: 'remitter',
      agentRole: 'remitter',
      email: 'a***@example.test',
      phone: '0801***0001',
      registrationStatus: 'approved',
      online: true,
      isDeleted: false,
      createdAt: '2026-01-05T09:00:00.000Z',
      addedBy: superAdmin.person.id,
      addedByName: 'super admin',
      approvedBy: null,
      approvedByName: null,
      suspendedByName: null,
      userID: { _id: ada.id, fullName: 'ada obi', phone: '0801***0001', email: 'a***@example.test', registrationStatus: 'approved' },
      identity: { Name: null, front: null, back: null },
      portraitSelfie: null,
      vehicle: null,
      guarantor: null,
      ticketSubscription: null,
      personalData: { hidden: ['phone', 'email'], mayReveal: true },
    });
  });
});

describe('the statements behind a list', () => {
  it('are built once per shape: another search, date range or page of the same shape builds no SQL', async () => {
    const query = createPersonQuery(ctx.database.db);
    const filter = { roles: ['remitter'] as const, excludePending: true };
    const page = { offset: 0, limit: 10 };
    const built = async (read: () => Promise<{ rows: { fullName: string }[] }>) => {
      const { result, statements } = await sqlBuiltBy(read);
      return { names: result.rows.map((row) => row.fullName), statements };
    };
    const range = (from: string, before: string) => ({ ...filter, createdFrom: new Date(from), createdBefore: new Date(before) });
    expect(await built(() => query.list({ ...filter, text: 'obi' }, page))).toMatchObject({ names: ['funke obi', 'ada obi'] });
    expect(await built(() => query.list({ ...filter, text: 'okafor' }, page))).toEqual({ names: ['chidi okafor'], statements: 0 });
    expect(await built(() => query.list(range('2026-01-06T12:00:00+01:00', '2026-01-08T12:00:00+01:00'), page))).toMatchObject({
      names: ['chidi okafor'],
    });
    expect(await built(() => query.list(range('2026-01-07T12:00:00+01:00', '2026-01-10T12:00:00+01:00'), page))).toEqual({
      names: ['funke obi', 'dayo 50%_off'],
      statements: 0,
    });
    expect(await built(() => query.list(filter, { offset: 1, limit: 1 }))).toMatchObject({ names: ['dayo 50%_off'] });
    expect(await built(() => query.list(filter, { offset: 2, limit: 1 }))).toEqual({ names: ['chidi okafor'], statements: 0 });
  });

  it('reads a later page as its ids, then their rows by one statement every filter shares (named, so PostgreSQL may keep its plan)', async () => {
    const query = createPersonQuery(ctx.database.db);
    const prepareQuery = vi.spyOn(ctx.database.db._.session, 'prepareQuery');
    try {
      const first = await sqlBuiltBy(() => query.list({ roles: ['remitter'], excludePending: true }, { offset: 1, limit: 1 }));
      expect(first.result.rows.map((row) => row.fullName)).toEqual(['dayo 50%_off']);
      expect(first.parameters.sort()).toEqual([0, 1, 2]); // the total (none), the rows (their ids), the ids (offset, limit)
      const rowsStatement = prepareQuery.mock.calls.find(([statement]) => statement.sql.includes('= ANY($1::uuid[])'));
      expect(rowsStatement?.[2]).toMatch(/^shape_[\w-]{24}$/);

      // A first page with values (a search) too: its ids and total from users alone, then the same rows' statement.
      prepareQuery.mockClear();
      const other = await sqlBuiltBy(() => query.list({ roles: ['enforcer'], text: 'hauwa' }, { offset: 0, limit: 1 }));
      expect(other.result).toMatchObject({ rows: [{ fullName: 'hauwa musa' }], total: { total: 1 } });
      const built = prepareQuery.mock.calls.map(([statement]) => statement.sql);
      expect(built).toHaveLength(1);
      expect(built[0]).toContain('like $1');
      expect(built[0]).not.toContain('user_profiles');
      const later = await sqlBuiltBy(() => query.list({ roles: ['registrar', 'enforcer'] }, { offset: 1, limit: 1 }));
      expect(later.parameters.sort()).toEqual([0, 2]); // its total and its ids; the rows' statement is the one built above
    } finally {
      prepareQuery.mockRestore();
    }
  });

  it('reads a first page filtered by choices alone (role, status) with one statement of no parameters, which PostgreSQL plans once', async () => {
    const query = createPersonQuery(ctx.database.db);
    const { result, parameters } = await sqlBuiltBy(() => query.list({ roles: ['remitter'], status: 'approved' }, { offset: 0, limit: 2 }));
    expect(result.rows.map((row) => row.fullName)).toEqual(['funke obi', 'dayo 50%_off']);
    expect(result.total).toEqual({ total: 3, exact: true });
    expect(parameters.length).toBeGreaterThan(0);
    expect(parameters.every((count) => count === 0)).toBe(true);
  });
});
