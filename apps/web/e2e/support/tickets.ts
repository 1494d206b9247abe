import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import type { PaymentResponse, Plan, VehicleType } from '@eticket/contracts';
import { pngImage } from '../../../api/test/images.ts';
import { E2E_PASSWORD, type FixtureAccount } from '../fixtures/accounts.ts';

/**
 * Calls the API the way the field apps do, for the ticket journeys: agents sign in with POST
 * /api/login and send their bearer token; payments carry an Idempotency-Key.
 */
export async function apiToken(request: APIRequestContext, account: FixtureAccount): Promise<string> {
  const reply = await request.post('/api/login', { data: { userCode: account.email, password: E2E_PASSWORD } });
  expect(reply.status(), await reply.text()).toBe(200);
  return (await reply.json()).token as string;
}

const bearer = (token: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...extra });

/** Something unique per call, for emails, phones and plates (journeys share one database). */
const unique = () => randomUUID().replace(/-/g, '').slice(0, 8);
const digits = (count: number) => Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');

export interface RegisteredMotorist {
  id: string;
  userCode: string;
  fullName: string;
  plateNumber: string;
}

/**
 * Registers a motorist through POST /api/motorist/register (multipart, as the console's form sends
 * it) asking for `plan`, then approves it (POST /api/approve/{id}), as a super-admin or admin.
 */
export async function registerApprovedMotorist(
  request: APIRequestContext,
  staffToken: string,
  motorist: { fullName: string; vehicleType: VehicleType; plan: Plan['name'] },
): Promise<RegisteredMotorist> {
  const registered = await registerMotorist(request, staffToken, motorist);
  const approved = await request.post(`/api/approve/${registered.id}`, { headers: bearer(staffToken) });
  expect(approved.status(), await approved.text()).toBe(200);
  return registered;
}

/** Registers a motorist through POST /api/motorist/register, left pending. */
export async function registerMotorist(
  request: APIRequestContext,
  staffToken: string,
  { fullName, vehicleType, plan }: { fullName: string; vehicleType: VehicleType; plan: Plan['name'] },
): Promise<RegisteredMotorist> {
  const tag = unique();
  const plateNumber = `LAG ${digits(3)} ${tag.slice(0, 2).toUpperCase()}`;
  const image = (name: string) => ({ name, mimeType: 'image/png', buffer: pngImage() });
  const reply = await request.post('/api/motorist/register', {
    headers: bearer(staffToken),
    multipart: {
      email: `motorist.${tag}@e2e.test`,
      password: 'Motorist-Pass-2024',
      fullName,
      phone: `0803${digits(7)}`,
      address: '14 Ikorodu Road, Lagos',
      dob: '1990-04-12',
      gender: 'male',
      maritalStatus: 'single',
      idType: 'nin',
      route: 'Yaba - Ojuelegba',
      plateNumber,
      vehicleType,
      vehicleModel: 'TVS King',
      subscription: plan,
      privacyNoticeGiven: 'true',
      front: image('id-front.png'),
      back: image('id-back.png'),
      portraitSelfie: image('captured-image.png'),
    },
  });
  expect(reply.status(), await reply.text()).toBe(201);
  const { id, userCode } = (await reply.json()).data as { id: string; userCode: string };
  return { id, userCode, fullName: fullName.toLowerCase(), plateNumber };
}

/** GET /api/subscription?types=…: the plan of that name and vehicle type. */
export async function findPlan(request: APIRequestContext, token: string, vehicleType: VehicleType, name: Plan['name']): Promise<Plan> {
  const reply = await request.get('/api/subscription', { headers: bearer(token), params: { types: vehicleType } });
  expect(reply.status()).toBe(200);
  const plan = ((await reply.json()).data as Plan[]).find((candidate) => candidate.name === name);
  expect(plan, `a ${name} ${vehicleType} plan`).toBeTruthy();
  return plan!;
}

/** POST /api/field/scan as an enforcer. */
export async function fieldScan(request: APIRequestContext, enforcerToken: string, userCode: string) {
  const reply = await request.post('/api/field/scan', { headers: bearer(enforcerToken), data: { userCode } });
  expect(reply.status(), await reply.text()).toBe(201);
  return (await reply.json()).data as { subscriptionStatus: string; outstandingPayment: number; penaltyAdded: number };
}

/**
 * A non-cash payment needs its channel's reference (issue 42): one made of the Idempotency-Key unless
 * given, so a repeat with the same key sends the same body.
 */
const withReference = <T extends { modeOfPayment: string; reference?: string }>(body: T, key: string): T =>
  body.modeOfPayment.toLowerCase() === 'cash' || body.reference ? body : { ...body, reference: `E2E-${key}` };

/** POST /api/field/subscription-payment as a remitter, with a fresh Idempotency-Key (or the one given). */
export async function paySubscription(
  request: APIRequestContext,
  remitterToken: string,
  body: { userCode: string; subscriptionId: string; modeOfPayment: string; bankName?: string; reference?: string },
  idempotencyKey: string = randomUUID(),
) {
  const data = withReference(body, idempotencyKey);
  const reply = await request.post('/api/field/subscription-payment', { headers: bearer(remitterToken, { 'Idempotency-Key': idempotencyKey }), data });
  expect(reply.status(), await reply.text()).toBe(201);
  return (await reply.json()) as PaymentResponse;
}

/** POST /api/field/penalty-payment as a remitter, with a fresh Idempotency-Key. */
export async function payPenalty(
  request: APIRequestContext,
  remitterToken: string,
  body: { userCode: string; amount: number; modeOfPayment: string; bankName?: string; reference?: string },
  idempotencyKey: string = randomUUID(),
) {
  const data = withReference(body, idempotencyKey);
  const reply = await request.post('/api/field/penalty-payment', { headers: bearer(remitterToken, { 'Idempotency-Key': idempotencyKey }), data });
  expect(reply.status(), await reply.text()).toBe(201);
  return (await reply.json()) as PaymentResponse;
}
