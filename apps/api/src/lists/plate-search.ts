import { like, type SQL } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { containing } from './like.ts';
import { vehicles } from '../db/schema.ts';

/** At most this many motorists match a plate search (a full plate names one; three characters already narrow it). */
export const MAX_PLATE_OWNERS = 500;

/** The search as a plate key (as vehicles.plate_search holds plates: letters and digits, lower-cased), or null when it holds fewer than 3 letters and digits (too short for the trigram index). */
export function plateSearchKey(text: string): string | null {
  const key = text.toLowerCase().replace(/[^a-z0-9]/g, '');
  return key.length >= 3 ? key : null;
}

/** The condition on vehicles of plates containing the key (served by vehicles_plate_search_trgm_idx). */
export const plateContains = (key: string): SQL => like(vehicles.plateSearch, containing(key));

/** The motorists whose plate contains the search (their user ids), at most MAX_PLATE_OWNERS; none for a short search. */
export async function plateOwners(db: Database, text: string): Promise<string[]> {
  const key = plateSearchKey(text);
  if (!key) return [];
  const rows = await db.select({ userId: vehicles.userId }).from(vehicles).where(plateContains(key)).limit(MAX_PLATE_OWNERS);
  return rows.map((row) => row.userId);
}
