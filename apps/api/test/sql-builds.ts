import { PgDialect } from 'drizzle-orm/pg-core';
import { vi } from 'vitest';

/**
 * Runs `read` and counts the statements Drizzle built meanwhile: 0 when every statement it ran had
 * been built before and was only filled and run (see src/lists/prepared.ts). `parameters` are how many
 * parameters each built statement has.
 */
export async function sqlBuiltBy<T>(read: () => Promise<T>): Promise<{ result: T; statements: number; parameters: number[] }> {
  const building = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
  try {
    const result = await read();
    // A statement's SQL is rendered twice when it is built (see prepareShape): count each text once.
    const built = new Map(building.mock.results.flatMap((call) => (call.type === 'return' ? [[call.value.sql, call.value.params.length] as const] : [])));
    return { result, statements: built.size, parameters: [...built.values()] };
  } finally {
    building.mockRestore();
  }
}
