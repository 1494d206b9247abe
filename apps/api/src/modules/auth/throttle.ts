import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { authThrottle } from '../../db/schema.ts';

export interface ThrottleRule {
  key: string;
  /** Failures allowed within the window before the key is blocked. */
  limit: number;
  windowMs: number;
}

/**
 * Counts failures per key in the database, so every API process sees the same counts. A blocked key
 * is released when its window ends: a lock-out is always temporary.
 */
export function createThrottle(db: Database) {
  return {
    /** When the most-blocked of these keys is free again, or null if none is blocked. */
    async blockedUntil(keys: string[], now: Date): Promise<Date | null> {
      const rows = await db
        .select({ blockedUntil: authThrottle.blockedUntil })
        .from(authThrottle)
        .where(inArray(authThrottle.key, keys));
      const blocked = rows
        .map((row) => row.blockedUntil)
        .filter((until): until is Date => until !== null && until > now)
        .sort((a, b) => b.getTime() - a.getTime());
      return blocked[0] ?? null;
    },

    async recordFailure(rules: ThrottleRule[], now: Date): Promise<void> {
      for (const rule of rules) {
        const windowStartFloor = new Date(now.getTime() - rule.windowMs);
        const blockUntil = new Date(now.getTime() + rule.windowMs);
        // One statement: reset an expired window, else count; block at the limit.
        await db
          .insert(authThrottle)
          .values({ key: rule.key, failures: 1, windowStart: now, blockedUntil: rule.limit <= 1 ? blockUntil : null })
          .onConflictDoUpdate({
            target: authThrottle.key,
            set: {
              failures: sql`CASE WHEN ${authThrottle.windowStart} < ${windowStartFloor} THEN 1 ELSE ${authThrottle.failures} + 1 END`,
              windowStart: sql`CASE WHEN ${authThrottle.windowStart} < ${windowStartFloor} THEN ${now} ELSE ${authThrottle.windowStart} END`,
              blockedUntil: sql`CASE WHEN ${authThrottle.windowStart} >= ${windowStartFloor} AND ${authThrottle.failures} + 1 >= ${rule.limit} THEN ${blockUntil} ELSE ${authThrottle.blockedUntil} END`,
            },
          });
      }
    },

    async clear(keys: string[]): Promise<void> {
      await db.delete(authThrottle).where(inArray(authThrottle.key, keys));
    },
  };
}
export type Throttle = ReturnType<typeof createThrottle>;
