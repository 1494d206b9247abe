import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@eticket/contracts';
import { createPerson, createTestContext, signIn, type TestContext } from '../../../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const login = (userCode: unknown, password: unknown) => ctx.app.inject({ method: 'POST', url: '/api/login', payload: { userCode, password } });

function decode(token: string) {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
}

describe('POST /api/login', () => {
  it('signs in by email or Unique ID, lower-cased with spaces removed, and returns the session token', async () => {
    const admin = await createPerson(ctx, { role: 'admin', email: 'ada@example.test' });
    const byEmail = await login('  ADA@Example.test ', admin.password);
    expect(byEmail.statusCode).toBe(200);
    const payload = decode(byEmail.json().token);
    expect(payload.user).toEqual({
      id: admin.id,
      role: 'admin',
      agentRole: null,
      isMotorist: false,
      department: null,
      unionRole: null,
      unionName: null,
    });
    expect(payload.exp).toBeGreaterThan(Date.now() / 1000);

    const byCode = await login(admin.userCode.toUpperCase(), admin.password);
    expect(byCode.statusCode).toBe(200);
  });

  it('gives one message for a wrong email and a wrong password', async () => {
    const admin = await createPerson(ctx, { role: 'admin' });
    const wrongPassword = await login(admin.email, 'not-the-password');
    const wrongEmail = await login('nobody@example.test', admin.password);
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongEmail.statusCode).toBe(401);
    expect(wrongPassword.json().message).toBe(MESSAGES.invalidCredentials);
    expect(wrongEmail.json().message).toBe(MESSAGES.invalidCredentials);
  });

  it('requires both fields', async () => {
    const reply = await login('', '');
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(MESSAGES.loginRequired);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/login', payload: {} })).json().message).toBe(MESSAGES.loginRequired);
  });

  it.each(['pending', 'suspended'] as const)('refuses a %s account', async (registrationStatus) => {
    const person = await createPerson(ctx, { role: 'admin', registrationStatus });
    const reply = await login(person.email, person.password);
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).not.toHaveProperty('token');
  });

  it("refuses a motorist with 'Contact admin, cannot login' and no token (motorists use the public checks)", async () => {
    const motorist = await createPerson(ctx, { role: 'motorist' });
    for (const identifier of [motorist.email, motorist.userCode]) {
      const reply = await login(identifier, motorist.password);
      expect(reply.statusCode).toBe(403);
      expect(reply.json()).toEqual({ message: MESSAGES.cannotLogin });
      expect(reply.cookies).toEqual([]);
    }
    // A wrong password still gets the usual answer: the refusal tells only the password's owner who they are.
    expect((await login(motorist.email, 'not-the-password')).json().message).toBe(MESSAGES.invalidCredentials);
  });

  it('refuses a deleted account as if it did not exist', async () => {
    const person = await createPerson(ctx, { role: 'admin', isDeleted: true });
    const reply = await login(person.email, person.password);
    expect(reply.statusCode).toBe(401);
    expect(reply.json().message).toBe(MESSAGES.invalidCredentials);
  });

  it('slows down repeated failures against one account with 429, and still refuses the right password then', async () => {
    const admin = await createPerson(ctx, { role: 'admin' });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(admin.email, `wrong-${attempt}`)).statusCode).toBe(401);
    }
    const blocked = await login(admin.email, admin.password);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('marks the person online with a last login time', async () => {
    const admin = await createPerson(ctx, { role: 'admin' });
    const token = await signIn(ctx, admin.email);
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${token}` } });
    expect(profile.json().data.lastLogin).not.toBeNull();
  });
});

describe('sign-in throttling per address', () => {
  it('answers 429 once one address has failed too often, whichever accounts it tries', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt += 1) {
      const reply = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { userCode: `guess${attempt}@example.test`, password: 'guess' },
        remoteAddress: '10.1.2.3',
      });
      statuses.push(reply.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
    const otherAddress = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { userCode: 'guess@example.test', password: 'guess' },
      remoteAddress: '10.1.2.4',
    });
    expect(otherAddress.statusCode).toBe(401);
  });
});
