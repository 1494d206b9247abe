import { db } from './db.ts';
import { notify } from './events.ts';

/**
 * How long an item the server has recorded stays on the phone: two days from its answer. Its
 * receipt opens again from the Queue (and from My day, which covers the current Lagos day and reads
 * the phone's copy first) through the next working day, so a motorist who comes back the morning
 * after still gets the same printed receipt; after that My day and the console have the record.
 */
export const DONE_RETENTION_MS = 48 * 3600_000;

/**
 * Clears every recorded item answered more than `retentionMs` ago, whichever agent captured it (the
 * server has them all). Items waiting or refused stay until sent or removed. An item kept before
 * answers were stamped counts from its capture. Answers how many were cleared.
 */
export async function pruneDone(retentionMs = DONE_RETENTION_MS, now = Date.now()): Promise<number> {
  const before = now - retentionMs;
  const cleared = await db.queue
    .where('state')
    .equals('done')
    .and((item) => (item.doneAt ?? item.createdAt) < before)
    .delete();
  if (cleared) notify();
  return cleared;
}
