/**
 * Who sees what (docs/data-protection.md): route × role, phone and email masked or plain in lists,
 * details and CSV exports, the withheld fields behind Show; and the record of every look.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personalDataAccess } from '../../db/schema.ts';
import { controlledClock, createPerson, createTestContext, signedInPerson, type TestContext } from '../../../test/harness.ts';
import { multipartForm, png } from '../../../test/images.ts';

const clock = controlledClock('2026-04-01T09:00:00.000Z');
type Session = Awaited<ReturnType<typeof signedInPerson>>;
let ctx: TestContext;
const as: Record<string, Session> = {};
let motoristId: string;
let registrarId: string;

const MOTORIST = {
  email: 'musa.keke@example.test',
  password: 'a-strong-password',
  fullName: 'Musa Keke',
  phone: '08035550001',
  address: '3 Ojuelegba Road',
  dob: '1988-12-24',
  idType: 'nin',
  route: 'Yaba',
  plateNumber: 'KJA 123 XY',
  vehicleType: 'keke',
  privacyNoticeGiven: 'true',
};
const REGISTRAR_PHONE = '08035550009';
const BROWSER = 'Mozilla/5.0 (test) console';

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  as['super-admin'] = await signedInPerson(ctx, { role: 'super-admin', fullName: 'sade super' });
  as.admin = await signedInPerson(ctx, { role: 'admin', fullName: 'amaka admin' });
  as['registrar-manager'] = await signedInPerson(ctx, { role: 'manager', department: 'registrar-manager' });
  as['enforcer-manager'] = await signedInPerson(ctx, { role: 'manager', department: 'enforcer-manager' });
  as.user = await signedInPerson(ctx, { role: 'user', unionRole: 'government' });
  as.union = await signedInPerson(ctx, { role: 'union', unionRole: 'keke' });
  as.registrar = await signedInPerson(ctx, { role: 'registrar', fullName: 'rex registrar' });
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/motorist/register',
    headers: as.registrar.headers,
    payload: multipartForm(MOTORIST, { front: png('id-front.png'), portraitSelfie: png('portrait.png') }),
  });
  expect(created.statusCode, created.body).toBe(201);
  motoristId = created.json().data.id;
  registrarId = (await createPerson(ctx, { role: 'registrar', fullName: 'tola target', phone: REGISTRAR_PHONE, email: 'tola.target@example.test' })).id;
});
afterAll(async () => ctx.close());

const get = (who: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: { ...as[who].headers, 'user-agent': BROWSER } });
const post = (who: string, url: string) => ctx.app.inject({ method: 'POST', url, headers: { ...as[who].headers, 'user-agent': BROWSER } });
const looksAt = (personId: string) =>
  ctx.database.db.select().from(personalDataAccess).where(eq(personalDataAccess.personId, personId)).orderBy(desc(personalDataAccess.at));
const allLooks = () => ctx.database.db.select().from(personalDataAccess);
/** The looks `run` recorded. */
async function looksOf(run: () => Promise<unknown>) {
  const before = new Set((await allLooks()).map((look) => look.id));
  await run();
  return (await allLooks()).filter((look) => !before.has(look.id));
}

const MOTORISTS = '/api/motorist/user?search=musa keke';
const REGISTRARS = '/api/agent/user?role=registrar&search=tola target';
const MASKED_MOTORIST = { phone: '0803***0001', email: 'm***@example.test' };
const PLAIN_REGISTRAR = { phone: REGISTRAR_PHONE, email: 'tola.target@example.test' };
const MASKED_REGISTRAR = { phone: '0803***0009', email: 't***@example.test' };

describe('lists: phone and email masked but for a manager on their own agents', () => {
  it.each([
    ['super-admin', MOTORISTS, MASKED_MOTORIST],
    ['admin', MOTORISTS, MASKED_MOTORIST],
    ['user', MOTORISTS, MASKED_MOTORIST],
    ['registrar', MOTORISTS, MASKED_MOTORIST],
    ['super-admin', REGISTRARS, MASKED_REGISTRAR],
    ['admin', REGISTRARS, MASKED_REGISTRAR],
    ['registrar-manager', REGISTRARS, PLAIN_REGISTRAR],
  ])('%s GET %s', async (who, url, contact) => {
    const reply = await get(who, url);
    expect(reply.statusCode).toBe(200);
    const [row] = reply.json().data;
    expect(row).toMatchObject({
      ...contact,
      userID: contact,
      address: null,
      dob: null,
      portraitSelfie: null,
      identity: { Name: null, front: null, back: null },
    });
  });

  it.each([
    ['registrar-manager', MOTORISTS],
    ['enforcer-manager', REGISTRARS],
    ['union', MOTORISTS],
  ])('%s GET %s is refused', async (who, url) => {
    expect((await get(who, url)).statusCode).toBe(403);
  });

  it.each([
    ['admin', () => motoristId, MASKED_MOTORIST],
    ['user', () => motoristId, MASKED_MOTORIST],
  ])('%s looking a person up by Unique ID (POST /api/user) sees the contact as in the lists', async (who, id, contact) => {
    const { userCode } = (await get('super-admin', `/api/user/${id()}/details`)).json().data;
    const reply = await ctx.app.inject({ method: 'POST', url: '/api/user', headers: as[who].headers, payload: { userCode } });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().data).toMatchObject(contact);
  });

  it('never answers a list or search with the plain number, even searched by it', async () => {
    const reply = await get('admin', `/api/motorist/user?search=${MOTORIST.phone}`);
    expect(reply.json().data).toHaveLength(1);
    expect(reply.body).not.toContain(MOTORIST.phone);
    expect(reply.body).not.toContain('ojuelegba');
  });
});

describe('details: everything personal masked until Show, whoever looks', () => {
  it.each([
    ['super-admin', 'motorist', true],
    ['admin', 'motorist', true],
    ['registrar', 'motorist', true],
    ['user', 'motorist', false],
    ['registrar-manager', 'registrar', true],
    ['admin', 'registrar', true],
  ])('%s on a %s: masked, mayReveal %s', async (who, target, mayReveal) => {
    const id = target === 'motorist' ? motoristId : registrarId;
    const reply = await get(who, `/api/user/${id}/details`);
    expect(reply.statusCode).toBe(200);
    const { data } = reply.json();
    expect(data).toMatchObject({
      ...(target === 'motorist' ? MASKED_MOTORIST : MASKED_REGISTRAR),
      address: null,
      dob: null,
      portraitSelfie: null,
      identity: { Name: null, front: null, back: null },
    });
    expect(data.personalData.mayReveal).toBe(mayReveal);
    expect(reply.body).not.toContain(target === 'motorist' ? MOTORIST.phone : REGISTRAR_PHONE);
  });

  it('one sees oneself whole (but the images, which come from Show), and that look is not recorded', async () => {
    const before = (await looksAt(as.admin.person.id)).length;
    const { data } = (await get('admin', `/api/user/${as.admin.person.id}/details`)).json();
    expect(data).toMatchObject({ phone: as.admin.person.phone, email: as.admin.person.email });
    expect(await looksAt(as.admin.person.id)).toHaveLength(before);
  });
});

describe('Show: POST /api/user/{id}/personal-data', () => {
  it.each([['super-admin'], ['admin'], ['registrar']])('%s sees the motorist whole, and the reveal and the links are recorded', async (who) => {
    let reply!: Awaited<ReturnType<typeof post>>;
    const looks = await looksOf(async () => (reply = await post(who, `/api/user/${motoristId}/personal-data`)));
    expect(reply.statusCode, reply.body).toBe(200);
    const { data } = reply.json();
    expect(data).toMatchObject({
      phone: MOTORIST.phone,
      email: MOTORIST.email,
      address: '3 ojuelegba road',
      dob: '1988-12-24',
      idType: 'nin',
      guarantor: null,
    });
    expect(data.images.portrait).toMatch(/^\/api\/files\/.+signature=/);
    expect(data.images.idFront).toMatch(/^\/api\/files\/.+signature=/);
    expect(data.images.idBack).toBeNull();
    expect(looks).toHaveLength(2);
    const reveal = looks.find((look) => look.action === 'reveal');
    const signedLink = looks.find((look) => look.action === 'signed-link');
    expect(reveal).toMatchObject({
      staffId: as[who].person.id,
      personId: motoristId,
      action: 'reveal',
      fields: ['phone', 'email', 'address', 'dob', 'idType'],
      ip: '127.0.0.1',
      userAgent: BROWSER,
      at: clock.now(),
    });
    expect(signedLink).toMatchObject({ staffId: as[who].person.id, personId: motoristId, action: 'signed-link', fields: ['portrait', 'idImages'] });
  });

  it.each([
    ['user', () => motoristId],
    ['union', () => motoristId],
    ['registrar-manager', () => motoristId],
    ['enforcer-manager', () => registrarId],
  ])('%s is refused, and nothing is recorded', async (who, id) => {
    let reply!: Awaited<ReturnType<typeof post>>;
    expect(await looksOf(async () => (reply = await post(who, `/api/user/${id()}/personal-data`)))).toEqual([]);
    expect(reply.statusCode).toBe(403);
    expect(reply.body).not.toContain(MOTORIST.phone);
  });

  it('a manager sees their own agent whole', async () => {
    const { data } = (await post('registrar-manager', `/api/user/${registrarId}/personal-data`)).json();
    expect(data).toMatchObject(PLAIN_REGISTRAR);
  });
});

describe('the record of every look', () => {
  it('a details view is recorded: who, which person, which fields, from where', async () => {
    const [look, ...more] = await looksOf(() => get('user', `/api/user/${motoristId}/details`));
    expect(more).toEqual([]);
    expect(look).toMatchObject({
      staffId: as.user.person.id,
      personId: motoristId,
      action: 'details-view',
      fields: ['phone', 'email', 'address', 'dob', 'idType', 'portrait', 'idImages'],
      ip: '127.0.0.1',
      userAgent: BROWSER,
    });
  });

  it.each([
    ['admin', '/api/motorist/user', {}, 'masked', MASKED_MOTORIST.phone],
    ['registrar-manager', '/api/agent/user', { role: 'registrar' }, 'in plain', REGISTRAR_PHONE],
  ])('%s exporting %s: the CSV masks as the list, and the export is recorded', async (who, path, query, how, phone) => {
    const requested = await ctx.app.inject({ method: 'POST', url: '/api/exports', headers: as[who].headers, payload: { path, query } });
    expect(requested.statusCode, requested.body).toBe(201);
    let csv!: Awaited<ReturnType<typeof post>>;
    const [look, ...more] = await looksOf(
      async () => (csv = await ctx.app.inject({ method: 'GET', url: requested.json().data.url, headers: { 'user-agent': BROWSER } })),
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(phone);
    if (how === 'masked') expect(csv.body).not.toContain(MOTORIST.phone);
    expect(more).toEqual([]);
    expect(look).toMatchObject({ staffId: as[who].person.id, personId: null, action: 'export', fields: ['phone', 'email'], userAgent: BROWSER });
    expect(look.subject).toBe(`${path}${'role' in query ? '?role=registrar' : ''} (${how})`);
  });

  it('is append-only: the database refuses UPDATE and DELETE', async () => {
    const refusal = (statement: ReturnType<typeof sql>) =>
      ctx.database.db.execute(statement).then(
        () => 'not refused',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(await refusal(sql`UPDATE personal_data_access SET staff_id = gen_random_uuid()`)).toMatch(/personal_data_access is append-only: UPDATE refused/);
    expect(await refusal(sql`DELETE FROM personal_data_access`)).toMatch(/personal_data_access is append-only: DELETE refused/);
    expect((await allLooks()).length).toBeGreaterThan(0);
  });

  it('the super-admin searches it by person, by staff member and by date; nobody else may', async () => {
    const byPerson = await get('super-admin', `/api/personal-data-access?person=${motoristId}&limit=100`);
    expect(byPerson.statusCode).toBe(200);
    const entries = byPerson.json().data as Array<{ person: { id: string; fullName: string }; staff: { id: string }; action: string }>;
    expect(entries.length).toBeGreaterThan(3);
    expect(entries.every((entry) => entry.person.id === motoristId && entry.person.fullName === 'musa keke')).toBe(true);
    expect(new Set(entries.map((entry) => entry.action))).toEqual(new Set(['details-view', 'reveal', 'signed-link']));

    const byStaff = (await get('super-admin', `/api/personal-data-access?staff=${as.user.person.id}`)).json();
    expect(byStaff.data.map((entry: { action: string }) => entry.action)).toEqual(expect.arrayContaining(['details-view']));
    expect(byStaff.data.every((entry: { staff: { id: string; role: string } }) => entry.staff.id === as.user.person.id && entry.staff.role === 'user')).toBe(
      true,
    );

    const paged = (await get('super-admin', `/api/personal-data-access?person=${motoristId}&limit=2&page=2`)).json();
    expect(paged.data).toEqual(entries.slice(2, 4));
    expect(paged.paginator).toMatchObject({ currentPage: 2, perPage: 2, total: entries.length });

    const byName = (await get('super-admin', '/api/personal-data-access?search=Musa&limit=100')).json();
    expect(byName.data).toEqual(entries);
    const byCode = (await get('super-admin', `/api/personal-data-access?search=${as.user.person.userCode}&limit=100`)).json();
    expect(byCode.data).toEqual(byStaff.data);
    expect((await get('super-admin', '/api/personal-data-access?startDate=2026-04-02')).json().data).toEqual([]);
    expect((await get('super-admin', '/api/personal-data-access?startDate=2026-04-01&endDate=2026-04-01')).json().paginator.total).toBeGreaterThan(0);
    expect((await get('super-admin', '/api/personal-data-access?person=nope')).statusCode).toBe(400);
    for (const who of ['admin', 'user', 'registrar-manager']) expect((await get(who, '/api/personal-data-access')).statusCode).toBe(403);
  });
});
