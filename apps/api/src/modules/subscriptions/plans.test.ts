import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_MESSAGES } from '@eticket/contracts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { sqlBuiltBy } from '../../../test/sql-builds.ts';
import { subscriptionPlans } from '../../db/schema.ts';
import { createSubscriptionsRepository } from './repository.ts';
import { createMotorist, newKey, session, type Session } from '../../../test/tickets.ts';

let ctx: TestContext;
let admin: Session;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await session(ctx, { role: 'admin' });
});
afterAll(async () => ctx.close());

const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: Session, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: await who.headers(), payload: payload as never });

describe('subscription plans', () => {
  it('creates a plan (201), lists it by vehicle type, prices in naira stored as kobo', async () => {
    const created = await call('POST', '/api/subscription', admin, { name: 'Daily', vehicleType: 'KEKE', price: '150.5' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ message: TICKET_MESSAGES.planCreated, data: { name: 'daily', vehicleType: 'keke', price: 150.5 } });
    await call('POST', '/api/subscription', admin, { name: 'weekly', vehicleType: 'keke', price: 900 });
    await call('POST', '/api/subscription', admin, { name: 'daily', vehicleType: 'bus', price: 300 });

    const keke = await call('GET', '/api/subscription?types=keke', admin);
    expect(keke.statusCode).toBe(200);
    expect(keke.json().data.map((p: { name: string; price: number }) => [p.name, p.price])).toEqual([
      ['daily', 150.5],
      ['weekly', 900],
    ]);
    const all = await call('GET', '/api/subscription', admin);
    expect(all.json().data).toHaveLength(3);
    const stored = await ctx.database.db
      .select({ kobo: subscriptionPlans.priceKobo })
      .from(subscriptionPlans)
      .where(and(eq(subscriptionPlans.name, 'daily'), eq(subscriptionPlans.vehicleType, 'keke')));
    expect(stored).toEqual([{ kobo: 15050 }]);
  });

  it('refuses a second plan of the same name and vehicle type with 409', async () => {
    const again = await call('POST', '/api/subscription', admin, { name: 'daily', vehicleType: 'keke', price: 200 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A daily plan for keke already exists');
  });

  it.each([
    [{ vehicleType: 'keke', price: 100 }, 'name is required'],
    [{ name: 'fortnightly', vehicleType: 'keke', price: 100 }, 'name must be one of daily, weekly, monthly, 3 months, 6 months, yearly'],
    [{ name: 'monthly', vehicleType: 'lorry', price: 100 }, 'vehicleType must be one of keke, bus, bike'],
    [{ name: 'monthly', vehicleType: 'keke' }, 'price is required'],
    [{ name: 'monthly', vehicleType: 'keke', price: 10.555 }, 'price must be an amount in naira with at most 2 decimals'],
    [{ name: 'monthly', vehicleType: 'keke', price: '12abc' }, 'price must be an amount in naira with at most 2 decimals'],
    [{ name: 'monthly', vehicleType: 'keke', price: 0 }, 'price must be more than 0'],
    [{ name: 'monthly', vehicleType: 'keke', price: -5 }, 'price must be more than 0'],
    [{ name: 'monthly', vehicleType: 'keke', price: true }, 'price must be a number'],
  ])('refuses bad input %j with 400 naming the field', async (payload, message) => {
    const reply = await call('POST', '/api/subscription', admin, payload);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(message);
  });

  it('updates a plan with the message the console waits for', async () => {
    const [plan] = (await call('GET', '/api/subscription?types=bus', admin)).json().data;
    const reply = await call('PATCH', `/api/subscription/${plan.id}`, admin, { name: 'daily', vehicleType: 'bus', price: 350.25 });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ message: 'Plan updated successfully', data: { id: plan.id, price: 350.25 } });
    const clash = await call('PATCH', `/api/subscription/${plan.id}`, admin, { vehicleType: 'keke' });
    expect(clash.statusCode).toBe(409);
    expect((await call('PATCH', `/api/subscription/${plan.id}`, admin, {})).statusCode).toBe(400);
    expect((await call('PATCH', '/api/subscription/7f0c6f5e-8a53-4d0c-9d8e-1c2b3a4d5e6f', admin, { price: 1 })).statusCode).toBe(404);
    expect((await call('PATCH', '/api/subscription/not-an-id', admin, { price: 1 })).json().message).toBe('id must be a valid id');
  });

  it('deletes softly: the plan leaves the list, cannot be paid for, and payments made on it keep their history', async () => {
    const plan = (await call('POST', '/api/subscription', admin, { name: 'monthly', vehicleType: 'bike', price: 3000 })).json().data;
    const remitter = await session(ctx, { role: 'remitter' });
    const motorist = await createMotorist(ctx, 'bike');
    const pay = (key: string) =>
      remitter.headers({ 'idempotency-key': key }).then((headers) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/field/subscription-payment',
          headers,
          payload: { userCode: motorist.userCode, subscriptionId: plan.id, modeOfPayment: 'cash' },
        }),
      );
    expect((await pay(newKey())).statusCode).toBe(201);

    const deleted = await call('DELETE', `/api/subscription/${plan.id}`, admin);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe(TICKET_MESSAGES.planDeleted);
    expect((await call('GET', '/api/subscription?types=bike', admin)).json().data).toEqual([]);
    expect((await call('DELETE', `/api/subscription/${plan.id}`, admin)).statusCode).toBe(404);
    const refused = await pay(newKey());
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('No plan has that subscriptionId');

    const history = (await call('GET', '/api/sub-history?search=bike', admin)).json();
    expect(history.data).toHaveLength(1);
    expect(history.data[0]).toMatchObject({ subscription: { _id: plan.id, name: 'monthly', vehicleType: 'bike' }, amount: 3000 });
    // The name is free again for a new plan.
    expect((await call('POST', '/api/subscription', admin, { name: 'monthly', vehicleType: 'bike', price: 3200 })).statusCode).toBe(201);
  });

  it('lets registrars and remitters read plans, and only super-admin and admin change them', async () => {
    const registrar = await session(ctx, { role: 'registrar' });
    const remitter = await session(ctx, { role: 'remitter' });
    const manager = await session(ctx, { role: 'manager', department: 'remitter-manager' });
    const union = await session(ctx, { role: 'union', unionRole: 'keke' });
    expect((await call('GET', '/api/subscription', registrar)).statusCode).toBe(200);
    expect((await call('GET', '/api/subscription', remitter)).statusCode).toBe(200);
    expect((await call('GET', '/api/subscription', union)).statusCode).toBe(403);
    for (const who of [registrar, remitter, manager, union]) {
      expect((await call('POST', '/api/subscription', who, { name: 'yearly', vehicleType: 'bus', price: 1 })).statusCode).toBe(403);
    }
    const [plan] = (await call('GET', '/api/subscription', admin)).json().data;
    expect((await call('PATCH', `/api/subscription/${plan.id}`, manager, { price: 1 })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/subscription/${plan.id}`, registrar)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/subscription' })).statusCode).toBe(401);
  });
});

describe('the plans list', () => {
  it('is built once per vehicle type, then only run', async () => {
    const repository = createSubscriptionsRepository(ctx.database.db);
    const read = () => Promise.all([repository.listPlans(), repository.listPlans('bus'), repository.listPlans('bike')]);
    const first = await read();
    const { result, statements } = await sqlBuiltBy(read);
    expect(result).toEqual(first);
    expect(statements).toBe(0);
  });
});
