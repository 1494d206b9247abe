import type { QueueItem } from './db.ts';
import type { Outcome } from './send.ts';

/** Items this page is sending now: a sync run started meanwhile leaves them alone. */
export const inFlight = new Set<string>();

/** The item's fields once an outcome is in: a done item stamped with when (it is pruned from then). */
export const settled = (outcome: Outcome, now = Date.now()): Partial<QueueItem> => (outcome.state === 'done' ? { ...outcome, doneAt: now } : outcome);
