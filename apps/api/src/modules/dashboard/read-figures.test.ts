import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { createDashboardRepository, type FigureQuery } from './repository.ts';

const rowsAsTheyCome: FigureQuery<Record<string, unknown>[]>['toFigure'] = (rows) => rows;

describe('readFigures (several dashboard figures in one statement)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('answers each figure as it would be answered alone, in one statement', async () => {
    const repository = createDashboardRepository(ctx.database.db);
    const numbers = { sql: sql`SELECT n, 'row ' || n AS label FROM generate_series(1, 3) AS n`, toFigure: rowsAsTheyCome };
    const none = { sql: sql`SELECT 1 AS n WHERE false`, toFigure: rowsAsTheyCome };
    const total = { sql: sql`SELECT sum(n)::bigint AS total FROM generate_series(${4_000_000_000}::bigint, 4000000002) AS n`, toFigure: ([row]: Record<string, unknown>[]) => Number(row.total) };

    const alone = [(await repository.readFigures(numbers))[0], (await repository.readFigures(none))[0], (await repository.readFigures(total))[0]];
    const execute = vi.spyOn(ctx.database.db, 'execute');
    const together = await repository.readFigures(numbers, null, none, total);
    expect(execute).toHaveBeenCalledTimes(1);
    execute.mockRestore();

    expect(together).toEqual([alone[0], null, alone[1], alone[2]]);
    expect(together[0]).toEqual([
      { n: 1, label: 'row 1' },
      { n: 2, label: 'row 2' },
      { n: 3, label: 'row 3' },
    ]);
    expect(together[2]).toEqual([]);
    expect(together[3]).toBe(12_000_000_003);
  });

  it('runs no SQL when every figure is left out', async () => {
    const repository = createDashboardRepository(ctx.database.db);
    const execute = vi.spyOn(ctx.database.db, 'execute');
    expect(await repository.readFigures(null, null)).toEqual([null, null]);
    expect(execute).not.toHaveBeenCalled();
    execute.mockRestore();
  });
});
