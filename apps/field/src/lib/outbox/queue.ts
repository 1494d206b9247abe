import { t } from '../i18n.ts';
import { naira } from '../format.ts';
import { targetText, type MotoristTarget } from '../motorist.ts';
import { workingAgent } from '../session.ts';
import { db, type QueueItem } from './db.ts';
import { notify } from './events.ts';
import { attempt } from './send.ts';
import { inFlight, settled } from './in-flight.ts';
import { requestBackgroundSync, syncNow } from './sync.ts';

/** An item as its screen makes it (each kind with its own fields, a payment's receipt facts too). */
type NewItem = QueueItem extends infer Item ? (Item extends QueueItem ? Omit<Item, 'state' | 'createdAt' | 'attempts' | 'agentId'> : never) : never;

export const newKey = () => crypto.randomUUID();

/**
 * Keeps the item on the phone and sends it, side by side rather than one after the other: whichever
 * half a closed page leaves undone, the other half (or the item's Idempotency-Key, on a resend) covers.
 * On a phone slowed 4× the IndexedDB write took 250 ms of a scan's time to verdict before this.
 */
export async function enqueue(item: NewItem): Promise<QueueItem> {
  const agent = workingAgent();
  if (!agent) throw new Error(t('queue.signInAgain'));
  const stored = { ...item, agentId: agent.id, state: 'sending', createdAt: Date.now(), attempts: 1 } as QueueItem;
  inFlight.add(stored.key);
  try {
    const [kept, outcome] = await Promise.allSettled([db.queue.add(stored), attempt(stored)]);
    const answered = {
      ...stored,
      ...(outcome.status === 'fulfilled' ? settled(outcome.value) : { state: 'waiting', message: String((outcome.reason as Error)?.message) }),
    } as QueueItem;
    // Neither kept nor recorded: the agent must know it is not saved.
    if (kept.status === 'rejected' && answered.state !== 'done') throw kept.reason;
    if (kept.status === 'fulfilled') await db.queue.put(answered);
    notify();
    if (outcome.status === 'rejected') throw outcome.reason;
    if (answered.state === 'waiting') requestBackgroundSync();
    return answered;
  } finally {
    inFlight.delete(stored.key);
  }
}

export async function retry(key: string): Promise<void> {
  await db.queue.update(key, { state: 'waiting', message: undefined });
  notify();
  await syncNow();
}

/** What the agent corrects on a refused payment: who paid, for a penalty how much, for a non-cash payment its reference. */
export interface PaymentCorrection {
  target: MotoristTarget;
  amount?: number;
  reference?: string;
}

/**
 * Sends a refused payment again, corrected. It is a new attempt under a new Idempotency-Key: the
 * server kept nothing under the refused one, and the corrected request under the old key would be
 * refused as another request with the same key. Swapped in one transaction, so the payment is on the
 * phone once, under one key. A plain Try again keeps the key (a resend is never a second record).
 */
export async function resendCorrected(key: string, correction: PaymentCorrection): Promise<void> {
  await db.transaction('rw', db.queue, async () => {
    const item = await db.queue.get(key);
    if (!item || item.state !== 'refused' || (item.kind !== 'subscription-payment' && item.kind !== 'penalty-payment')) {
      throw new Error(t('queue.onlyRefused'));
    }
    const { userCode: _code, plateNumber: _plate, ...rest } = item.body;
    const body = {
      ...rest,
      ...correction.target,
      ...(item.kind === 'penalty-payment' && correction.amount !== undefined ? { amount: correction.amount } : {}),
      ...(rest.modeOfPayment !== 'cash' && correction.reference !== undefined ? { reference: correction.reference.trim() } : {}),
    };
    const what = item.kind === 'penalty-payment' ? `${naira(Number(body.amount))} ${t('collect.paidFor.penalty')}` : item.label.split(' · ')[0];
    // The receipt names whom the correction names (the server's answer fills the name in) and what was paid.
    const receipt = item.receipt && {
      ...item.receipt,
      payerName: null,
      userCode: correction.target.userCode ?? null,
      plateNumber: correction.target.plateNumber ?? null,
      ...(item.kind === 'penalty-payment' && correction.amount !== undefined ? { amount: correction.amount } : {}),
      ...(body.reference !== undefined ? { reference: body.reference } : {}),
    };
    await db.queue.delete(key);
    await db.queue.add({
      ...item,
      body,
      ...(receipt ? { receipt } : {}),
      key: newKey(),
      label: `${what} · ${targetText(correction.target)}`,
      state: 'waiting',
      message: undefined,
      attempts: 0,
      correctionOf: key,
    } as QueueItem);
  });
  notify();
  await syncNow();
}

export async function remove(key: string): Promise<void> {
  await db.queue.delete(key);
  notify();
}
