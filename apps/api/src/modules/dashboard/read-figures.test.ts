import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { sqlBuiltBy } from '../../../test/sql-builds.ts';
import type { FigureQuery } from './figure-sql.ts';
import { createDashboardRepository } from './repository.ts';

const rowsAsTheyCome: FigureQuery<Record<string, unknown>[]>['toFigure'] = (rows) => rows;

const numbers: FigureQuery<Record<string, unknown>[]> = {
  name: 'numbers',
  bind: () => () => sql`SELECT n, 'row ' || n AS label FROM generate_series(1, 3) AS n`,
  toFigure: rowsAsTheyCome,
};
const none: FigureQuery<Record<string, unknown>[]> = { name: 'none', bind: () => () => sql`SELECT 1 AS n WHERE false`, toFigure: rowsAsTheyCome };
/** The sum of three numbers from `first` (a value bound as a placeholder). */
const sumFrom = (first: number): FigureQuery<number> => ({
  name: 'sumFrom',
  bind: (binding) => {
    const from = binding.value('first', first);
    return () => sql`SELECT sum(n)::bigint AS total FROM generate_series(${from}::bigint, ${from}::bigint + 2) AS n`;
  },
  toFigure: ([row]) => Number(row.total),
});

describe('readFigures (several dashboard figures in one statement)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('answers each figure as it would be answered alone, in one statement', async () => {
    const repository = createDashboardRepository(ctx.database.db);
    const alone = [
      (await repository.readFigures(numbers))[0],
      (await repository.readFigures(none))[0],
      (await repository.readFigures(sumFrom(4_000_000_000)))[0],
    ];
    const select = vi.spyOn(ctx.database.db, 'select');
    const together = await repository.readFigures(numbers, null, none, sumFrom(4_000_000_000));
    expect(select).toHaveBeenCalledTimes(1);
    select.mockRestore();

    expect(together).toEqual([alone[0], null, alone[1], alone[2]]);
    expect(together[0]).toEqual([
      { n: 1, label: 'row 1' },
      { n: 2, label: 'row 2' },
      { n: 3, label: 'row 3' },
    ]);
    expect(together[2]).toEqual([]);
    expect(together[3]).toBe(12_000_000_003);
  });

  it('builds the statement of a set of figures once, and runs it with each call’s values', async () => {
    const repository = createDashboardRepository(ctx.database.db);
    expect(await repository.readFigures(sumFrom(1), numbers)).toEqual([6, expect.any(Array)]);
    expect(await sqlBuiltBy(() => repository.readFigures(sumFrom(10), numbers))).toMatchObject({ result: [33, expect.any(Array)], statements: 0 });
    // Another set of figures is another statement.
    expect(await sqlBuiltBy(() => repository.readFigures(numbers, sumFrom(10)))).toMatchObject({ result: [expect.any(Array), 33], statements: 1 });
  });

  it('prepares the statement under a name, with its values, so PostgreSQL may plan it once per connection (issue 49)', async () => {
    const repository = createDashboardRepository(ctx.database.db);
    const prepareQuery = vi.spyOn(ctx.database.db._.session, 'prepareQuery');
    try {
      expect(await repository.readFigures(sumFrom(100), numbers)).toEqual([303, expect.any(Array)]);
      const [query, , name] = prepareQuery.mock.calls.at(-1) ?? [];
      expect(query?.params.length).toBeGreaterThan(0);
      expect(name).toMatch(/^shape_[\w-]{24}$/);
    } finally {
      prepareQuery.mockRestore();
    }
  });

  it('runs no SQL when every figure is left out', async () => {
    const repository = createDashboardRepository(ctx.database.db);
    const select = vi.spyOn(ctx.database.db, 'select');
    const execute = vi.spyOn(ctx.database.db, 'execute');
    expect(await repository.readFigures(null, null)).toEqual([null, null]);
    expect(select).not.toHaveBeenCalled();
    expect(execute).not.toHaveBeenCalled();
    select.mockRestore();
    execute.mockRestore();
  });
});

describe('the union reads of the union dashboard', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('are built once, then only run', async () => {
    const repository = createDashboardRepository(ctx.database.db);
    const read = (id: string) => Promise.all([repository.findUnion(id), repository.listUnions(50)]);
    await read(randomUUID());
    const { result, statements } = await sqlBuiltBy(() => read(randomUUID()));
    expect(result).toEqual([null, []]);
    expect(statements).toBe(0);
  });
});
