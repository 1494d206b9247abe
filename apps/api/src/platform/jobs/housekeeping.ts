import { compactCounts, pruneIdempotencyKeys, pruneThrottleRows, vacuumLikeAutovacuum } from '../../db/housekeeping.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Job } from './runner.ts';

const HOUR_MS = 60 * 60 * 1000;
/** How often queued text messages are looked at besides a payment's own send (retries, other processes' leftovers). */
const SEND_TEXTS_EVERY_MS = 5 * 60 * 1000;

/** The text-message outbox's work (modules/messages): what its two jobs run. */
interface TextMessageJobs {
  /** Sends the texts that are due (new, or a failed one's retry); says how many went. */
  sendDue(): Promise<string>;
  /** Queues the expiry reminders now due (three days ahead, once per expiry); says how many. */
  queueReminders(now: Date): Promise<string>;
}

export interface HousekeepingOptions {
  /** PGlite only: a PostgreSQL server has its autovacuum. */
  vacuum: boolean;
  idempotencyRetentionDays: number;
  textMessages: TextMessageJobs;
}

/**
 * The server's background upkeep, as jobs of the job runner (hourly, but for the sending of texts
 * every 5 minutes; a failure is logged and retried when the job is next due).
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
    {
      name: 'prune-throttle-rows',
      everyMs: HOUR_MS,
      run: async ({ db, now }) => `${await pruneThrottleRows(db, now)} throttle rows of windows ended over a day ago deleted`,
    },
    {
      name: 'queue-expiry-reminders',
      everyMs: HOUR_MS,
      run: ({ now }) => options.textMessages.queueReminders(now),
    },
    {
      name: 'send-text-messages',
      everyMs: SEND_TEXTS_EVERY_MS,
      run: () => options.textMessages.sendDue(),
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
