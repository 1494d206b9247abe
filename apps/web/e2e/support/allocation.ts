import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import type { Plan, Stakeholder, UnionRole, VehicleType } from '@eticket/contracts';
import { E2E_PASSWORD, type FixtureAccount } from '../fixtures/accounts.ts';

/**
 * Data for the dashboard and allocation journeys, made through the API as the seeded accounts.
 * Accounts in the offline bank provider's directory of known accounts (migration 0004), so the
 * account-name lookup resolves them.
 */
export const KNOWN_ACCOUNTS = {
  fidelity: { bankCode: '070', bankName: 'Fidelity Bank', accountNumber: '5620193847', accountName: 'ROAD TRANSPORT WORKERS COOPERATIVE' },
  zenith: { bankCode: '057', bankName: 'Zenith Bank', accountNumber: '4019372640', accountName: 'LAGOS STATE REVENUE ACCOUNT' },
  wema: { bankCode: '035', bankName: 'Wema Bank', accountNumber: '0263185478', accountName: 'COMMUNITY TRANSPORT DEVELOPMENT FUND' },
} as const;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const tag = () => randomUUID().replace(/-/g, '').slice(0, 8);
const digits = (count: number) => Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');

export interface CreatedUnion extends FixtureAccount {
  id: string;
  unionName: string;
}

/** A partner union registered (POST /api/union/register) and approved by a super-admin; it signs in with the journeys' password. */
export async function createApprovedUnion(request: APIRequestContext, superAdminToken: string, unionRole: UnionRole, name: string): Promise<CreatedUnion> {
  const suffix = tag();
  const unionName = `${name} ${suffix}`.toLowerCase();
  const email = `union.${suffix}@e2e.test`;
  const fullName = `${name} officer`.toLowerCase();
  const reply = await request.post('/api/union/register', {
    headers: bearer(superAdminToken),
    data: { email, password: E2E_PASSWORD, fullName, phone: `0805${digits(7)}`, role: unionRole, unionName },
  });
  expect(reply.status(), await reply.text()).toBe(201);
  const { id } = (await reply.json()).data as { id: string };
  const approved = await request.post(`/api/approve/${id}`, { headers: bearer(superAdminToken) });
  expect(approved.status(), await approved.text()).toBe(200);
  return { id, email, fullName, role: 'union', unionRole, unionName };
}

/** POST /api/stakeholders: a percentage of the revenue for a union, paid to a known account. */
export async function assignAllocation(
  request: APIRequestContext,
  superAdminToken: string,
  unionId: string,
  percentage: number,
  account: (typeof KNOWN_ACCOUNTS)[keyof typeof KNOWN_ACCOUNTS] = KNOWN_ACCOUNTS.zenith,
): Promise<Stakeholder> {
  const reply = await request.post('/api/stakeholders', {
    headers: bearer(superAdminToken),
    data: { name: unionId, bankCode: account.bankCode, accountNumber: account.accountNumber, percentage },
  });
  expect(reply.status(), await reply.text()).toBe(201);
  return (await reply.json()).data as Stakeholder;
}

/**
 * A plan of this journey's own (POST /api/subscription), or the one already there. The other
 * journeys own the keke and bus plans and the weekly bike plan; the dashboards use the 6-month bike plan.
 */
export async function ensurePlan(request: APIRequestContext, token: string, vehicleType: VehicleType, name: Plan['name'], price: number): Promise<Plan> {
  const created = await request.post('/api/subscription', { headers: bearer(token), data: { name, vehicleType, price } });
  if (created.status() === 201) return (await created.json()).data as Plan;
  expect(created.status(), await created.text()).toBe(409);
  const list = await request.get('/api/subscription', { headers: bearer(token), params: { types: vehicleType } });
  const plan = ((await list.json()).data as Plan[]).find((candidate) => candidate.name === name);
  expect(plan, `a ${name} ${vehicleType} plan`).toBeTruthy();
  return plan!;
}

/** POST /api/specificPenalty: sets what a motorist owes (so a penalty payment can be recorded). */
export async function setPenalty(request: APIRequestContext, token: string, motoristId: string, price: number): Promise<void> {
  const reply = await request.post('/api/specificPenalty', { headers: bearer(token), data: { id: motoristId, price } });
  expect(reply.status(), await reply.text()).toBe(200);
}
