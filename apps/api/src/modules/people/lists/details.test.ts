import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_URL_TTL_SECONDS } from '../../../adapters/files.ts';
import { controlledClock, createPerson, createTestContext, signedInPerson, type TestContext } from '../../../../test/harness.ts';
import { jpegImage, multipartForm, pixelsOf, png, pngImage } from '../../../../test/images.ts';

const clock = controlledClock('2026-03-02T09:00:00.000Z');
let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signedInPerson>>;
let registrar: Awaited<ReturnType<typeof signedInPerson>>;
let motoristId: string;

const MOTORIST = {
  email: 'musa.keke@example.test',
  password: 'a-strong-password',
  fullName: 'Musa Keke',
  phone: '08035550001',
  address: '3 Ojuelegba Road',
  dob: '1988-12-24',
  gender: 'male',
  maritalStatus: 'single',
  idType: 'nin',
  serialID: 'TIN-77',
  route: 'Yaba',
  plateNumber: 'KJA 123 XY',
  vehicleType: 'keke',
  privacyNoticeGiven: 'true',
  vehicleModel: 'TVS King',
  subscription: 'monthly',
};

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  admin = await signedInPerson(ctx, { role: 'admin', fullName: 'amaka admin' });
  registrar = await signedInPerson(ctx, { role: 'registrar', fullName: 'rex registrar' });
  const plan = { name: 'monthly', vehicleType: 'keke', price: 1500 };
  await ctx.app.inject({ method: 'POST', url: '/api/subscription', headers: admin.headers, payload: plan });
  const files = {
    front: png('id-front.png'),
    back: { bytes: jpegImage(), name: 'id-back.jpg', type: 'image/jpeg' },
    portraitSelfie: png('captured-image.png'),
  };
  const created = await ctx.app.inject({ method: 'POST', url: '/api/motorist/register', headers: registrar.headers, payload: multipartForm(MOTORIST, files) });
  motoristId = created.json().data.id;
  await ctx.app.inject({ method: 'POST', url: `/api/approve/${motoristId}`, headers: admin.headers });
});
afterAll(async () => ctx.close());

const details = (id: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: `/api/user/${id}/details`, headers });
const open = (url: string) => ctx.app.inject({ method: 'GET', url });
const show = (id: string, headers: Record<string, string>) => ctx.app.inject({ method: 'POST', url: `/api/user/${id}/personal-data`, headers });

describe('GET /api/user/{id}/details', () => {
  it('gives the whole record but personal data: names of who added and approved, profile, vehicle, subscription', async () => {
    const reply = await details(motoristId, admin.headers);
    expect(reply.statusCode).toBe(200);
    const { data } = reply.json();
    expect(data).toMatchObject({
      _id: motoristId,
      fullName: 'musa keke',
      role: 'motorist',
      isMotorist: true,
      email: 'm***@example.test',
      phone: '0803***0001',
      registrationStatus: 'approved',
      createdAt: '2026-03-02T09:00:00.000Z',
      addedBy: registrar.person.id,
      addedByName: 'rex registrar',
      approvedBy: admin.person.id,
      approvedByName: 'amaka admin',
      suspendedBy: null,
      address: null,
      maritalStatus: 'single',
      gender: 'male',
      dob: null,
      serialID: 'tin-77',
      route: 'yaba',
      vehicle: { plateNumber: 'kja 123 xy', vehicleModel: 'tvs king', vehicleType: 'keke' },
      requestedPlan: 'monthly',
      guarantor: null,
      // Opened at registration with the plan asked for (subscriptions capability), not paid yet.
      ticketSubscription: { userId: motoristId, accumulated: 0, outstandingPayment: 0, subscription: { name: 'monthly', vehicleType: 'keke' } },
      userID: { _id: motoristId, fullName: 'musa keke', registrationStatus: 'approved', phone: '0803***0001', email: 'm***@example.test' },
      identity: { Name: null, front: null, back: null },
      portraitSelfie: null,
      personalData: { hidden: ['phone', 'email', 'address', 'dob', 'idType', 'portrait', 'idImages'], mayReveal: true },
    });
  });

  it('Show gives the withheld fields and signed image URLs', async () => {
    const reply = await show(motoristId, admin.headers);
    expect(reply.statusCode).toBe(200);
    const { data } = reply.json();
    expect(data).toMatchObject({
      phone: '08035550001',
      email: 'musa.keke@example.test',
      address: '3 ojuelegba road',
      dob: '1988-12-24',
      idType: 'nin',
      guarantor: null,
    });
    for (const url of [data.images.idFront, data.images.idBack, data.images.portrait]) {
      expect(url).toMatch(/^\/api\/files\/[a-f0-9]{32}\.(png|jpg)\?expires=\d+&signature=[\w-]+$/);
    }
  });

  it('is the same row the list shows', async () => {
    const list = await ctx.app.inject({ method: 'GET', url: '/api/motorist/user?search=musa keke', headers: admin.headers });
    const detail = await details(motoristId, admin.headers);
    expect(list.json().data).toEqual([detail.json().data]);
  });

  it('shows a manager or agent its guarantor', async () => {
    const manager = await ctx.app.inject({
      method: 'POST',
      url: '/api/manager/register',
      headers: admin.headers,
      payload: multipartForm(
        {
          email: 'grace.manager@example.test',
          password: 'a-strong-password',
          fullName: 'Grace Manager',
          phone: '08035550002',
          address: '9 Allen Avenue',
          department: 'enforcer-manager',
          guarantorsName: 'Tayo Guarantor',
          guarantorsPhone: '08035550003',
          guarantorsAddress: '10 Allen Avenue',
          guarantorsIDType: 'nin',
        },
        { frontGuarantor: png() },
      ),
    });
    const { data } = (await details(manager.json().data.id, admin.headers)).json();
    expect(data).toMatchObject({ department: 'enforcer-manager', vehicle: null, portraitSelfie: null, ticketSubscription: null });
    expect(data.guarantor).toEqual({ name: 'tayo guarantor', phone: '0803***0003', address: '***', identity: { Name: null, front: null, back: null } });
    const shown = (await show(manager.json().data.id, admin.headers)).json().data;
    expect(shown.guarantor).toEqual({ name: 'tayo guarantor', phone: '08035550003', address: '10 allen avenue', idType: 'nin' });
    expect(shown.images).toMatchObject({ guarantorIdBack: null, portrait: null });
    expect(shown.images.guarantorIdFront).toMatch(/^\/api\/files\//);
  });

  it('only to whoever may see that kind of person, or to the person', async () => {
    const enforcerManager = await signedInPerson(ctx, { role: 'manager', department: 'enforcer-manager' });
    const union = await signedInPerson(ctx, { role: 'union', unionRole: 'keke' });
    const enforcer = await signedInPerson(ctx, { role: 'enforcer' });
    expect((await details(motoristId, registrar.headers)).statusCode).toBe(200);
    expect((await details(motoristId, enforcerManager.headers)).statusCode).toBe(403);
    expect((await details(motoristId, union.headers)).statusCode).toBe(403);
    expect((await details(enforcer.person.id, enforcer.headers)).statusCode).toBe(200);
    expect((await details(enforcer.person.id, enforcerManager.headers)).statusCode).toBe(200);
    const superAdmin = await createPerson(ctx, { role: 'super-admin' });
    expect((await details(superAdmin.id, admin.headers)).statusCode).toBe(403);
    expect((await details('7f0c6f5e-8a53-4d0c-9d8e-1c2b3a4d5e6f', admin.headers)).statusCode).toBe(404);
    expect((await details(motoristId, {})).statusCode).toBe(401);
  });
});

describe('signed file URLs', () => {
  it('a fresh URL opens the image, with its type, without a bearer token', async () => {
    const { images: data } = (await show(motoristId, admin.headers)).json().data;
    const front = await open(data.idFront);
    expect(front.statusCode).toBe(200);
    expect(front.headers['content-type']).toBe('image/png');
    expect((await pixelsOf(front.rawPayload)).equals(await pixelsOf(pngImage()))).toBe(true);
    const back = await open(data.idBack);
    expect(back.headers['content-type']).toBe('image/jpeg');
  });

  it('an altered URL is refused: signature, expiry, or another file under the same signature', async () => {
    const { images: data } = (await show(motoristId, admin.headers)).json().data;
    const url = new URL(data.idFront, 'http://local');
    const signature = url.searchParams.get('signature')!;
    const expires = Number(url.searchParams.get('expires'));
    const otherKey = new URL(data.idBack, 'http://local').pathname;

    const altered = [
      `${url.pathname}?expires=${expires}&signature=${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
      `${url.pathname}?expires=${expires + 3600}&signature=${signature}`,
      `${otherKey}?expires=${expires}&signature=${signature}`,
      url.pathname,
    ];
    for (const path of altered) expect((await open(path)).statusCode, path).toBeGreaterThanOrEqual(400);
    expect((await open(altered[0])).json().message).toBe('This link has expired or is not valid');
  });

  it('an expired URL is refused', async () => {
    const { images: data } = (await show(motoristId, admin.headers)).json().data;
    expect((await open(data.portrait)).statusCode).toBe(200);
    clock.advance((SIGNED_URL_TTL_SECONDS + 1) * 1000);
    const expired = await open(data.portrait);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe('This link has expired or is not valid');
  });
});
