import { like } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { Binding, containing, PreparedStatements } from './prepared.ts';
import { vehicles } from '../db/schema.ts';

/** At most this many motorists match a plate search (a full plate names one; three characters already narrow it). */
export const MAX_PLATE_OWNERS = 500;

/** The search as a plate key (as vehicles.plate_search holds plates: letters and digits, lower-cased), or null when it holds fewer than 3 letters and digits (too short for the trigram index). */
export function plateSearchKey(text: string): string | null {
  const key = text.toLowerCase().replace(/[^a-z0-9]/g, '');
  return key.length >= 3 ? key : null;
}

/**
 * The motorists whose plate contains a search (their user ids), at most MAX_PLATE_OWNERS; none for a
 * short search. The statement is built once (lists/prepared.ts); the pattern stays a parameter, so
 * PostgreSQL plans each search with its own pattern.
 */
export function plateOwnersQuery(db: Database): (text: string) => Promise<string[]> {
  const statements = new PreparedStatements(db);
  return async (text) => {
    const key = plateSearchKey(text);
    if (!key) return [];
    const binding = new Binding();
    const pattern = binding.pattern('plate', containing(key));
    const rows = await statements.run(binding.shape, binding.values, () =>
      // Served by vehicles_plate_search_trgm_idx.
      db.select({ userId: vehicles.userId }).from(vehicles).where(like(vehicles.plateSearch, pattern)).limit(MAX_PLATE_OWNERS),
    );
    return rows.map((row) => row.userId);
  };
}
