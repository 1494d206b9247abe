/** Test helpers of the ticket capabilities: motorists with vehicles, sessions that follow a controlled clock. */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { VehicleType } from '@eticket/contracts';
import { users, vehicles } from '../src/db/schema.ts';
import { createPerson, motoristSession, signIn, type PersonInput, type TestContext } from './harness.ts';

let plateCounter = 0;

/** A motorist registered at the clock's now, with a vehicle of the given type. */
export async function createMotorist(ctx: TestContext, vehicleType: VehicleType, input: Partial<PersonInput> = {}) {
  const person = await createPerson(ctx, { role: 'motorist', ...input });
  const now = ctx.clock.now();
  await ctx.database.db.update(users).set({ createdAt: now, updatedAt: now }).where(eq(users.id, person.id));
  plateCounter += 1;
  const plateNumber = `LAG-${String(plateCounter).padStart(3, '0')}-${randomUUID().slice(0, 4)}`.toUpperCase();
  await ctx.database.db.insert(vehicles).values({ userId: person.id, plateNumber, vehicleModel: 'tvs king', vehicleType });
  return { ...person, plateNumber, vehicleType };
}

/**
 * A signed-in person whose session is renewed when the controlled clock has moved on (tokens last
 * an hour of clock time in tests).
 */
export async function session(ctx: TestContext, input: PersonInput) {
  const person = await createPerson(ctx, input);
  let token: Promise<string> = Promise.resolve('');
  let signedAt = Number.NEGATIVE_INFINITY;
  return {
    person,
    async headers(extra: Record<string, string> = {}): Promise<Record<string, string>> {
      const now = ctx.clock.now().getTime();
      // Calls made at once share one sign-in (each sign-in takes a throttle slot while it is checked).
      if (now - signedAt > 30 * 60_000 || now < signedAt) {
        token = person.role === 'motorist' ? motoristSession(ctx, person) : signIn(ctx, person.email, person.password);
        signedAt = now;
      }
      return { authorization: `Bearer ${await token}`, ...extra };
    },
  };
}
export type Session = Awaited<ReturnType<typeof session>>;

/** A subscription plan created by an admin of its own through the API; its id. */
export async function createPlan(ctx: TestContext, plan: { name: string; vehicleType: VehicleType; price: number }): Promise<string> {
  const admin = await session(ctx, { role: 'admin' });
  const reply = await ctx.app.inject({ method: 'POST', url: '/api/subscription', headers: await admin.headers(), payload: plan });
  if (reply.statusCode !== 201) throw new Error(`plan not created: ${reply.body}`);
  return reply.json().data.id;
}

/** Sets the grace period setting. */
export async function setGraceDays(ctx: TestContext, days: number): Promise<void> {
  await ctx.database.db.execute(sql`UPDATE settings SET value = ${JSON.stringify(days)}::jsonb WHERE key = 'subscription_grace_days'`);
}

export const newKey = () => randomUUID();
