import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema.ts';
import { createPerson, createTestContext, signIn, signedInPerson, type PersonInput, type TestContext } from '../../../../test/harness.ts';

let ctx: TestContext;
let superAdmin: Awaited<ReturnType<typeof signedInPerson>>;
let remitterManager: Awaited<ReturnType<typeof signedInPerson>>;
beforeAll(async () => {
  ctx = await createTestContext();
  superAdmin = await signedInPerson(ctx, { role: 'super-admin', fullName: 'super admin' });
  remitterManager = await signedInPerson(ctx, { role: 'manager', department: 'remitter-manager', fullName: 'rita manager' });
});
afterAll(async () => ctx.close());

type Action = 'approve' | 'suspend' | 'deleted';
const act = (action: Action, id: string, headers: Record<string, string> = remitterManager.headers) =>
  ctx.app.inject({ method: 'POST', url: `/api/${action}/${id}`, headers });

async function stateOf(id: string) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

const profileStatus = async (token: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${token}` } })).statusCode;

/** A person who is signed in (approved), so that ending their sessions shows. */
async function signedInTarget(input: PersonInput) {
  const person = await createPerson(ctx, input);
  return { person, token: await signIn(ctx, person.email) };
}

describe('POST /api/approve/{id}', () => {
  it('approves a pending remitter, records who did, and answers 200 { message, data }', async () => {
    const remitter = await createPerson(ctx, { role: 'remitter', registrationStatus: 'pending' });
    const reply = await act('approve', remitter.id);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().message).toBe('User approved successfully');
    expect(reply.json().data).toMatchObject({
      id: remitter.id,
      registrationStatus: 'approved',
      approvedBy: remitterManager.person.id,
      approvedByName: 'rita manager',
    });
    expect(await stateOf(remitter.id)).toMatchObject({ registrationStatus: 'approved', approvedBy: remitterManager.person.id });
  });

  it('approves a suspended person again, but not one already approved (409)', async () => {
    const remitter = await createPerson(ctx, { role: 'remitter', registrationStatus: 'suspended' });
    expect((await act('approve', remitter.id)).statusCode).toBe(200);
    const again = await act('approve', remitter.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('User is already approved');
  });

  it('a remitter-manager may not approve an enforcer (403), and nothing changes', async () => {
    const enforcer = await createPerson(ctx, { role: 'enforcer', registrationStatus: 'pending' });
    const reply = await act('approve', enforcer.id);
    expect(reply.statusCode).toBe(403);
    expect(reply.json().message).toBe('You do not have permission to do this');
    expect((await stateOf(enforcer.id)).registrationStatus).toBe('pending');
  });

  it('a registrar agent may approve motorists only', async () => {
    const registrar = await signedInPerson(ctx, { role: 'registrar' });
    const motorist = await createPerson(ctx, { role: 'motorist', registrationStatus: 'pending' });
    const remitter = await createPerson(ctx, { role: 'remitter', registrationStatus: 'pending' });
    expect((await act('approve', motorist.id, registrar.headers)).statusCode).toBe(200);
    expect((await act('approve', remitter.id, registrar.headers)).statusCode).toBe(403);
  });
});

describe('POST /api/suspend/{id}', () => {
  it("suspends, records who did, and ends the person's sessions", async () => {
    const { person, token } = await signedInTarget({ role: 'remitter' });
    expect((await stateOf(person.id)).online).toBe(true);
    expect(await profileStatus(token)).toBe(200);

    const reply = await act('suspend', person.id);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().message).toBe('User suspended successfully');
    expect(reply.json().data).toMatchObject({ registrationStatus: 'suspended', suspendedByName: 'rita manager', online: false });
    expect(await profileStatus(token)).toBe(401);
  });

  it('not someone already suspended (409)', async () => {
    const remitter = await createPerson(ctx, { role: 'remitter', registrationStatus: 'suspended' });
    const reply = await act('suspend', remitter.id);
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toBe('User is already suspended');
  });
});

describe('POST /api/deleted/{id}', () => {
  it('soft-deletes a field agent, ends its sessions, and drops it from lists and lookups', async () => {
    const { person, token } = await signedInTarget({ role: 'remitter', fullName: 'to be deleted' });
    const reply = await act('deleted', person.id, superAdmin.headers);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().message).toBe('User deleted successfully');
    expect(reply.json().data).toMatchObject({ id: person.id, isDeleted: true, online: false });
    expect(await stateOf(person.id)).toMatchObject({ isDeleted: true });
    expect(await profileStatus(token)).toBe(401);

    const list = await ctx.app.inject({ method: 'GET', url: '/api/agent/user?role=remitter&search=to be deleted', headers: remitterManager.headers });
    expect(list.json().data).toEqual([]);
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/user/${person.id}/details`, headers: remitterManager.headers });
    expect(detail.statusCode).toBe(404);
    expect((await act('deleted', person.id, superAdmin.headers)).statusCode).toBe(404);
    expect((await act('approve', person.id)).statusCode).toBe(404);
  });

  it.each([{ role: 'admin' }, { role: 'manager', department: 'enforcer-manager' }, { role: 'union', unionRole: 'keke' }, { role: 'user' }] as const)(
    'nobody deletes a $role account (403)',
    async (input) => {
      const target = await createPerson(ctx, input);
      const reply = await act('deleted', target.id, superAdmin.headers);
      expect(reply.statusCode).toBe(403);
      expect(reply.json().message).toBe('Admin, manager, union and user accounts cannot be deleted');
      expect((await stateOf(target.id)).isDeleted).toBe(false);
    },
  );

  it('deletes motorists and agents when the caller manages them', async () => {
    for (const role of ['motorist', 'enforcer', 'registrar'] as const) {
      const target = await createPerson(ctx, { role });
      expect((await act('deleted', target.id, superAdmin.headers)).statusCode).toBe(200);
    }
    const registrar = await signedInPerson(ctx, { role: 'registrar' });
    const motorist = await createPerson(ctx, { role: 'motorist' });
    expect((await act('deleted', motorist.id, registrar.headers)).statusCode).toBe(200);
  });

  it.each([
    { role: 'admin' },
    { role: 'manager', department: 'remitter-manager' },
    { role: 'manager', department: 'registrar-manager' },
    { role: 'manager', department: 'enforcer-manager' },
    { role: 'union', unionRole: 'government' },
    { role: 'user' },
  ] as const)('spec section 6: a $role $department viewer may not delete, even whom it manages (403, nothing changes)', async (viewer) => {
    const caller = await signedInPerson(ctx, viewer);
    for (const role of ['motorist', 'remitter', 'registrar', 'enforcer'] as const) {
      const target = await createPerson(ctx, { role });
      const reply = await act('deleted', target.id, caller.headers);
      expect(reply.statusCode, role).toBe(403);
      expect(reply.json().data).toBeUndefined();
      expect((await stateOf(target.id)).isDeleted).toBe(false);
    }
  });
});

describe('rules every action shares', () => {
  it.each(['approve', 'suspend', 'deleted'] as const)('%s: nobody acts on themselves or on a super-admin', async (action) => {
    // an admin may not delete at all (spec section 6), so deleting is tried by a second super-admin
    const admin = await signedInPerson(ctx, { role: action === 'deleted' ? 'super-admin' : 'admin' });
    const own = await act(action, admin.person.id, admin.headers);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot do this to your own account');
    expect((await act(action, superAdmin.person.id, admin.headers)).statusCode).toBe(403);
    const otherSuper = await createPerson(ctx, { role: 'super-admin', registrationStatus: 'pending' });
    expect((await act(action, otherSuper.id, superAdmin.headers)).statusCode).toBe(403);
  });

  it.each(['approve', 'suspend', 'deleted'] as const)('%s: union users, enforcers and anonymous callers are refused', async (action) => {
    const target = await createPerson(ctx, { role: 'motorist', registrationStatus: 'pending' });
    const union = await signedInPerson(ctx, { role: 'union', unionRole: 'bike' });
    const enforcer = await signedInPerson(ctx, { role: 'enforcer' });
    expect((await act(action, target.id, union.headers)).statusCode).toBe(403);
    expect((await act(action, target.id, enforcer.headers)).statusCode).toBe(403);
    expect((await act(action, target.id, {})).statusCode).toBe(401);
    expect(await stateOf(target.id)).toMatchObject({ registrationStatus: 'pending', isDeleted: false });
  });

  it.each(['approve', 'suspend', 'deleted'] as const)('%s: a missing id is "User Id is required", a bad one 400, an unknown one 404', async (action) => {
    const missing = await ctx.app.inject({ method: 'POST', url: `/api/${action}/`, headers: superAdmin.headers });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('User Id is required');
    const bad = await act(action, 'not-an-id', superAdmin.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('id must be a valid id');
    const unknown = await act(action, '7f0c6f5e-8a53-4d0c-9d8e-1c2b3a4d5e6f', superAdmin.headers);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('User not found');
  });
});

describe('forced logout (POST /api/logout/{id}) follows the same matrix', () => {
  it('a remitter-manager logs out a remitter, not an enforcer', async () => {
    const remitter = await signedInTarget({ role: 'remitter' });
    const enforcer = await signedInTarget({ role: 'enforcer' });
    const logout = (id: string) => ctx.app.inject({ method: 'POST', url: `/api/logout/${id}`, headers: remitterManager.headers });
    expect((await logout(remitter.person.id)).statusCode).toBe(200);
    expect(await profileStatus(remitter.token)).toBe(401);
    expect((await logout(enforcer.person.id)).statusCode).toBe(403);
    expect(await profileStatus(enforcer.token)).toBe(200);
  });
});
