import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DB, type TestContext } from '../../test/harness.ts';
import { rowsOf } from './rows.ts';
import { autovacuumWork, vacuumLikeAutovacuum } from './housekeeping.ts';

describe('autovacuumWork: autovacuum’s default thresholds', () => {
  const table = {
    name: 't',
    tuples: 10_000,
    pages: 100,
    pagesThen: 100,
    allVisibleThen: 100,
    analyzed: true,
    dead: 0,
    modifiedSinceAnalyze: 0,
    insertedSinceVacuum: 0,
  };
  it('analyzes a table changed by more than 50 rows and a tenth of it', () => {
    expect(autovacuumWork({ ...table, modifiedSinceAnalyze: 1050 })).toBeNull();
    expect(autovacuumWork({ ...table, modifiedSinceAnalyze: 1051 })).toBe('ANALYZE');
    expect(autovacuumWork({ ...table, tuples: 0, modifiedSinceAnalyze: 51 })).toBe('ANALYZE');
  });
  it('analyzes a table holding rows without statistics, or grown by a tenth since its last ANALYZE (PGlite forgets its counters)', () => {
    expect(autovacuumWork({ ...table, analyzed: false })).toBe('ANALYZE');
    expect(autovacuumWork({ ...table, pages: 0, pagesThen: 0, analyzed: false })).toBeNull();
    expect(autovacuumWork({ ...table, pages: 118 })).toBeNull();
    expect(autovacuumWork({ ...table, pages: 119 })).toBe('ANALYZE');
  });
  it('vacuums a table with more dead rows than 50 and a fifth of it, or more inserts than 1,000 and a fifth', () => {
    expect(autovacuumWork({ ...table, dead: 2050 })).toBeNull();
    expect(autovacuumWork({ ...table, dead: 2051 })).toBe('VACUUM');
    expect(autovacuumWork({ ...table, insertedSinceVacuum: 3001 })).toBe('VACUUM');
    expect(autovacuumWork({ ...table, dead: 2051, modifiedSinceAnalyze: 2051 })).toBe('VACUUM (ANALYZE)');
  });
  it('vacuums a table a fifth of whose pages (and 8 more) were not all visible at its last VACUUM or ANALYZE', () => {
    expect(autovacuumWork({ ...table, allVisibleThen: 72 })).toBeNull();
    expect(autovacuumWork({ ...table, allVisibleThen: 71 })).toBe('VACUUM');
    expect(autovacuumWork({ ...table, pages: 5, pagesThen: 5, allVisibleThen: 0 })).toBeNull();
  });
});

describe(`vacuumLikeAutovacuum (${TEST_DB})`, () => {
  let ctx: TestContext;
  const db = () => ctx.database.db;

  beforeAll(async () => {
    ctx = await createTestContext();
    // 300 rows in a table no test writes: it was never analyzed.
    await db().execute(sql`INSERT INTO settings (key, value) SELECT 'housekeeping-' || g, to_jsonb(g) FROM generate_series(1, 300) g`);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('analyzes a table holding rows the planner has no statistics on (the catalog says so, on every start)', async () => {
    const statsOnSettings = async () =>
      (await rowsOf<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'settings'`))[0].n;
    expect(await statsOnSettings()).toBe(0);
    const done = await vacuumLikeAutovacuum(db());
    expect(done.filter((work) => work.endsWith(' settings'))).toHaveLength(1);
    expect(await statsOnSettings()).toBeGreaterThan(0);
  });

  // On a PostgreSQL server the writes may come from another session of the pool, whose counters are
  // published when it pleases (and its autovacuum does this work anyway); PGlite is one session.
  it.runIf(TEST_DB === 'pglite')('vacuums and analyzes a table whose rows changed, by the counters; then leaves it', async () => {
    await db().execute(sql`UPDATE settings SET value = to_jsonb(0) WHERE key LIKE 'housekeeping-%'`);
    // A session publishes its table counters at most once a second unless told to.
    await db().execute(sql`SELECT pg_stat_force_next_flush()`);

    const done = await vacuumLikeAutovacuum(db());
    expect(done).toContain('VACUUM (ANALYZE) settings');
    const after = await rowsOf<{ n: number; dead: number }>(
      db(),
      sql`
      SELECT (SELECT count(*)::int FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'settings') AS n,
             (SELECT n_dead_tup::int FROM pg_stat_user_tables WHERE relname = 'settings' AND schemaname = current_schema()) AS dead`,
    );
    expect(after[0].n).toBeGreaterThan(0);
    expect(after[0].dead).toBe(0); // the 300 old versions of the updated rows are gone

    expect((await vacuumLikeAutovacuum(db())).filter((work) => work.endsWith(' settings'))).toEqual([]);
  });
});
