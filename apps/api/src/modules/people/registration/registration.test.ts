import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '@eticket/contracts';
import { guarantors, userProfiles, users, vehicles } from '../../../db/schema.ts';
import { verifyPassword } from '../../../platform/credentials/passwords.ts';
import { createTestContext, signedInPerson, type TestContext } from '../../../../test/harness.ts';
import { jpegImage, multipartForm, oversizeImage, paddedImage, png, storedFileCount, textFile, type Upload } from '../../../../test/images.ts';

let ctx: TestContext;
let superAdmin: Awaited<ReturnType<typeof signedInPerson>>;
let admin: Awaited<ReturnType<typeof signedInPerson>>;
beforeAll(async () => {
  ctx = await createTestContext();
  superAdmin = await signedInPerson(ctx, { role: 'super-admin' });
  admin = await signedInPerson(ctx, { role: 'admin' });
});
afterAll(async () => ctx.close());

const tag = () => randomBytes(4).toString('hex');
const phoneNumber = () => `0803${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
const PASSWORD = 'a-Strong-password';

const personal = () => ({ email: `New.${tag()}@Example.TEST`, password: PASSWORD, fullName: '  Ada  OBI ', phone: phoneNumber() });
const guarantor = () => ({
  guarantorsName: 'Musa Bello',
  guarantorsPhone: phoneNumber(),
  guarantorsAddress: '2 Broad Street, Lagos',
  guarantorsIDType: 'drivers-license',
});

const FORMS = {
  admin: () => ({ ...personal(), idType: 'NIN', maritalStatus: 'single', address: '1 Marina, Lagos' }),
  manager: () => ({ ...personal(), address: '1 Marina, Lagos', department: 'remitter-manager', maritalStatus: 'married', idType: 'nin', ...guarantor() }),
  agent: () => ({ ...personal(), address: '1 Marina, Lagos', route: 'Ikeja - CMS', role: 'remitter', maritalStatus: 'single', idType: 'nin', ...guarantor() }),
  motorist: () => ({
    ...personal(),
    address: '1 Marina, Lagos',
    dob: '1990-05-04',
    gender: 'female',
    maritalStatus: 'married',
    idType: 'business-id',
    serialID: 'TIN-001',
    route: 'Oshodi',
    plateNumber: `LAG ${tag()}`,
    vehicleType: 'keke',
    vehicleModel: 'Bajaj RE',
    subscription: 'weekly',
    privacyNoticeGiven: 'true',
  }),
};
type FormKind = keyof typeof FORMS;

/** Required fields per spec section 5 (and vehicleType, which prices a motorist's plans). */
const REQUIRED: Record<FormKind | 'union', string[]> = {
  admin: ['email', 'password', 'fullName', 'phone'],
  manager: ['email', 'password', 'fullName', 'phone', 'address', 'department', 'guarantorsName', 'guarantorsPhone', 'guarantorsAddress'],
  agent: ['email', 'password', 'fullName', 'phone', 'address', 'route', 'role', 'guarantorsName', 'guarantorsPhone', 'guarantorsAddress'],
  motorist: ['email', 'password', 'fullName', 'phone', 'address', 'dob', 'route', 'plateNumber', 'vehicleType', 'privacyNoticeGiven'],
  union: ['email', 'password', 'fullName', 'phone', 'role'],
};

const IMAGES: Record<FormKind, Record<string, Upload>> = {
  admin: { front: png('front.png'), back: { bytes: jpegImage(), name: 'back.jpg', type: 'image/jpeg' } },
  manager: { front: png(), back: png(), frontGuarantor: png(), backGuarantor: png() },
  agent: { front: png(), back: png(), frontGuarantor: png(), backGuarantor: png(), portraitSelfie: png('portrait.png') },
  motorist: { front: png(), back: png(), portraitSelfie: png('captured-image.png') },
};

function postForm(kind: FormKind, fields: Record<string, string>, files: Record<string, Upload> = {}, headers = superAdmin.headers) {
  return ctx.app.inject({ method: 'POST', url: `/api/${kind}/register`, headers, payload: multipartForm(fields, files) });
}

const unionBody = () => ({ ...personal(), role: 'keke', unionName: 'Keke Riders Union' });
function postUnion(body: Record<string, unknown>, headers = superAdmin.headers) {
  return ctx.app.inject({ method: 'POST', url: '/api/union/register', headers, payload: body });
}

async function userCount(): Promise<number> {
  const [{ value }] = await ctx.database.db.select({ value: count() }).from(users);
  return value;
}

async function stored(id: string) {
  const db = ctx.database.db;
  const [user] = await db.select().from(users).where(eq(users.id, id));
  const [profile] = await db.select().from(userProfiles).where(eq(userProfiles.userId, id));
  const [guarantorRow] = await db.select().from(guarantors).where(eq(guarantors.userId, id));
  const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.userId, id));
  return { user, profile, guarantor: guarantorRow, vehicle };
}

/** Expects a refusal that wrote nothing: no person, no stored file. */
async function expectNothingWritten(send: () => Promise<{ statusCode: number; json(): { message: string } }>, status: number, message: string) {
  const people = await userCount();
  const files = storedFileCount(ctx.dataDir);
  const reply = await send();
  expect(reply.json().message).toBe(message);
  expect(reply.statusCode).toBe(status);
  expect(await userCount()).toBe(people);
  expect(storedFileCount(ctx.dataDir)).toBe(files);
}

describe('registration with good input', () => {
  it('admin: 201, pending, added by the caller, text lower-cased, password hashed, ID images stored', async () => {
    const fields = FORMS.admin();
    const reply = await postForm('admin', fields, IMAGES.admin);
    expect(reply.statusCode).toBe(201);
    const { data, message } = reply.json();
    expect(message).toBe('Admin registered successfully');
    expect(data).toMatchObject({ fullName: 'ada  obi', role: 'admin', registrationStatus: 'pending' });
    expect(data.userCode).toMatch(/^[a-z0-9]{10}$/);

    const { user, profile } = await stored(data.id);
    expect(user).toMatchObject({
      email: fields.email.toLowerCase(),
      fullName: 'ada  obi',
      phone: fields.phone,
      role: 'admin',
      registrationStatus: 'pending',
      addedBy: superAdmin.person.id,
      isDeleted: false,
    });
    expect(user.passwordHash).not.toContain(PASSWORD);
    expect(await verifyPassword(user.passwordHash, PASSWORD)).toBe(true);
    expect(profile).toMatchObject({ address: '1 marina, lagos', maritalStatus: 'single', idType: 'nin' });
    expect(profile.idFrontFile).toMatch(/^[a-f0-9]{32}\.png$/);
    expect(profile.idBackFile).toMatch(/^[a-f0-9]{32}\.jpg$/);
  });

  it('admin: only the four required fields are enough', async () => {
    const { email, password, fullName, phone } = FORMS.admin();
    const reply = await postForm('admin', { email, password, fullName, phone, address: '', idType: '' });
    expect(reply.statusCode).toBe(201);
    const { profile } = await stored(reply.json().data.id);
    expect(profile).toMatchObject({ address: null, idType: null, maritalStatus: null, idFrontFile: null });
  });

  it('manager: department and guarantor with their images', async () => {
    const reply = await postForm('manager', FORMS.manager(), IMAGES.manager, admin.headers);
    expect(reply.statusCode).toBe(201);
    const { user, profile, guarantor: guarantorRow } = await stored(reply.json().data.id);
    expect(user).toMatchObject({ role: 'manager', department: 'remitter-manager', addedBy: admin.person.id });
    expect(profile.idFrontFile).toBeTruthy();
    expect(guarantorRow).toMatchObject({ name: 'musa bello', address: '2 broad street, lagos', idType: 'drivers-license' });
    expect(guarantorRow.frontFile).toMatch(/\.png$/);
    expect(guarantorRow.backFile).toMatch(/\.png$/);
  });

  it.each(['remitter', 'enforcer', 'registrar'])('agent: a %s with route and guarantor', async (role) => {
    const reply = await postForm('agent', { ...FORMS.agent(), role }, IMAGES.agent, admin.headers);
    expect(reply.statusCode).toBe(201);
    expect(reply.json().message).toBe('Agent registered successfully');
    const { user, profile, guarantor: guarantorRow } = await stored(reply.json().data.id);
    expect(user).toMatchObject({ role, agentRole: role, registrationStatus: 'pending' });
    expect(profile.route).toBe('ikeja - cms');
    // The portrait their ID card and public agent page show.
    expect(profile.portraitFile).toMatch(/\.png$/);
    expect(guarantorRow.name).toBe('musa bello');
  });

  it('motorist: profile, vehicle with the plan asked for, selfie and ID images', async () => {
    const fields = FORMS.motorist();
    const reply = await postForm('motorist', fields, IMAGES.motorist);
    expect(reply.statusCode).toBe(201);
    const { user, profile, vehicle } = await stored(reply.json().data.id);
    expect(user).toMatchObject({ role: 'motorist', isMotorist: true, agentRole: null });
    expect(profile).toMatchObject({
      dob: '1990-05-04',
      gender: 'female',
      maritalStatus: 'married',
      idType: 'business-id',
      serialId: 'tin-001',
      route: 'oshodi',
    });
    expect(profile.portraitFile).toMatch(/\.png$/);
    expect(vehicle).toMatchObject({
      plateNumber: fields.plateNumber.toLowerCase(),
      vehicleType: 'keke',
      vehicleModel: 'bajaj re',
      requestedPlan: 'weekly',
    });
  });

  it('motorist: TIN, gender, model, plan and images may be left out', async () => {
    const { serialID: _s, gender: _g, vehicleModel: _m, subscription: _p, ...fields } = FORMS.motorist();
    const reply = await postForm('motorist', fields);
    expect(reply.statusCode).toBe(201);
    const { profile, vehicle } = await stored(reply.json().data.id);
    expect(profile).toMatchObject({ serialId: null, gender: null, portraitFile: null });
    expect(vehicle).toMatchObject({ vehicleModel: null, requestedPlan: null });
  });

  it('union user (json): union role and name', async () => {
    const reply = await postUnion(unionBody());
    expect(reply.statusCode).toBe(201);
    const { user } = await stored(reply.json().data.id);
    expect(user).toMatchObject({ role: 'union', unionRole: 'keke', unionName: 'keke riders union', registrationStatus: 'pending' });
  });

  it('a new person cannot sign in until approved', async () => {
    const fields = FORMS.admin();
    expect((await postForm('admin', fields)).statusCode).toBe(201);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { userCode: fields.email, password: PASSWORD } });
    expect(login.statusCode).toBe(403);
  });
});

describe('a missing required field: 400 naming it, nothing written', () => {
  const cases = (Object.keys(FORMS) as FormKind[]).flatMap((kind) => REQUIRED[kind].map((field) => [kind, field] as const));
  it.each(cases)('%s without %s', async (kind, field) => {
    const { [field]: _left, ...fields } = FORMS[kind]() as Record<string, string>;
    await expectNothingWritten(() => postForm(kind, fields, IMAGES[kind]), 400, `${field} is required`);
  });

  it.each(REQUIRED.union)('union without %s', async (field) => {
    const { [field]: _left, ...body } = unionBody() as Record<string, string>;
    await expectNothingWritten(() => postUnion(body), 400, `${field} is required`);
  });

  it('a field sent empty or blank counts as missing', async () => {
    await expectNothingWritten(() => postForm('agent', { ...FORMS.agent(), route: '   ' }, IMAGES.agent), 400, 'route is required');
  });
});

describe('an invalid field: 400 naming it, nothing written', () => {
  it.each([
    ['admin', { email: 'not-an-email' }, 'email must be a valid email address'],
    ['admin', { phone: 'call me' }, 'phone must be a phone number (digits, optional leading +)'],
    ['admin', { password: 'short' }, 'password must be at least 12 characters'],
    ['admin', { maritalStatus: 'widowed' }, 'maritalStatus must be one of single, married, divorced'],
    ['manager', { department: 'finance' }, 'department must be one of registrar-manager, enforcer-manager, remitter-manager'],
    ['agent', { role: 'admin' }, 'role must be one of remitter, enforcer, registrar'],
    ['motorist', { dob: '04/05/1990' }, 'dob must be a date written YYYY-MM-DD'],
    ['motorist', { dob: '2999-01-01' }, 'dob must be a past date'],
    ['motorist', { vehicleType: 'lorry' }, 'vehicleType must be one of keke, bus, bike'],
    ['motorist', { subscription: 'fortnightly' }, 'subscription must be one of daily, weekly, monthly, 3 months, 6 months, yearly'],
  ] as const)('%s with %o', async (kind, change, message) => {
    await expectNothingWritten(() => postForm(kind, { ...FORMS[kind](), ...change }), 400, message);
  });

  it('union with an unknown union role', async () => {
    await expectNothingWritten(() => postUnion({ ...unionBody(), role: 'taxi' }), 400, 'role must be one of shareholder, government, keke, bus, bike, others');
  });
});

describe('images', () => {
  it('refuses a text file named .png, and stores none of the other images', async () => {
    const files = { ...IMAGES.motorist, back: { bytes: textFile(), name: 'back.png', type: 'image/png' } };
    await expectNothingWritten(() => postForm('motorist', FORMS.motorist(), files), 400, 'back must be a jpeg, png or webp image');
  });

  it('takes images of exactly 5 MB (the limit, and past the 1 MB JSON body limit)', async () => {
    const big = () => ({ bytes: paddedImage(MAX_IMAGE_BYTES), name: 'big.png', type: 'image/png' });
    const reply = await postForm('motorist', FORMS.motorist(), { front: big(), back: big(), portraitSelfie: big() });
    expect(reply.statusCode).toBe(201);
  });

  it('refuses a file over 5 MB', async () => {
    const files = { front: { bytes: oversizeImage(), name: 'huge.png', type: 'image/png' } };
    await expectNothingWritten(() => postForm('admin', FORMS.admin(), files), 400, 'front is larger than 5 MB');
  });

  it('refuses an empty file, a file under another name, and the same image twice', async () => {
    await expectNothingWritten(() => postForm('admin', FORMS.admin(), { front: { bytes: Buffer.alloc(0), name: 'empty.png' } }), 400, 'front is empty');
    await expectNothingWritten(
      () => postForm('admin', FORMS.admin(), { portraitSelfie: png() }),
      400,
      'portraitSelfie is not a file this form takes (it takes front, back)',
    );
    const form = multipartForm(FORMS.admin(), { front: png() });
    form.append('front', new Blob([new Uint8Array(png().bytes)]), 'again.png');
    await expectNothingWritten(
      () => ctx.app.inject({ method: 'POST', url: '/api/admin/register', headers: superAdmin.headers, payload: form }),
      400,
      'front was sent twice',
    );
  });

  it('refuses a registration that is not multipart', async () => {
    await expectNothingWritten(
      () => ctx.app.inject({ method: 'POST', url: '/api/admin/register', headers: superAdmin.headers, payload: FORMS.admin() }),
      400,
      'Send the form as multipart/form-data',
    );
  });
});

describe('duplicates: 409 naming the field, nothing written', () => {
  it('an email already in use (whatever its case)', async () => {
    const first = FORMS.admin();
    expect((await postForm('admin', first)).statusCode).toBe(201);
    await expectNothingWritten(() => postForm('admin', { ...FORMS.admin(), email: first.email.toUpperCase() }, IMAGES.admin), 409, 'email is already in use');
  });

  it('a phone number already in use', async () => {
    const first = FORMS.agent();
    expect((await postForm('agent', first)).statusCode).toBe(201);
    await expectNothingWritten(() => postForm('agent', { ...FORMS.agent(), phone: first.phone }, IMAGES.agent), 409, 'phone is already in use');
    await expectNothingWritten(() => postUnion({ ...unionBody(), phone: first.phone }), 409, 'phone is already in use');
  });

  it('a plate number already registered (whatever its case and spacing), and the images stored for it are removed', async () => {
    const first = FORMS.motorist();
    expect((await postForm('motorist', first)).statusCode).toBe(201);
    const again = { ...FORMS.motorist(), plateNumber: first.plateNumber.toUpperCase().replace(' ', '   ') };
    await expectNothingWritten(() => postForm('motorist', again, IMAGES.motorist), 409, 'plateNumber is already in use');
  });

  it('a deleted motorist\'s plate number may be registered again (DESIGN.md "People"), and is then taken', async () => {
    const first = FORMS.motorist();
    const created = await postForm('motorist', first);
    expect(created.statusCode).toBe(201);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/deleted/${created.json().data.id}`, headers: superAdmin.headers })).statusCode).toBe(200);
    const again = { ...FORMS.motorist(), plateNumber: first.plateNumber };
    expect((await postForm('motorist', again)).statusCode).toBe(201);
    await expectNothingWritten(
      () => postForm('motorist', { ...FORMS.motorist(), plateNumber: first.plateNumber }, IMAGES.motorist),
      409,
      'plateNumber is already in use',
    );
  });
});

describe('who may register whom (permission matrix)', () => {
  it('a remitter-manager registers remitters only', async () => {
    const manager = await signedInPerson(ctx, { role: 'manager', department: 'remitter-manager' });
    expect((await postForm('agent', { ...FORMS.agent(), role: 'remitter' }, {}, manager.headers)).statusCode).toBe(201);
    await expectNothingWritten(
      () => postForm('agent', { ...FORMS.agent(), role: 'enforcer' }, {}, manager.headers),
      403,
      'You do not have permission to do this',
    );
    await expectNothingWritten(() => postForm('motorist', FORMS.motorist(), {}, manager.headers), 403, 'You do not have permission to do this');
  });

  it('a registrar agent registers motorists, added by itself', async () => {
    const registrar = await signedInPerson(ctx, { role: 'registrar' });
    const reply = await postForm('motorist', FORMS.motorist(), {}, registrar.headers);
    expect(reply.statusCode).toBe(201);
    expect((await stored(reply.json().data.id)).user.addedBy).toBe(registrar.person.id);
    await expectNothingWritten(() => postForm('agent', FORMS.agent(), {}, registrar.headers), 403, 'You do not have permission to do this');
  });

  it('only a super-admin registers admins and union users', async () => {
    await expectNothingWritten(() => postForm('admin', FORMS.admin(), {}, admin.headers), 403, 'You do not have permission to do this');
    await expectNothingWritten(() => postUnion(unionBody(), admin.headers), 403, 'You do not have permission to do this');
  });

  it('union users, enforcers and anonymous callers register no one', async () => {
    const union = await signedInPerson(ctx, { role: 'union', unionRole: 'bus' });
    const enforcer = await signedInPerson(ctx, { role: 'enforcer' });
    await expectNothingWritten(() => postForm('motorist', FORMS.motorist(), {}, union.headers), 403, 'You do not have permission to do this');
    await expectNothingWritten(() => postForm('motorist', FORMS.motorist(), {}, enforcer.headers), 403, 'You do not have permission to do this');
    await expectNothingWritten(() => postForm('motorist', FORMS.motorist(), {}, {} as never), 401, 'Session is Expired, Please login');
  });
});

describe('every invalid field at once', () => {
  it('answers each invalid field in errors, worded with its label, beside the first as the message', async () => {
    const fields = { ...FORMS.agent(), phone: 'not a phone', guarantorsPhone: '12', email: 'nope', route: '' };
    const reply = await postForm('agent', fields, IMAGES.agent);
    expect(reply.statusCode).toBe(400);
    const { message, errors } = reply.json() as { message: string; errors: { field: string; message: string }[] };
    expect(message).toBe('email must be a valid email address');
    expect(Object.fromEntries(errors.map((error) => [error.field, error.message]))).toEqual({
      email: 'Email must be a valid email address',
      phone: expect.stringMatching(/^Phone /),
      guarantorsPhone: expect.stringMatching(/^Guarantor's phone /),
      route: 'Route is required',
    });
  });

  it('does the same for a JSON body checked by the route schema', async () => {
    const reply = await postUnion({ ...unionBody(), email: 'nope', role: 'no-such-role' });
    expect(reply.statusCode).toBe(400);
    const fields = (reply.json().errors as { field: string }[]).map((error) => error.field).sort();
    expect(fields).toEqual(['email', 'role']);
  });
});
