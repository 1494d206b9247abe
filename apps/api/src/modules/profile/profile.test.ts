import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signedInPerson, type TestContext } from '../../../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const changes = { fullName: 'Ada Obi', phone: '08031234567', maritalStatus: 'married', address: '12 Marina, Lagos' };
const update = (id: string, headers: Record<string, string>, body: Record<string, unknown> = changes) =>
  ctx.app.inject({ method: 'POST', url: `/api/profile/${id}`, headers, payload: body });

describe('profile', () => {
  it('shows the signed-in person their own profile', async () => {
    const { person, headers } = await signedInPerson(ctx, { role: 'union', unionRole: 'keke', unionName: 'keke union' });
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toMatchObject({
      id: person.id,
      _id: person.id,
      userCode: person.userCode,
      email: person.email,
      role: 'union',
      unionRole: 'keke',
      unionName: 'keke union',
      documents: [],
    });
  });

  it('lets an admin edit their own profile, lower-casing text as the spec says', async () => {
    const { person, headers } = await signedInPerson(ctx, { role: 'admin' });
    const reply = await update(person.id, headers);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toMatchObject({ fullName: 'ada obi', phone: '08031234567', maritalStatus: 'married', address: '12 marina, lagos' });
    const again = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers });
    expect(again.json().data.address).toBe('12 marina, lagos');
  });

  it('lets an admin edit a manager, but not a super-admin', async () => {
    const admin = await signedInPerson(ctx, { role: 'admin' });
    const manager = await signedInPerson(ctx, { role: 'manager', department: 'enforcer-manager' });
    const superAdmin = await signedInPerson(ctx, { role: 'super-admin' });
    // Phone numbers are unique (0002_people.sql): the manager gets a number of its own.
    expect((await update(manager.person.id, admin.headers, { ...changes, phone: '08031234568' })).statusCode).toBe(200);
    expect((await update(superAdmin.person.id, admin.headers)).statusCode).toBe(403);
  });

  it.each(['manager', 'union', 'user', 'registrar'] as const)('refuses profile edits by a %s', async (role) => {
    const { person, headers } = await signedInPerson(ctx, { role, department: role === 'manager' ? 'registrar-manager' : undefined });
    const reply = await update(person.id, headers);
    expect(reply.statusCode).toBe(403);
  });

  it('refuses a bad field with a message naming it, and changes nothing', async () => {
    const { person, headers } = await signedInPerson(ctx, { role: 'admin', fullName: 'unchanged name' });
    for (const [field, value] of [
      ['phone', 'call me'],
      ['maritalStatus', 'complicated'],
      ['fullName', ''],
      ['address', '   '],
    ]) {
      const reply = await update(person.id, headers, { ...changes, [field]: value });
      expect(reply.statusCode, field).toBe(400);
      expect(reply.json().message).toContain(field);
    }
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers });
    expect(profile.json().data.fullName).toBe('unchanged name');
  });

  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile' })).statusCode).toBe(401);
  });
});

describe('field app language (issue 45)', () => {
  const setLanguage = (headers: Record<string, string>, payload: unknown) =>
    ctx.app.inject({ method: 'PUT', url: '/api/profile/language', headers, payload: payload as object });

  it('keeps a field agent’s language on their account, shown with their profile', async () => {
    const { headers } = await signedInPerson(ctx, { role: 'user', agentRole: 'enforcer' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile', headers })).json().data.language).toBeNull();
    const reply = await setLanguage(headers, { language: 'yo' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ data: { language: 'yo' } });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile', headers })).json().data.language).toBe('yo');
    expect((await setLanguage(headers, { language: 'ig' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile', headers })).json().data.language).toBe('ig');
  });

  it('refuses a language we do not speak with a 400 naming the field, and keeps the one set', async () => {
    const { headers } = await signedInPerson(ctx, { role: 'user', agentRole: 'remitter' });
    await setLanguage(headers, { language: 'ha' });
    for (const body of [{ language: 'fr' }, { language: 'en-XA' }, { language: '' }, {}, { language: 7 }]) {
      const reply = await setLanguage(headers, body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(reply.json())).toContain('language');
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile', headers })).json().data.language).toBe('ha');
  });

  it('needs a session, and changes only the caller’s own', async () => {
    expect((await setLanguage({}, { language: 'yo' })).statusCode).toBe(401);
    const first = await signedInPerson(ctx, { role: 'user', agentRole: 'registrar' });
    const second = await signedInPerson(ctx, { role: 'user', agentRole: 'registrar' });
    await setLanguage(first.headers, { language: 'pcm' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: second.headers })).json().data.language).toBeNull();
  });
});
