import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { rowsOf } from '../../db/rows.ts';
import { PreparedStatements } from '../../lists/prepared.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ThrottleRule {
  key: string;
  /** Attempts allowed within the window (failed ones, and ones still being checked). */
  limit: number;
  windowMs: number;
}

/**
 * Counts attempts per key in the database, so every API process sees the same counts. An attempt takes
 * its slot before it is checked, in one statement (take_throttle_slots, migration 0026): however many
 * arrive at once, from however many processes, at most `limit` of them are checked per window. A
 * blocked key is released when its window ends: a lock-out is always temporary.
 */
export function createThrottle(db: Database) {
  const statements = new PreparedStatements(db);
  return {
    /**
     * Takes a slot on every key, or on none: null when taken, else when the most-blocked key is free
     * again (the attempt must then be refused unchecked).
     */
    async take(rules: ThrottleRule[], now: Date): Promise<Date | null> {
      const ordered = [...rules].sort((a, b) => (a.key < b.key ? -1 : 1));
      const values = {
        keys: ordered.map((rule) => rule.key),
        limits: ordered.map((rule) => rule.limit),
        windows: ordered.map((rule) => rule.windowMs),
        now: now.toISOString(),
      };
      // Prepared once per connection: every public check and sign-in runs it (issue 49).
      const [row] = await statements.run(
        'take',
        values,
        () =>
          db
            .select({
              freeAt: sql<Date | string | null>`take_throttle_slots(${sql.placeholder('keys')}::text[], ${sql.placeholder('limits')}::integer[],
                                                                   ${sql.placeholder('windows')}::bigint[], ${sql.placeholder('now')}::timestamptz)`,
            })
            .from(sql`(VALUES (0)) AS one`),
        { planOnce: true },
      );
      return row?.freeAt ? new Date(row.freeAt) : null;
    },

    /** Gives back the slot an attempt took on each key: it turned out not to be a failure. */
    async release(keys: string[]): Promise<void> {
      await db.execute(sql`SELECT release_throttle_slots(${sql.param(keys)}::text[])`);
    },
  };
}
export type Throttle = ReturnType<typeof createThrottle>;

/**
 * Deletes throttle rows (sign-in, reset, public checks) whose window ended over a day ago and that
 * block nothing: such a row counts as no row (take_throttle_slots starts its window again), and the
 * public checks leave one per address and kind. Every window is at most an hour.
 */
export async function pruneThrottleRows(db: Database, now: Date): Promise<number> {
  const before = new Date(now.getTime() - DAY_MS).toISOString();
  const deleted = await rowsOf<{ n: number }>(
    db,
    sql`
    WITH gone AS (
      DELETE FROM auth_throttle
      WHERE window_start < ${before}::timestamptz AND (blocked_until IS NULL OR blocked_until < ${now.toISOString()}::timestamptz)
      RETURNING 1)
    SELECT count(*)::int AS n FROM gone`,
  );
  return deleted[0].n;
}
