import { PgDialect } from 'drizzle-orm/pg-core';
import { vi } from 'vitest';

/**
 * Runs `read` and counts the statements Drizzle built meanwhile: 0 when every statement it ran had
 * been built before and was only filled and run (see src/db/prepared.ts).
 */
export async function sqlBuiltBy<T>(read: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const building = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
  try {
    const result = await read();
    return { result, statements: building.mock.calls.length };
  } finally {
    building.mockRestore();
  }
}
