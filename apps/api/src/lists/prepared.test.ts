import { DrizzleQueryError, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, oneConnection, rawRows, TEST_DB, type TestContext } from '../../test/harness.ts';
import { Binding, PreparedStatements } from './prepared.ts';
import { settings } from '../db/schema.ts';

describe('Binding', () => {
  it('gives a placeholder per value set, and a shape of the choices and of which values are set', () => {
    const a = new Binding();
    expect(a.value('from', new Date('2026-01-05T09:00:00Z'))).toBeDefined();
    expect(a.value('to', undefined)).toBeUndefined();
    expect(a.choice('status', 'approved')).toBe('approved');
    expect(a.values).toEqual({ from: '2026-01-05T09:00:00.000Z' });

    const sameShape = new Binding();
    sameShape.value('from', new Date('2027-03-01T00:00:00Z'));
    sameShape.value('to', undefined);
    sameShape.choice('status', 'approved');
    expect(sameShape.shape).toBe(a.shape);

    const otherValueSet = new Binding();
    otherValueSet.value('from', undefined);
    otherValueSet.value('to', new Date());
    otherValueSet.choice('status', 'approved');
    expect(otherValueSet.shape).not.toBe(a.shape);

    const otherChoice = new Binding();
    otherChoice.value('from', new Date());
    otherChoice.choice('status', 'suspended');
    expect(otherChoice.shape).not.toBe(a.shape);
  });

  it('scopes: parts of one statement bind the same names apart, into one set of values and one shape', () => {
    const binding = new Binding();
    binding.scope('figure_0').value('day', '2026-01-01');
    binding.scope('figure_1').value('day', '2026-02-01');
    binding.scope('figure_1').scope('today').choice('kind', 'bus');
    expect(binding.values).toEqual({ 'figure_0.day': '2026-01-01', 'figure_1.day': '2026-02-01' });
    expect(binding.shape).toBe('figure_0.day;figure_1.day;figure_1.today.kind="bus"');
  });

  it('shares: parts given the same object get the same placeholders, bound once, each use in the shape', () => {
    const windows = { day: '2026-01-01' };
    const binding = new Binding();
    const bindDay = (scope: Binding) => scope.value('day', windows.day);
    const first = binding.scope('figure_0').shared(windows, 'windows', bindDay);
    const second = binding.scope('figure_1').shared(windows, 'windows', bindDay);
    expect(second).toBe(first);
    expect(binding.values).toEqual({ 'windows0.day': '2026-01-01' });
    expect(binding.shape).toBe('windows0.day;@windows0;@windows0');

    // Equal values in another object are bound apart: another shape, as the statement differs.
    const apart = new Binding();
    apart.scope('figure_0').shared(windows, 'windows', bindDay);
    apart.scope('figure_1').shared({ ...windows }, 'windows', bindDay);
    expect(Object.keys(apart.values)).toEqual(['windows0.day', 'windows1.day']);
    expect(apart.shape).not.toBe(binding.shape);
  });

  it('refuses a placeholder bound twice (the second value would be lost)', () => {
    const binding = new Binding();
    binding.value('limit', 10);
    expect(() => binding.value('limit', 20)).toThrow('Placeholder "limit" is bound twice');
  });
});

describe('PreparedStatements', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('builds a shape once, then runs it with each call’s values', async () => {
    const { db } = ctx.database;
    await db.insert(settings).values([
      { key: 'prepared-test-a', value: 1 },
      { key: 'prepared-test-b', value: 2 },
    ]);
    const statements = new PreparedStatements(db);
    let builds = 0;
    const valueOf = async (key: string) => {
      const binding = new Binding();
      const placeholder = binding.value('key', key);
      const rows = await statements.run(binding.shape, binding.values, () => {
        builds += 1;
        return db.select({ value: settings.value }).from(settings).where(eq(settings.key, placeholder));
      });
      return rows.map((row) => row.value);
    };

    expect(await valueOf('prepared-test-a')).toEqual([1]);
    expect(await valueOf('prepared-test-b')).toEqual([2]);
    expect(await valueOf('missing')).toEqual([]);
    expect(builds).toBe(1);
    expect(statements.size).toBe(1);
  });
});

describe('PreparedStatements: statements without values', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.database.db.insert(settings).values([{ key: 'literal-test', value: 7 }]);
  });
  afterAll(() => ctx.close());

  /** Runs a settings read whose key is a choice (written into the SQL) or a value (a placeholder), and tells how it was prepared. */
  async function readSetting(statements: PreparedStatements, key: string, keyIs: 'choice' | 'value') {
    const binding = new Binding();
    const keyParameter = keyIs === 'choice' ? binding.choice('key', key) : binding.value('key', key);
    const prepareQuery = vi.spyOn(ctx.database.db._.session, 'prepareQuery');
    try {
      const rows = await statements.run(binding.shape, binding.values, () =>
        ctx.database.db.select({ value: settings.value }).from(settings).where(eq(settings.key, keyParameter)).limit(1),
      );
      const [query, , name] = prepareQuery.mock.calls.at(-1) ?? [];
      return { values: rows.map((row) => row.value), prepared: query && { text: query.sql, name } };
    } finally {
      prepareQuery.mockRestore();
    }
  }

  it('writes a shape’s choices into its SQL, and names every statement, with values or without (parsed once per connection)', async () => {
    const statements = new PreparedStatements(ctx.database.db);
    const byChoice = await readSetting(statements, 'literal-test', 'choice');
    expect(byChoice.values).toEqual([7]);
    expect(byChoice.prepared?.text).toContain(`"settings"."key" = 'literal-test'`);
    expect(byChoice.prepared?.text).toContain('limit 1');
    expect(byChoice.prepared?.name).toMatch(/^shape_[\w-]{24}$/);

    const byValue = await readSetting(statements, 'literal-test', 'value');
    expect(byValue.values).toEqual([7]);
    expect(byValue.prepared?.text).toContain('"settings"."key" = $1');
    // Issue 49: a statement with values is prepared under a name too (parsed once per connection).
    expect(byValue.prepared?.name).toMatch(/^shape_[\w-]{24}$/);
  });

  it('prepares a statement written as SQL as a builder’s: choices written in, named, built once per shape', async () => {
    const statements = new PreparedStatements(ctx.database.db);
    const prepareQuery = vi.spyOn(ctx.database.db._.session, 'prepareQuery');
    try {
      const read = (value: number) => {
        const binding = new Binding();
        const key = binding.choice('key', 'literal-test');
        const atLeast = binding.value('atLeast', value);
        return statements.runSql<{ value: number }>(
          binding.shape,
          binding.values,
          () => sql`SELECT value FROM settings WHERE key = ${key} AND (value #>> '{}')::int >= ${atLeast}`,
        );
      };
      expect(await read(7)).toEqual([{ value: 7 }]);
      expect(await read(8)).toEqual([]);
      expect(prepareQuery).toHaveBeenCalledTimes(1);
      const [query, , name] = prepareQuery.mock.calls[0];
      expect(query.sql).toContain(`key = 'literal-test'`);
      expect(query.sql).toContain('>= $1');
      expect(name).toMatch(/^shape_[\w-]{24}$/);
    } finally {
      prepareQuery.mockRestore();
    }
  });

  it('leaves a statement with a search pattern unnamed: planned with each call’s pattern', async () => {
    const statements = new PreparedStatements(ctx.database.db);
    const binding = new Binding();
    const pattern = binding.pattern('key', 'literal-%');
    const prepareQuery = vi.spyOn(ctx.database.db._.session, 'prepareQuery');
    try {
      const rows = await statements.run(binding.shape, binding.values, () =>
        ctx.database.db.select({ value: settings.value }).from(settings).where(like(settings.key, pattern)),
      );
      expect(rows).toEqual([{ value: 7 }]);
      const [query, , name] = prepareQuery.mock.calls.at(-1) ?? [];
      expect(query?.sql).toContain('"settings"."key" like $1');
      expect(name).toBeUndefined();
    } finally {
      prepareQuery.mockRestore();
    }
  });

  it('names a statement with values when asked to plan it once', async () => {
    const statements = new PreparedStatements(ctx.database.db);
    const prepareQuery = vi.spyOn(ctx.database.db._.session, 'prepareQuery');
    try {
      const rows = await statements.run(
        'keys',
        { keys: ['literal-test', 'other'] },
        () =>
          ctx.database.db
            .select({ value: settings.value })
            .from(settings)
            .where(sql`${settings.key} = ANY(${sql.placeholder('keys')}::text[])`),
        { planOnce: true },
      );
      expect(rows).toEqual([{ value: 7 }]);
      const [query, , name] = prepareQuery.mock.calls.at(-1) ?? [];
      expect(query?.sql).toContain('= ANY($1::text[])');
      expect(name).toMatch(/^shape_[\w-]{24}$/);
    } finally {
      prepareQuery.mockRestore();
    }
  });

  it.runIf(TEST_DB === 'postgres')('PostgreSQL runs a built statement on the pool itself, not through Drizzle’s execute: same rows, same errors', async () => {
    const statements = new PreparedStatements(ctx.database.db);
    const read = (key: string) => {
      const binding = new Binding();
      const keyParameter = binding.value('key', key);
      return statements.run(binding.shape, binding.values, () =>
        ctx.database.db.select({ value: settings.value, key: settings.key }).from(settings).where(eq(settings.key, keyParameter)),
      );
    };
    const prepareQuery = vi.spyOn(ctx.database.db._.session, 'prepareQuery');
    try {
      expect(await read('literal-test')).toEqual([{ value: 7, key: 'literal-test' }]);
      const drizzlePrepared = prepareQuery.mock.results.at(-1)?.value as { execute: () => unknown };
      const drizzleExecute = vi.spyOn(drizzlePrepared, 'execute');
      expect(await read('literal-test')).toEqual([{ value: 7, key: 'literal-test' }]);
      expect(await read('missing')).toEqual([]);
      expect(drizzleExecute).not.toHaveBeenCalled();
    } finally {
      prepareQuery.mockRestore();
    }

    const failing = statements.run('bad-number', { n: 'not a number' }, () =>
      ctx.database.db
        .select({ value: settings.value })
        .from(settings)
        .where(sql`${sql.placeholder('n')}::int = 1`),
    );
    const error = await failing.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DrizzleQueryError);
    expect((error as DrizzleQueryError).cause).toMatchObject({ code: '22P02' });
  });

  it.runIf(TEST_DB === 'postgres')('PostgreSQL keeps the named statement’s plan: planned once, then only executed', async () => {
    const single = await oneConnection(ctx);
    try {
      const statements = new PreparedStatements(single.db);
      for (let run = 0; run < 3; run += 1) {
        const binding = new Binding();
        const key = binding.choice('key', 'literal-test');
        const rows = await statements.run(binding.shape, binding.values, () =>
          single.db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)),
        );
        expect(rows).toEqual([{ value: 7 }]);
      }
      const plans = await rawRows<{ generic_plans: string; custom_plans: string }>(
        single,
        "SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name LIKE 'shape_%'",
      );
      expect(plans).toEqual([{ generic_plans: '3', custom_plans: '0' }]);
    } finally {
      await single.close();
    }
  });

  it.runIf(TEST_DB === 'postgres')('PostgreSQL keeps a statement planned once as one prepared statement, whatever its values', async () => {
    const single = await oneConnection(ctx);
    try {
      const statements = new PreparedStatements(single.db);
      for (let run = 0; run < 8; run += 1) {
        const rows = await statements.run(
          'keys',
          { keys: [`key-${run}`, 'literal-test'] },
          () =>
            single.db
              .select({ value: settings.value })
              .from(settings)
              .where(sql`${settings.key} = ANY(${sql.placeholder('keys')}::text[])`),
          { planOnce: true },
        );
        expect(rows).toEqual([{ value: 7 }]);
      }
      const [plans] = await rawRows<{ generic_plans: string; custom_plans: string }>(
        single,
        "SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name LIKE 'shape_%'",
      );
      // Parsed once; each run planned with its values or run on the one generic plan, as PostgreSQL
      // finds cheaper after the first five (plan_cache_mode auto). A page's rows by their ids get the
      // generic plan on the benchmark's data, planned once per connection.
      expect(Number(plans.custom_plans) + Number(plans.generic_plans)).toBe(8);
    } finally {
      await single.close();
    }
  });
});
