import { compactCounts, pruneIdempotencyKeys, vacuumLikeAutovacuum } from '../../db/housekeeping.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Job } from './runner.ts';

const HOUR_MS = 60 * 60 * 1000;

export interface HousekeepingOptions {
  /** PGlite only: a PostgreSQL server has its autovacuum. */
  vacuum: boolean;
  idempotencyRetentionDays: number;
}

/**
 * The database's upkeep that belongs to no module, as jobs of the job runner (hourly; a failure is
 * logged and retried when the job is next due). Modules' own jobs are in their descriptors.
 */
export function housekeepingJobs(clock: Clock, options: HousekeepingOptions): Job[] {
  const jobs: Job[] = [
    {
      name: 'compact-counts',
      everyMs: HOUR_MS,
      run: async ({ db }) => void (await compactCounts(db, clock)),
    },
    {
      name: 'prune-idempotency-keys',
      everyMs: HOUR_MS,
      run: async ({ db, now }) =>
        `${await pruneIdempotencyKeys(db, now, options.idempotencyRetentionDays)} keys older than ${options.idempotencyRetentionDays} days deleted`,
    },
  ];
  if (options.vacuum) {
    jobs.push({
      name: 'vacuum-like-autovacuum',
      everyMs: HOUR_MS,
      run: async ({ db }) => (await vacuumLikeAutovacuum(db)).join(', ') || 'nothing to do',
    });
  }
  return jobs;
}
