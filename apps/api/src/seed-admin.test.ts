import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signIn, type TestContext } from '../test/harness.ts';
import { seedSuperAdmin } from './seed-admin.ts';

let ctx: TestContext;
let empty: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  empty = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
  await empty.close();
});

describe('first super-admin', () => {
  it('is created on an empty database with a generated password that signs in, and only once', async () => {
    const seeded = await seedSuperAdmin(ctx.database.db, { email: 'Boss@Example.test' });
    expect(seeded?.email).toBe('boss@example.test');
    expect(seeded?.userCode).toMatch(/^[a-z0-9]{10}$/);
    expect(seeded?.generatedPassword?.length).toBeGreaterThanOrEqual(16);
    const token = await signIn(ctx, 'boss@example.test', seeded!.generatedPassword!);
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${token}` } });
    expect(profile.json().data).toMatchObject({ role: 'super-admin', registrationStatus: 'approved' });
    expect(await seedSuperAdmin(ctx.database.db, { email: 'other@example.test', password: 'password-1' })).toBeNull();
  });

  it('is created once when processes start together on an empty database', async () => {
    // On PostgreSQL each seed runs on its own pooled connection, as two processes' would.
    const seeds = await Promise.all(
      Array.from({ length: 4 }, (_, n) => seedSuperAdmin(empty.database.db, { email: `boss${n}@example.test`, password: 'password-1' })),
    );
    expect(seeds.filter((seeded) => seeded !== null)).toHaveLength(1);
    const rows = await empty.database.session((query) => query<{ role: string }>('SELECT role FROM users'));
    expect(rows).toEqual([{ role: 'super-admin' }]);
  });
});
