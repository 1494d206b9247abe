import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { rowsOf } from '../../db/rows.ts';

/** 2 decimal places of a degree: about 1.1 km of latitude, enough to say which part of town. */
const COARSE_DECIMALS = 2;
const BATCH = 2000;

/**
 * Rounds the locations of scans older than `days` (COARSE_DECIMALS) and marks them coarse, a batch
 * per short transaction (the partial index scans_location_fine_idx finds the next ones). Answers how
 * many scans it coarsened.
 */
export async function coarsenScanLocations(db: Database, now: Date, days: number, batchSize = BATCH): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
  let total = 0;
  for (;;) {
    const rows = await rowsOf<{ id: string }>(
      db,
      sql`WITH due AS (
            SELECT id FROM scans
            WHERE latitude IS NOT NULL AND NOT location_coarse AND created_at < ${cutoff}::timestamptz
            ORDER BY created_at, id LIMIT ${batchSize}
            FOR UPDATE SKIP LOCKED)
          UPDATE scans s SET latitude = round(s.latitude::numeric, ${COARSE_DECIMALS})::float8,
            longitude = round(s.longitude::numeric, ${COARSE_DECIMALS})::float8, location_accuracy = NULL, location_coarse = true
          FROM due WHERE s.id = due.id
          RETURNING s.id`,
    );
    total += rows.length;
    if (rows.length < batchSize) return total;
  }
}
