import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson, createTestContext, signedInPerson, type TestContext } from '../../../../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

describe('GET /api/user/{id}', () => {
  it("gives a person's name to console staff", async () => {
    const { headers } = await signedInPerson(ctx, { role: 'manager', department: 'remitter-manager' });
    const other = await createPerson(ctx, { role: 'remitter', fullName: 'tunde bello' });
    const reply = await ctx.app.inject({ method: 'GET', url: `/api/user/${other.id}`, headers });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toEqual({ _id: other.id, id: other.id, fullName: 'tunde bello' });
  });

  it('refuses field agents and anonymous callers, and answers 404 for nobody', async () => {
    const enforcer = await signedInPerson(ctx, { role: 'enforcer' });
    const admin = await signedInPerson(ctx, { role: 'admin' });
    const url = `/api/user/${admin.person.id}`;
    expect((await ctx.app.inject({ method: 'GET', url, headers: enforcer.headers })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/user/7f0c6f5e-8a53-4d0c-9d8e-1c2b3a4d5e6f', headers: admin.headers });
    expect(missing.statusCode).toBe(404);
  });
});

describe('POST /api/user', () => {
  it('finds a person by Unique ID, whatever the case and spaces', async () => {
    const { headers } = await signedInPerson(ctx, { role: 'admin' });
    const motorist = await createPerson(ctx, { role: 'motorist' });
    const reply = await ctx.app.inject({ method: 'POST', url: '/api/user', headers, payload: { userCode: ` ${motorist.userCode.toUpperCase()} ` } });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toMatchObject({ id: motorist.id, userCode: motorist.userCode, role: 'motorist' });
  });

  it("refuses a person whose list the caller may not see: staff to a registrar or a union's user, a super-admin to anyone", async () => {
    const superAdmin = await createPerson(ctx, { role: 'super-admin' });
    const admin = await createPerson(ctx, { role: 'admin' });
    const manager = await createPerson(ctx, { role: 'manager', department: 'enforcer-manager' });
    const motorist = await createPerson(ctx, { role: 'motorist' });
    const lookUp = (headers: Record<string, string>, userCode: string) => ctx.app.inject({ method: 'POST', url: '/api/user', headers, payload: { userCode } });
    for (const role of ['registrar', 'user'] as const) {
      const { headers } = await signedInPerson(ctx, { role });
      for (const target of [superAdmin, admin, manager]) {
        const reply = await lookUp(headers, target.userCode);
        expect(reply.statusCode, `${role} looking up ${target.role}`).toBe(403);
        expect(reply.json().data).toBeUndefined();
      }
      expect((await lookUp(headers, motorist.userCode)).statusCode).toBe(200);
    }
    const { headers } = await signedInPerson(ctx, { role: 'admin' });
    expect((await lookUp(headers, superAdmin.userCode)).statusCode).toBe(403);
    expect((await lookUp(headers, manager.userCode)).statusCode).toBe(200);
  });

  it('refuses roles without motorist or penalty access', async () => {
    const { headers } = await signedInPerson(ctx, { role: 'union', unionRole: 'bus' });
    const reply = await ctx.app.inject({ method: 'POST', url: '/api/user', headers, payload: { userCode: 'abcdefgh' } });
    expect(reply.statusCode).toBe(403);
  });
});
