import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlledClock, createTestContext, signedInPerson, type TestContext } from '../../../test/harness.ts';
import { createMotorist, session } from '../../../test/tickets.ts';
import { users } from '../../db/schema.ts';

// SESSION_CACHE_MS: a caller's account is reused between its requests; this process's writes forget it.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock: controlledClock('2026-03-02T09:00:00Z'), sessionCacheMs: 60_000, sessionNotifications: false });
});
afterAll(async () => ctx.close());

const profileWith = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/profile', headers });
const logout = (id: string, headers: Record<string, string>) => ctx.app.inject({ method: 'POST', url: `/api/logout/${id}`, headers });
/** What another server process does when it suspends someone: this process is not told. */
const suspendElsewhere = (id: string) => ctx.database.db.update(users).set({ registrationStatus: 'suspended' }).where(eq(users.id, id));

describe('the session cache', () => {
  it("reuses a caller's account until this process serves a write; field scans do not count as one", async () => {
    const admin = await signedInPerson(ctx, { role: 'admin' });
    const bystander = await signedInPerson(ctx, { role: 'manager', department: 'enforcer-manager' });
    const manager = await signedInPerson(ctx, { role: 'manager', department: 'remitter-manager' });
    const enforcer = await session(ctx, { role: 'enforcer' });
    const motorist = await createMotorist(ctx, 'keke');
    const enforcerHeaders = await enforcer.headers();

    expect((await profileWith(manager.headers)).statusCode).toBe(200);
    await suspendElsewhere(manager.person.id);
    expect((await profileWith(manager.headers)).statusCode).toBe(200);

    const scan = await ctx.app.inject({ method: 'POST', url: '/api/field/scan', headers: enforcerHeaders, payload: { userCode: motorist.userCode } });
    expect(scan.statusCode).toBe(201);
    expect((await profileWith(manager.headers)).statusCode).toBe(200);

    expect((await logout(bystander.person.id, admin.headers)).statusCode).toBe(200);
    expect((await profileWith(manager.headers)).statusCode).toBe(401);
  });

  it("a forced logout here applies to the very next request, though the person's account was kept", async () => {
    const admin = await signedInPerson(ctx, { role: 'admin' });
    const manager = await signedInPerson(ctx, { role: 'manager', department: 'enforcer-manager' });
    expect((await profileWith(manager.headers)).statusCode).toBe(200);
    expect((await logout(manager.person.id, admin.headers)).statusCode).toBe(200);
    expect((await profileWith(manager.headers)).statusCode).toBe(401);
  });

  it('a refused write clears it too', async () => {
    const admin = await signedInPerson(ctx, { role: 'admin' });
    const manager = await signedInPerson(ctx, { role: 'manager', department: 'registrar-manager' });
    expect((await profileWith(manager.headers)).statusCode).toBe(200);
    await suspendElsewhere(manager.person.id);
    expect((await logout('not-an-id', admin.headers)).statusCode).toBe(400);
    expect((await profileWith(manager.headers)).statusCode).toBe(401);
  });
});
