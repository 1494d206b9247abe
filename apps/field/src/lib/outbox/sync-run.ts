// A sync run, loaded when the first run starts (outside the first load's JavaScript).
import { readSession } from '../session.ts';
import { db, type QueueItem } from './db.ts';
import { notify } from './events.ts';
import { inFlight, settled } from './in-flight.ts';
import { pruneDone } from './prune.ts';
import { attempt, attemptBatch, BATCH_SIZE, isBatchItem, type BatchItem, type Outcome } from './send.ts';

/**
 * Batches sent at once: 200 scans or payments (two full batches) go out together, one round trip on
 * a 3G link instead of ⌈200/6⌉ (bench/field-results.md).
 */
const BATCHES_AT_ONCE = 2;

export interface SyncReport {
  sent: number;
  refused: number;
}

/**
 * Sends items in one call, keeping each on the phone: marked sending (with one more attempt), then
 * each with its outcome, in one IndexedDB bulk update each way (one read and one write of the whole
 * batch: a hundred separate updates took about 0.6 s on the bench's slowed phone). Answers whether
 * the network held.
 */
async function sendTogether(items: readonly QueueItem[], report: SyncReport): Promise<boolean> {
  items.forEach((item) => inFlight.add(item.key));
  try {
    await db.queue.bulkUpdate(items.map((item) => ({ key: item.key, changes: { state: 'sending', attempts: item.attempts + 1 } })));
    let outcomes: Outcome[];
    try {
      outcomes = items.length === 1 && !isBatchItem(items[0]) ? [await attempt(items[0])] : await attemptBatch(items as BatchItem[]);
    } catch (error) {
      // The session ended (401): the items wait for the agent's next sign-in.
      await db.queue.bulkUpdate(items.map((item) => ({ key: item.key, changes: { state: 'waiting', message: (error as Error).message } })));
      throw error;
    }
    const now = Date.now();
    await db.queue.bulkUpdate(items.map((item, index) => ({ key: item.key, changes: settled(outcomes[index], now) })));
    notify();
    report.sent += outcomes.filter((outcome) => outcome.state === 'done').length;
    report.refused += outcomes.filter((outcome) => outcome.state === 'refused').length;
    // Every item still waiting: the network went away (one the server failed alone waits for the next run).
    return outcomes.some((outcome) => outcome.state !== 'waiting');
  } finally {
    items.forEach((item) => inFlight.delete(item.key));
  }
}

/**
 * The calls that send `items` (in capture order): scans and payments in batches, each registration
 * and till close on its own. A registration or a close is sent after everything captured before it
 * (a till's close counts the cash collected before it), so the calls come in stages.
 */
export function stagesOf(items: readonly QueueItem[]): QueueItem[][][] {
  const stages: QueueItem[][][] = [];
  let batches: QueueItem[][] = [];
  for (const item of items) {
    if (!isBatchItem(item)) {
      if (batches.length) stages.push(batches);
      stages.push([[item]]);
      batches = [];
    } else if (!batches.length || batches[batches.length - 1].length === BATCH_SIZE) batches.push([item]);
    else batches[batches.length - 1].push(item);
  }
  if (batches.length) stages.push(batches);
  return stages;
}

async function sendStage(calls: QueueItem[][], report: SyncReport): Promise<boolean> {
  let next = 0;
  let held = true;
  const lane = async () => {
    while (held && next < calls.length) held = (await sendTogether(calls[next++], report)) && held;
  };
  await Promise.all(Array.from({ length: Math.min(BATCHES_AT_ONCE, calls.length) }, lane));
  return held;
}

/** Sends every waiting item of the signed-in agent, in capture order. */
export async function run(): Promise<SyncReport> {
  try {
    return await sendWaiting();
  } finally {
    // Recorded items past their keeping are cleared after every run (and so at start: the app runs one).
    await pruneDone().catch(() => undefined);
  }
}

async function sendWaiting(): Promise<SyncReport> {
  const report = { sent: 0, refused: 0 };
  const session = readSession();
  if (!session || !navigator.onLine) return report;
  // An item left 'sending' by a closed page was not answered: it is sent again (its key makes that safe).
  const items = (await db.queue.where('state').anyOf('waiting', 'sending').sortBy('createdAt')).filter(
    (item) => item.agentId === session.user.id && !inFlight.has(item.key),
  );
  try {
    for (const stage of stagesOf(items)) if (!(await sendStage(stage, report))) break;
  } catch {
    // The session ended: what is left waits for the next sign-in.
  }
  return report;
}
