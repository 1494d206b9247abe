import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@eticket/contracts';
import { controlledClock, createTestContext, signedInPerson, type TestContext } from '../../../test/harness.ts';
import { users } from '../../db/schema.ts';
import { eq } from 'drizzle-orm';

let ctx: TestContext;
const clock = controlledClock('2026-03-02T09:00:00Z');
beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(async () => ctx.close());

const profileWith = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/profile', headers });
const logout = (id: string, headers: Record<string, string>) => ctx.app.inject({ method: 'POST', url: `/api/logout/${id}`, headers });

describe('sessions', () => {
  it('refuses a call without a token, or with a malformed one', async () => {
    expect((await profileWith({})).statusCode).toBe(401);
    const reply = await profileWith({ authorization: 'Bearer not.a.token' });
    expect(reply.statusCode).toBe(401);
    expect(reply.json().message).toBe(MESSAGES.sessionExpired);
  });

  it('logout ends the session: the earlier token stops working and the person is offline', async () => {
    const { person, headers } = await signedInPerson(ctx, { role: 'admin' });
    expect((await profileWith(headers)).statusCode).toBe(200);
    const reply = await logout(person.id, headers);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().message).toBe(MESSAGES.loggedOut);
    expect((await profileWith(headers)).statusCode).toBe(401);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, person.id));
    expect(row.online).toBe(false);
  });

  it("a forced logout by someone who manages the person ends that person's session", async () => {
    const admin = await signedInPerson(ctx, { role: 'admin' });
    const manager = await signedInPerson(ctx, { role: 'manager', department: 'remitter-manager' });
    expect((await logout(manager.person.id, admin.headers)).statusCode).toBe(200);
    expect((await profileWith(manager.headers)).statusCode).toBe(401);
    expect((await profileWith(admin.headers)).statusCode).toBe(200);
  });

  it('refuses a forced logout of someone the caller does not manage', async () => {
    const manager = await signedInPerson(ctx, { role: 'manager', department: 'remitter-manager' });
    const enforcer = await signedInPerson(ctx, { role: 'enforcer' });
    const admin = await signedInPerson(ctx, { role: 'admin' });
    const superAdmin = await signedInPerson(ctx, { role: 'super-admin' });
    expect((await logout(enforcer.person.id, manager.headers)).statusCode).toBe(403);
    expect((await logout(admin.person.id, manager.headers)).statusCode).toBe(403);
    expect((await logout(superAdmin.person.id, admin.headers)).statusCode).toBe(403);
    expect((await profileWith(enforcer.headers)).statusCode).toBe(200);
  });

  it('answers 404 for a forced logout of nobody, and 400 for an id that is not one', async () => {
    const admin = await signedInPerson(ctx, { role: 'admin' });
    expect((await logout('7f0c6f5e-8a53-4d0c-9d8e-1c2b3a4d5e6f', admin.headers)).statusCode).toBe(404);
    const bad = await logout('42', admin.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/id/);
  });

  it.each([
    ['suspended', { registrationStatus: 'suspended' as const }, MESSAGES.accountSuspended],
    ['deleted', { isDeleted: true }, MESSAGES.sessionExpired],
  ])('refuses the token of a person %s after signing in, saying why', async (_label, change, message) => {
    const { person, headers } = await signedInPerson(ctx, { role: 'admin' });
    await ctx.database.db.update(users).set(change).where(eq(users.id, person.id));
    const refused = await profileWith(headers);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(message);
  });

  it('tells a field agent suspended mid-shift so on their next scan, not that the session expired (issue 48)', async () => {
    const admin = await signedInPerson(ctx, { role: 'admin' });
    const enforcer = await signedInPerson(ctx, { role: 'enforcer', agentRole: 'enforcer' });
    expect((await ctx.app.inject({ method: 'POST', url: `/api/suspend/${enforcer.person.id}`, headers: admin.headers })).statusCode).toBe(200);
    const scan = await ctx.app.inject({ method: 'POST', url: '/api/field/scan', headers: enforcer.headers, payload: { userCode: 'nobody12345' } });
    expect(scan.statusCode).toBe(401);
    expect(scan.json().message).toBe(MESSAGES.accountSuspended);
  });

  it('refuses an expired token', async () => {
    const { headers } = await signedInPerson(ctx, { role: 'admin' });
    clock.advance(3601 * 1000);
    try {
      expect((await profileWith(headers)).statusCode).toBe(401);
    } finally {
      clock.advance(-3601 * 1000);
    }
  });

  it('refuses a token that was altered or signed with another secret', async () => {
    const { person, token } = await signedInPerson(ctx, { role: 'manager', department: 'enforcer-manager' });
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    claims.user.role = 'super-admin';
    const altered = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    expect((await profileWith({ authorization: `Bearer ${altered}` })).statusCode).toBe(401);

    const forged = await new SignJWT({ user: { ...claims.user, id: person.id }, tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    expect((await profileWith({ authorization: `Bearer ${forged}` })).statusCode).toBe(401);
  });

  it("refuses an unsigned token ('alg: none') carrying a real person's claims", async () => {
    const { token } = await signedInPerson(ctx, { role: 'admin' });
    const [, payload] = token.split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect((await profileWith({ authorization: `Bearer ${header}.${payload}.` })).statusCode).toBe(401);
    expect((await profileWith({ authorization: `Bearer ${header}.${payload}` })).statusCode).toBe(401);
  });

  it('refuses the token of a person whose record is gone altogether', async () => {
    const { person, headers } = await signedInPerson(ctx, { role: 'admin' });
    await ctx.database.db.delete(users).where(eq(users.id, person.id));
    expect((await profileWith(headers)).statusCode).toBe(401);
  });

  it('takes the role from the database, not from the token', async () => {
    const manager = await signedInPerson(ctx, { role: 'manager', department: 'registrar-manager' });
    await ctx.database.db.update(users).set({ department: 'enforcer-manager' }).where(eq(users.id, manager.person.id));
    const enforcer = await signedInPerson(ctx, { role: 'enforcer' });
    const registrar = await signedInPerson(ctx, { role: 'registrar' });
    expect((await logout(registrar.person.id, manager.headers)).statusCode).toBe(403);
    expect((await logout(enforcer.person.id, manager.headers)).statusCode).toBe(200);
  });
});
