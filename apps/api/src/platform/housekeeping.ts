import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/connect.ts';
import { addLagosDays, lagosDay } from './calendar.ts';
import type { Clock } from './clock.ts';

const HOUR_MS = 60 * 60 * 1000;

/** Folds the counter shards of the days before yesterday (Lagos) into one row each (0009_compact_counts.sql). */
export async function compactCounts(db: Database, clock: Clock): Promise<void> {
  const yesterday = lagosDay(addLagosDays(clock.now(), -1));
  await db.execute(sql`SELECT compact_counts(${yesterday}::date)`);
}

/** The server's background upkeep: now, then every hour; a failure is logged and retried the next hour. */
export function startHousekeeping(db: Database, clock: Clock, log: FastifyBaseLogger): { stop(): void } {
  const run = () => compactCounts(db, clock).catch((error: unknown) => log.warn({ err: error }, 'housekeeping failed; retrying in an hour'));
  void run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
