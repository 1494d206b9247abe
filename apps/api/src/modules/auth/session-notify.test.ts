import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signedInPerson, TEST_DB, type TestContext } from '../../../test/harness.ts';
import { users } from '../../db/schema.ts';

// The session cache is kept for an hour here; a change made outside this app (as another process
// would make it) must still stop the person's token, told by LISTEN/NOTIFY (0031): within the test's
// time, nothing else can end a cached session. No timing is asserted.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ sessionCacheMs: 3_600_000 });
});
afterAll(async () => ctx.close());

const profileWith = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/profile', headers });
/** The status of the caller's requests, polled until it is `status` (the test's timeout stops it otherwise). */
async function statusOnceNotified(headers: Record<string, string>, status: number): Promise<number> {
  for (;;) {
    const seen = (await profileWith(headers)).statusCode;
    if (seen === status) return seen;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe(`session revocation across processes (${TEST_DB})`, () => {
  it.each([
    ['a suspension', { registrationStatus: 'suspended' as const }],
    ['a deletion', { isDeleted: true }],
    ['a forced logout (session version)', { tokenVersion: sql`${users.tokenVersion} + 1` }],
  ])('%s made elsewhere stops the cached token', async (_name, change) => {
    const manager = await signedInPerson(ctx, { role: 'manager', department: 'enforcer-manager' });
    expect((await profileWith(manager.headers)).statusCode).toBe(200);
    expect((await profileWith(manager.headers)).statusCode).toBe(200);
    await ctx.database.db.update(users).set(change).where(eq(users.id, manager.person.id));
    expect(await statusOnceNotified(manager.headers, 401)).toBe(401);
  });

  it.runIf(TEST_DB === 'postgres')('keeps working after its listening connection is cut and comes back', async () => {
    const manager = await signedInPerson(ctx, { role: 'manager', department: 'remitter-manager' });
    expect((await profileWith(manager.headers)).statusCode).toBe(200);
    await ctx.database.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN eticketing_sessions' AND pid <> pg_backend_pid()`,
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await ctx.database.db.update(users).set({ registrationStatus: 'suspended' }).where(eq(users.id, manager.person.id));
    expect(await statusOnceNotified(manager.headers, 401)).toBe(401);
  });
});
