import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, MESSAGES } from '@eticket/contracts';
import { TEST_PASSWORD, createPerson, createTestContext, signIn, signedInPerson, type TestContext } from '../../../test/harness.ts';
import { users } from '../../db/schema.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const onlineOf = async (id: string) => (await ctx.database.db.select({ online: users.online }).from(users).where(eq(users.id, id)))[0].online;
const login = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/login', payload });
const profile = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/profile', headers });

describe('signing in to the console', () => {
  it.each(['enforcer', 'remitter', 'motorist'] as const)(
    'a %s is refused by the console (403) and not marked online; the field app still signs in',
    async (role) => {
      const person = await createPerson(ctx, { role });
      const refused = await login({ userCode: person.email, password: TEST_PASSWORD, app: 'console' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: MESSAGES.cannotLogin });
      expect(await onlineOf(person.id)).toBe(false);
      if (role !== 'motorist') {
        expect((await login({ userCode: person.email, password: TEST_PASSWORD, app: 'field' })).statusCode).toBe(200);
        expect(await onlineOf(person.id)).toBe(true);
      }
    },
  );

  it.each(['admin', 'manager', 'union'] as const)("the field app refuses a %s (403, the field app's message) and does not mark them online", async (role) => {
    const person = await createPerson(ctx, {
      role,
      ...(role === 'manager' ? { department: 'enforcer-manager' as const } : {}),
      ...(role === 'union' ? { unionRole: 'keke' as const } : {}),
    });
    const refused = await login({ userCode: person.email, password: TEST_PASSWORD, app: 'field' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: FIELD_MESSAGES.fieldAgentsOnly });
    expect(await onlineOf(person.id)).toBe(false);
    const registrar = await createPerson(ctx, { role: 'registrar' });
    expect((await login({ userCode: registrar.email, password: TEST_PASSWORD, app: 'field' })).statusCode).toBe(200);
  });

  it('staff sign in to the console as before; a wrong password is still 401 whatever the app', async () => {
    const person = await createPerson(ctx, { role: 'registrar' });
    expect((await login({ userCode: person.email, password: TEST_PASSWORD, app: 'console' })).statusCode).toBe(200);
    expect(await onlineOf(person.id)).toBe(true);
    const enforcer = await createPerson(ctx, { role: 'enforcer' });
    expect((await login({ userCode: enforcer.email, password: 'wrong-password-1', app: 'console' })).statusCode).toBe(401);
    expect((await login({ userCode: enforcer.email, password: TEST_PASSWORD, app: 'desk' })).statusCode).toBe(400);
  });
});

describe('why a session ended', () => {
  it('a forced logout answers "You were signed out by an administrator"; an own logout or a new sign-in does not', async () => {
    const admin = await signedInPerson(ctx, { role: 'admin' });
    const manager = await signedInPerson(ctx, { role: 'manager', department: 'enforcer-manager' });
    expect((await ctx.app.inject({ method: 'POST', url: `/api/logout/${manager.person.id}`, headers: admin.headers })).statusCode).toBe(200);
    const refused = await profile(manager.headers);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(MESSAGES.signedOutByStaff);

    const token = await signIn(ctx, manager.person.email);
    const headers = { authorization: `Bearer ${token}` };
    expect((await profile(headers)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/logout/${manager.person.id}`, headers })).statusCode).toBe(200);
    expect((await profile(headers)).json().message).toBe(MESSAGES.sessionExpired);
  });
});
