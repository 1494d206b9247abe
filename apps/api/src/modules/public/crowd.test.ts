import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/connect.ts';
import { rowsOf } from '../../db/rows.ts';
import { users } from '../../db/schema.ts';
import { controlledClock, createPerson, createTestContext, type TestContext } from '../../../test/harness.ts';
import { createThrottle } from '../auth/index.ts';
import { createPublicRepository } from './repository.ts';
import { BURST } from './slot-counter.ts';
import { createMotorist, newKey, session, setGraceDays, type Session } from '../../../test/tickets.ts';

// Issue 49: the public checks under a crowd. Each process here keeps checks for a minute, so only an
// announcement of the change (migration 0050) can make a check show it in time.
const clock = controlledClock('2026-05-01T09:00:00Z');
let ctx: TestContext;
/** A second process on the same database, with a cache of its own. */
let other: FastifyInstance;
let admin: Session;
let remitter: Session;
let planId: string;
let addresses = 0;

const newAddress = () => `192.0.2.${(addresses += 1)}`;
const check = (app: FastifyInstance, url: string, remoteAddress = newAddress()) => app.inject({ method: 'GET', url, remoteAddress });

/**
 * Counts the statements a database handle's client runs (drizzle's session client: the pg pool, or
 * PGlite itself), for as long as `work` runs.
 */
async function statementsDuring(database: DatabaseHandle, work: () => Promise<unknown>): Promise<number> {
  const client = (database.db as unknown as { _: { session: { client: { query: (...args: unknown[]) => unknown } } } })._.session.client;
  const query = client.query;
  let count = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    count += 1;
    return query.apply(this, args);
  };
  try {
    await work();
  } finally {
    client.query = query;
  }
  return count;
}

/** The row version of an address's throttle row: any write to it (an update, a row lock) changes it. */
const throttleRowVersion = async (key: string) =>
  (
    await rowsOf<{ version: string }>(
      ctx.database.db,
      sql`SELECT xmin::text || '/' || xmax::text || '/' || failures AS version FROM auth_throttle WHERE key = ${key}`,
    )
  )[0]?.version;

beforeAll(async () => {
  // Counts are written when BURST checks wait on a key, or when a test flushes them: not on a timer.
  ctx = await createTestContext({ clock, publicCacheMs: 60_000, publicFlushMs: 3_600_000 });
  other = await ctx.secondApp();
  admin = await session(ctx, { role: 'admin' });
  remitter = await session(ctx, { role: 'remitter' });
  const plan = await ctx.app.inject({
    method: 'POST',
    url: '/api/subscription',
    headers: await admin.headers(),
    payload: { name: 'weekly', vehicleType: 'keke', price: 1500 },
  });
  planId = plan.json().data.id;
});
afterAll(async () => ctx.close());

const pay = async (userCode: string) => {
  const paid = await ctx.app.inject({
    method: 'POST',
    url: '/api/field/subscription-payment',
    headers: await remitter.headers({ 'idempotency-key': newKey() }),
    payload: { userCode, subscriptionId: planId, modeOfPayment: 'cash' },
  });
  expect(paid.statusCode).toBe(201);
};

/** Both processes write the checks they admitted. */
const settle = async () => {
  await ctx.app.publicSlots.flush();
  await other.publicSlots.flush();
};

describe('a refused check', () => {
  it('writes nothing to the database, and once refused on a process runs no statement there', async () => {
    const motorist = await createMotorist(ctx, 'keke');
    const address = newAddress();
    const url = `/v/${motorist.userCode}`;
    for (let i = 0; i < 60; i += 1) expect((await check(i % 2 ? other : ctx.app, url, address)).statusCode).toBe(200);
    const key = `public:vehicle:${address}`;

    // Each process learns the count from its next write (within BURST checks), then refuses from memory.
    for (const app of [ctx.app, other]) {
      let status = 200;
      for (let i = 0; i <= BURST && status === 200; i += 1) status = (await check(app, url, address)).statusCode;
      expect(status).toBe(429);
    }
    await settle();
    const before = await throttleRowVersion(key);
    const statements = await statementsDuring(ctx.database, async () => {
      for (let i = 0; i < 5; i += 1) {
        const refused = await check(i % 2 ? ctx.app : other, `/api/public/vehicles/${motorist.userCode}`, address);
        expect(refused.statusCode).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
      await settle();
    });
    expect(statements).toBe(0);
    expect(await throttleRowVersion(key)).toBe(before);

    // The window ends: checks are admitted again (the count is PostgreSQL's).
    clock.advance(60_000);
    expect((await check(ctx.app, url, address)).statusCode).toBe(200);
  });
});

describe('admitted checks', () => {
  it("are counted in batches: one statement for a crowd's addresses, each address's count in PostgreSQL", async () => {
    const motorist = await createMotorist(ctx, 'keke');
    const url = `/api/public/vehicles/${motorist.userCode}`;
    // Read and kept (after the registration's announcement, on PostgreSQL).
    await vi.waitFor(async () => expect(await statementsDuring(ctx.database, () => check(ctx.app, url))).toBe(0), { timeout: 2000, interval: 20 });
    await settle();
    const crowd = Array.from({ length: 20 }, newAddress);
    const statements = await statementsDuring(ctx.database, async () => {
      const replies = await Promise.all(crowd.map((address) => check(ctx.app, url, address)));
      expect(replies.map((reply) => reply.statusCode)).toEqual(crowd.map(() => 200));
      await settle();
    });
    // The vehicle came from the cache; the twenty slots in one write (one per check before).
    expect(statements).toBe(1);
    const counts = await rowsOf<{ failures: number }>(
      ctx.database.db,
      sql`SELECT failures FROM auth_throttle WHERE key = ANY (${sql.param(crowd.map((address) => `public:vehicle:${address}`))}::text[])`,
    );
    expect(counts.map((row) => row.failures)).toEqual(crowd.map(() => 1));
  });
});

describe('the look-ups', () => {
  it('are prepared under a name with their values, so PostgreSQL plans each once per connection', async () => {
    const motorist = await createMotorist(ctx, 'bus');
    const prepareQuery = vi.spyOn(ctx.database.db._.session, 'prepareQuery');
    try {
      const repository = createPublicRepository(ctx.database.db);
      const reads = [
        () => repository.vehicle(motorist.userCode),
        () => repository.agent(remitter.person.userCode),
        () => repository.receipt('S1234567890X', 'subscription'),
        () => createThrottle(ctx.database.db).take([{ key: `public:vehicle:${newAddress()}`, limit: 60, windowMs: 60_000 }], clock.now()),
      ];
      for (const read of reads) {
        await read();
        const [query, , name] = prepareQuery.mock.calls.at(-1) ?? [];
        expect({ text: query?.sql, params: query?.params.length }).toEqual({ text: expect.any(String), params: expect.any(Number) });
        expect({ text: query?.sql, name }).toEqual({ text: query?.sql, name: expect.stringMatching(/^shape_[\w-]{24}$/) });
      }
      expect((await repository.vehicle(motorist.userCode))?.plate_number).toBe(motorist.plateNumber);
    } finally {
      prepareQuery.mockRestore();
    }
  });
});

describe('the check cache', () => {
  it('reads a vehicle once for many checks on a process (the slots are written later, together)', async () => {
    const motorist = await createMotorist(ctx, 'keke');
    await pay(motorist.userCode);
    const url = `/api/public/vehicles/${motorist.userCode}`;
    expect((await check(ctx.app, url)).statusCode).toBe(200);
    // The payment's announcement may still arrive (on PostgreSQL) and make one more read.
    await vi.waitFor(
      async () => {
        const statements = await statementsDuring(ctx.database, async () => {
          for (let i = 0; i < 4; i += 1) expect((await check(ctx.app, url)).json().data.status).toBe('paid');
        });
        expect(statements).toBe(0);
      },
      { timeout: 2000, interval: 20 },
    );
  });

  it('never shows a status from before a payment, a pause or a penalty made through another process', async () => {
    const motorist = await createMotorist(ctx, 'keke');
    const page = `/v/${motorist.userCode}`;
    // Registered at the clock's now, never paid: in grace.
    expect((await check(other, page)).body).toContain('In grace until');

    await pay(motorist.userCode);
    await vi.waitFor(async () => expect((await check(other, page)).body).toContain('Paid until 8 May 2026'), { timeout: 2000, interval: 20 });

    const paused = await ctx.app.inject({ method: 'PATCH', url: `/api/subscription/pause/${motorist.id}`, headers: await admin.headers(), payload: {} });
    expect(paused.statusCode).toBe(200);
    await vi.waitFor(async () => expect((await check(other, page)).body).toContain('>Paused<'), { timeout: 2000, interval: 20 });

    await ctx.database.db.execute(sql`UPDATE ticket_subscriptions SET outstanding_penalty_kobo = 50000 WHERE user_id = ${motorist.id}`);
    await vi.waitFor(async () => expect((await check(other, page)).body).toContain('<dd>Outstanding</dd>'), { timeout: 2000, interval: 20 });
  });

  it('never shows an agent active after a suspension, nor a vehicle with the grace period before a change', async () => {
    const agent = await createPerson(ctx, { role: 'enforcer', fullName: 'Musa Bello' });
    expect((await check(other, `/api/public/agents/${agent.userCode}`)).json().data.status).toBe('active');
    await ctx.database.db.update(users).set({ registrationStatus: 'suspended' }).where(eq(users.id, agent.id));
    await vi.waitFor(async () => expect((await check(other, `/api/public/agents/${agent.userCode}`)).json().data.status).toBe('suspended'), {
      timeout: 2000,
      interval: 20,
    });

    const motorist = await createMotorist(ctx, 'keke');
    const url = `/api/public/vehicles/${motorist.userCode}`;
    clock.advance(2 * 24 * 3600_000);
    expect((await check(other, url)).json().data.status).toBe('grace');
    await setGraceDays(ctx, 1);
    try {
      await vi.waitFor(async () => expect((await check(other, url)).json().data.status).toBe('expired'), { timeout: 2000, interval: 20 });
    } finally {
      await setGraceDays(ctx, 3);
    }
  });
});
