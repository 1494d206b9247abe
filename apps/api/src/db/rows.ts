import type { SQL } from 'drizzle-orm';
import type { Database } from './connect.ts';

/** Rows of a raw db.execute (node-postgres and PGlite both answer { rows }). */
export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
