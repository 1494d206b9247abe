import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEPARTMENT_AGENT_ROLE, DEPARTMENTS, type Department } from '@eticket/contracts';
import { users } from '../../src/db/schema.ts';
import { createPerson, createTestContext, signedInPerson, type TestContext } from '../harness.ts';

/** Object-level rules: the route is open to the caller, the object is not. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(async () => ctx.close());

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) => ctx.app.inject({ method, url, headers, payload });

async function rowOf(id: string) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

function expectRefused(reply: { statusCode: number; json(): { data?: unknown; message?: string } }, label: string) {
  expect(reply.statusCode, label).toBe(403);
  expect(reply.json().data, label).toBeUndefined();
  expect(reply.json().message, label).toBeTruthy();
}

describe("a manager department acting on another department's agent", () => {
  for (const department of DEPARTMENTS) {
    for (const other of DEPARTMENTS.filter((d) => d !== department)) {
      const agentRole = DEPARTMENT_AGENT_ROLE[other as Department];
      it(`${department} on a ${agentRole}: approve, suspend, delete, log out, profile, details are refused and change nothing`, async () => {
        const manager = await signedInPerson(ctx, { role: 'manager', department });
        const pending = await createPerson(ctx, { role: agentRole, registrationStatus: 'pending' });
        const agent = await signedInPerson(ctx, { role: agentRole });
        const before = { pending: await rowOf(pending.id), agent: await rowOf(agent.person.id) };

        expectRefused(await call('POST', `/api/approve/${pending.id}`, manager.headers), 'approve');
        expectRefused(await call('POST', `/api/suspend/${agent.person.id}`, manager.headers), 'suspend');
        expectRefused(await call('POST', `/api/deleted/${agent.person.id}`, manager.headers), 'delete');
        expectRefused(await call('POST', `/api/logout/${agent.person.id}`, manager.headers), 'logout');
        expectRefused(await call('GET', `/api/user/${agent.person.id}/details`, manager.headers), 'details');
        expectRefused(await call('GET', `/api/agent/user?role=${agentRole}`, manager.headers), 'agent list');
        // editing a profile is for super-admin and admin only: refused before the body is read
        expectRefused(await call('POST', `/api/profile/${agent.person.id}`, manager.headers, { fullName: 'Renamed' }), 'profile');

        expect(await rowOf(pending.id)).toEqual(before.pending);
        expect(await rowOf(agent.person.id)).toEqual(before.agent);
        // the agent's session still works
        expect((await call('GET', '/api/profile', agent.headers)).statusCode).toBe(200);
      });
    }

    it(`${department} on its own department's agent is allowed (the rule is not a blanket refusal)`, async () => {
      const manager = await signedInPerson(ctx, { role: 'manager', department });
      const agentRole = DEPARTMENT_AGENT_ROLE[department];
      const pending = await createPerson(ctx, { role: agentRole, registrationStatus: 'pending' });
      const agent = await signedInPerson(ctx, { role: agentRole });
      expect((await call('GET', `/api/user/${agent.person.id}/details`, manager.headers)).statusCode).toBe(200);
      expect((await call('POST', `/api/approve/${pending.id}`, manager.headers)).statusCode).toBe(200);
      expect((await call('POST', `/api/logout/${agent.person.id}`, manager.headers)).statusCode).toBe(200);
      expect((await call('POST', `/api/suspend/${agent.person.id}`, manager.headers)).statusCode).toBe(200);
      // spec section 6: Delete is hidden for (and refused to) a manager viewer; a super-admin deletes the agent
      expectRefused(await call('POST', `/api/deleted/${agent.person.id}`, manager.headers), 'delete by a manager');
      const superAdmin = await signedInPerson(ctx, { role: 'super-admin' });
      expect((await call('POST', `/api/deleted/${agent.person.id}`, superAdmin.headers)).statusCode).toBe(200);
    });
  }

  it('a manager may not act on another manager, an admin or a super-admin', async () => {
    const manager = await signedInPerson(ctx, { role: 'manager', department: 'registrar-manager' });
    const targets = [
      await createPerson(ctx, { role: 'manager', department: 'registrar-manager' }),
      await createPerson(ctx, { role: 'manager', department: 'enforcer-manager' }),
      await createPerson(ctx, { role: 'admin' }),
      await createPerson(ctx, { role: 'super-admin' }),
    ];
    for (const target of targets) {
      for (const action of ['approve', 'suspend', 'deleted', 'logout']) {
        expectRefused(await call('POST', `/api/${action}/${target.id}`, manager.headers), `${action} ${target.role}`);
      }
      expectRefused(await call('GET', `/api/user/${target.id}/details`, manager.headers), `details ${target.role}`);
    }
  });
});

describe("a union reading another union's figures", () => {
  it("a keke, bus, bike or others union is refused another union's dashboard, and sees only its own tab", async () => {
    const unions = {
      keke: await signedInPerson(ctx, { role: 'union', unionRole: 'keke', unionName: 'Keke union' }),
      bus: await signedInPerson(ctx, { role: 'union', unionRole: 'bus', unionName: 'Bus union' }),
      bike: await signedInPerson(ctx, { role: 'union', unionRole: 'bike', unionName: 'Bike union' }),
      others: await signedInPerson(ctx, { role: 'union', unionRole: 'others', unionName: 'Other union' }),
    };
    for (const [name, union] of Object.entries(unions)) {
      const own = await call('GET', `/api/uniondashboard?union=${union.person.id}`, union.headers);
      expect(own.statusCode, name).toBe(200);
      expect(own.json().data.union.id).toBe(union.person.id);
      for (const [otherName, other] of Object.entries(unions)) {
        if (otherName === name) continue;
        expectRefused(await call('GET', `/api/uniondashboard?union=${other.person.id}`, union.headers), `${name} reading ${otherName}`);
      }
      const tabs = await call('GET', '/api/uniondashboard/unions', union.headers);
      expect(tabs.statusCode).toBe(200);
      expect(tabs.json().data.map((tab: { id: string }) => tab.id)).toEqual([union.person.id]);
    }
  });

  it('a union is refused a dashboard even when the id it asks for is not a union (no probing)', async () => {
    const union = await signedInPerson(ctx, { role: 'union', unionRole: 'bus', unionName: 'Bus union 2' });
    const admin = await createPerson(ctx, { role: 'admin' });
    expectRefused(await call('GET', `/api/uniondashboard?union=${admin.id}`, union.headers), 'admin id');
    expectRefused(await call('GET', '/api/uniondashboard?union=7f0c6f5e-8a53-4d0c-9d8e-1c2b3a4d5e6f', union.headers), 'nobody');
  });

  it('shareholder and government unions see every union (spec: tabs across unions)', async () => {
    const keke = await createPerson(ctx, { role: 'union', unionRole: 'keke', unionName: 'Keke union 3' });
    for (const unionRole of ['shareholder', 'government'] as const) {
      const union = await signedInPerson(ctx, { role: 'union', unionRole, unionName: `${unionRole} union` });
      expect((await call('GET', `/api/uniondashboard?union=${keke.id}`, union.headers)).statusCode).toBe(200);
    }
  });

  it("staff other than super-admin, and the union's own users, are refused union figures", async () => {
    const keke = await createPerson(ctx, { role: 'union', unionRole: 'keke', unionName: 'Keke union 4' });
    const callers = [
      await signedInPerson(ctx, { role: 'admin' }),
      await signedInPerson(ctx, { role: 'manager', department: 'remitter-manager' }),
      await signedInPerson(ctx, { role: 'user' }),
      await signedInPerson(ctx, { role: 'registrar' }),
    ];
    for (const caller of callers) {
      expectRefused(await call('GET', `/api/uniondashboard?union=${keke.id}`, caller.headers), caller.person.role);
    }
  });
});

describe("a motorist's data through someone else's token", () => {
  it("enforcers, remitters, other motorists, unions and managers are refused a motorist's details and the motorist list", async () => {
    const motorist = await signedInPerson(ctx, { role: 'motorist' });
    const callers = [
      await signedInPerson(ctx, { role: 'enforcer' }),
      await signedInPerson(ctx, { role: 'remitter' }),
      await signedInPerson(ctx, { role: 'motorist' }),
      await signedInPerson(ctx, { role: 'union', unionRole: 'keke', unionName: 'Keke union 5' }),
      await signedInPerson(ctx, { role: 'manager', department: 'enforcer-manager' }),
      await signedInPerson(ctx, { role: 'manager', department: 'remitter-manager' }),
    ];
    for (const caller of callers) {
      const label = `${caller.person.role} ${caller.person.department ?? ''}`;
      expectRefused(await call('GET', `/api/user/${motorist.person.id}/details`, caller.headers), `${label} details`);
      const list = await call('GET', '/api/motorist/user', caller.headers);
      expect(list.statusCode, `${label} list`).toBe(403);
      expect(list.json().data).toBeUndefined();
      const lookup = await call('POST', '/api/user', caller.headers, { userCode: motorist.person.userCode });
      expect(lookup.statusCode, `${label} lookup`).toBe(403);
      expect(lookup.json().data).toBeUndefined();
      const subscriptions = await call('GET', '/api/sub-history', caller.headers);
      expect(subscriptions.statusCode, `${label} payments`).toBe(403);
      const penalties = await call('GET', '/api/penalty-history', caller.headers);
      expect(penalties.statusCode, `${label} penalties`).toBe(403);
    }
    // the motorist itself may see its own details
    expect((await call('GET', `/api/user/${motorist.person.id}/details`, motorist.headers)).statusCode).toBe(200);
  });

  it('a motorist cannot log out, suspend or edit another motorist', async () => {
    const motorist = await signedInPerson(ctx, { role: 'motorist' });
    const other = await signedInPerson(ctx, { role: 'motorist' });
    expectRefused(await call('POST', `/api/logout/${other.person.id}`, motorist.headers), 'logout');
    expect((await call('POST', `/api/suspend/${other.person.id}`, motorist.headers)).statusCode).toBe(403);
    expect((await call('POST', `/api/profile/${other.person.id}`, motorist.headers, { fullName: 'x' })).statusCode).toBe(403);
    expect((await call('GET', '/api/profile', other.headers)).statusCode).toBe(200);
  });
});
