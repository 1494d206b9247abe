import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnionRole } from '@eticket/contracts';
import { controlledClock, createPerson, createTestContext, NO_CASH_LIMITS, type TestContext } from '../../test/harness.ts';
import { createMotorist, newKey, session, type Session } from '../../test/tickets.ts';
import { seedPayouts, seedStakeholders, type DemoUnion } from './allocation.ts';

/** The demo's allocation story on a small levy: two keke payments in January, one bus payment in February. */
const clock = controlledClock('2026-01-02T08:00:00Z');
let ctx: TestContext;
let superAdmin: Session;
const unions: DemoUnion[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ clock, tills: NO_CASH_LIMITS });
  superAdmin = await session(ctx, { role: 'super-admin' });
  const remitter = await session(ctx, { role: 'remitter' });
  for (const role of ['keke', 'bus', 'bike', 'shareholder', 'government', 'others'] as UnionRole[]) {
    const union = await createPerson(ctx, { role: 'union', unionRole: role, unionName: `${role} union` });
    unions.push({ id: union.id, role, unionName: `${role} union` });
  }
  const planOf = async (vehicleType: 'keke' | 'bus', price: number) => {
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscription',
      headers: await superAdmin.headers(),
      payload: { name: 'weekly', vehicleType, price },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    return reply.json().data.id as string;
  };
  const kekePlan = await planOf('keke', 1000);
  const busPlan = await planOf('bus', 3000);
  const pay = async (iso: string, vehicleType: 'keke' | 'bus', planId: string) => {
    clock.set(iso);
    const motorist = await createMotorist(ctx, vehicleType);
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/field/subscription-payment',
      headers: await remitter.headers({ 'idempotency-key': newKey() }),
      payload: { userCode: motorist.userCode, subscriptionId: planId, modeOfPayment: 'cash' },
    });
    expect(reply.statusCode, reply.body).toBe(201);
  };
  await pay('2026-01-10T09:00:00Z', 'keke', kekePlan);
  await pay('2026-01-20T09:00:00Z', 'keke', kekePlan);
  await pay('2026-02-11T09:00:00Z', 'bus', busPlan);
});
afterAll(async () => ctx.close());

const allocationOf = async (startDate: string, endDate: string) => {
  const reply = await ctx.app.inject({ method: 'GET', url: `/api/allocation?startDate=${startDate}&endDate=${endDate}`, headers: await superAdmin.headers() });
  expect(reply.statusCode, reply.body).toBe(200);
  const body = reply.json() as {
    data: Array<{ partner: { unionName: string }; percentage: number; expectedAmount: number; amountPaid: number; accountName: string }>;
    summary: { totalPercentage: number };
  };
  return { rows: new Map(body.data.map((row) => [row.partner.unionName, row])), summary: body.summary };
};

describe('the demo seed’s revenue allocation', () => {
  it('makes every union a stakeholder with a resolved bank account, 95 % allocated', async () => {
    clock.set('2026-01-02T08:00:00Z');
    const ids = await seedStakeholders(ctx.database.db, clock, superAdmin.person, unions);
    expect(ids.size).toBe(6);
    const { rows, summary } = await allocationOf('2026-01-01', '2026-01-31');
    expect(summary.totalPercentage).toBe(95);
    expect(rows.get('keke union')).toMatchObject({ percentage: 30, accountName: 'KEKE UNION' });
  });

  it('pays each whole month before this one, what was owed, dated early the next month', async () => {
    const recorded = await seedPayouts(ctx.database.db, clock, superAdmin.person, '2026-01-01', new Date('2026-03-20T12:00:00Z'), () => 0.9);
    // January: keke 30 % of ₦2,000, shareholder, government and others a share of all; bus and bike owed nothing.
    // February: bus 20 % of ₦3,000 and the three again.
    expect(recorded).toBe(8);
    const january = await allocationOf('2026-01-01', '2026-01-31');
    expect(january.rows.get('keke union')).toMatchObject({ expectedAmount: 600, amountPaid: 0 }); // paid in February
    const paidByMarch = await allocationOf('2026-01-01', '2026-03-20');
    expect(paidByMarch.rows.get('keke union')).toMatchObject({ expectedAmount: 600, amountPaid: 600 });
    expect(paidByMarch.rows.get('bus union')).toMatchObject({ expectedAmount: 600, amountPaid: 600 });
    expect(paidByMarch.rows.get('government union')).toMatchObject({ expectedAmount: 625, amountPaid: 625 });
    expect(paidByMarch.rows.get('bike union')).toMatchObject({ expectedAmount: 0, amountPaid: 0 });
  });
});
