import { TILL_CLOSE_FILE_FIELDS, fieldEndpoints, peopleEndpoints, tillEndpoints } from '@eticket/contracts';
import { ApiError, call } from '../../lib/api.ts';
import { naira } from '../../lib/format.ts';
import { targetText, type MotoristTarget } from '../../lib/motorist.ts';
import { readSession, workingAgent } from '../../lib/session.ts';
import { db, type QueueItem, type RegistrationForm, type TillCloseForm } from './db.ts';

/** Six at a time: a browser's connections to one server; 200 items on a 3G link in well under 30 s. */
const CONCURRENCY = 6;

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
  if (!agent) throw new Error('Sign in again to record this');
  const stored = { ...item, agentId: agent.id, state: 'sending', createdAt: Date.now(), attempts: 1 } as QueueItem;
  inFlight.add(stored.key);
  try {
    const [kept, outcome] = await Promise.allSettled([db.queue.add(stored), attempt(stored)]);
    const answered = {
      ...stored,
      ...(outcome.status === 'fulfilled' ? outcome.value : { state: 'waiting', message: String((outcome.reason as Error)?.message) }),
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

function formDataOf({ fields, photos }: RegistrationForm): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== '') form.append(name, value);
  for (const [name, blob] of Object.entries(photos)) form.append(name, blob, `${name}.jpg`);
  return form;
}

function closeFormData({ fields, slip }: TillCloseForm): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined && value !== '') form.append(name, String(value));
  if (slip) form.append(TILL_CLOSE_FILE_FIELDS[0], slip, 'slip.jpg');
  return form;
}

function send(item: QueueItem): Promise<unknown> {
  switch (item.kind) {
    case 'scan':
      return call(fieldEndpoints.scan, { body: item.body, headers: { 'idempotency-key': item.key } });
    case 'subscription-payment':
      return call(fieldEndpoints.subscriptionPayment, { body: item.body, headers: { 'idempotency-key': item.key } });
    case 'penalty-payment':
      return call(fieldEndpoints.penaltyPayment, { body: item.body, headers: { 'idempotency-key': item.key } });
    case 'registration':
      // The registration's Idempotency-Key, made on the phone: a resend answers the first registration.
      return call(peopleEndpoints.registerMotorist, { body: formDataOf(item.body), headers: { 'idempotency-key': item.key } });
    case 'till-close':
      // The close's Idempotency-Key, made on the phone: a resend answers the first close, never a second one.
      return call(tillEndpoints.closeTill, { body: closeFormData(item.body), headers: { 'idempotency-key': item.key } });
  }
}

type Outcome = Pick<QueueItem, 'state' | 'result' | 'message'>;

/** One try at sending: done, refused (the server said no), or still waiting (no network). */
async function attempt(item: QueueItem): Promise<Outcome> {
  try {
    return { state: 'done', result: await send(item), message: undefined };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw error;
    const refusal = error instanceof ApiError && !error.retryable;
    return { state: refusal ? 'refused' : 'waiting', message: (error as Error).message };
  }
}

/** Items this page is sending now: a sync run started meanwhile leaves them alone. */
const inFlight = new Set<string>();

/** Sends one queued item; answers it as it now stands. */
async function sendOne(item: QueueItem): Promise<QueueItem> {
  inFlight.add(item.key);
  try {
    await db.queue.update(item.key, { state: 'sending', attempts: item.attempts + 1 });
    try {
      await db.queue.update(item.key, await attempt(item));
    } catch (error) {
      await db.queue.update(item.key, { state: 'waiting', message: (error as Error).message });
      throw error;
    }
    notify();
    return (await db.queue.get(item.key))!;
  } finally {
    inFlight.delete(item.key);
  }
}

let running: Promise<{ sent: number; refused: number }> | null = null;

/** Sends every waiting item of the signed-in agent, a few at a time; one run at a time. */
export function syncNow(): Promise<{ sent: number; refused: number }> {
  running ??= run().finally(() => {
    running = null;
    notify();
  });
  return running;
}

async function run(): Promise<{ sent: number; refused: number }> {
  const session = readSession();
  if (!session || !navigator.onLine) return { sent: 0, refused: 0 };
  // An item left 'sending' by a closed page was not answered: it is sent again (its key makes that safe).
  const items = (await db.queue.where('state').anyOf('waiting', 'sending').sortBy('createdAt')).filter(
    (item) => item.agentId === session.user.id && !inFlight.has(item.key),
  );
  let next = 0;
  let sent = 0;
  let refused = 0;
  let stop = false;
  const worker = async () => {
    while (!stop && next < items.length) {
      const item = items[next++];
      try {
        const after = await sendOne(item);
        if (after.state === 'done') sent += 1;
        if (after.state === 'refused') refused += 1;
        // The network went away: leave the rest for the next try.
        if (after.state === 'waiting') stop = true;
      } catch {
        stop = true;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { sent, refused };
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
      throw new Error('Only a refused payment can be corrected');
    }
    const { userCode: _code, plateNumber: _plate, ...rest } = item.body;
    const body = {
      ...rest,
      ...correction.target,
      ...(item.kind === 'penalty-payment' && correction.amount !== undefined ? { amount: correction.amount } : {}),
      ...(rest.modeOfPayment !== 'cash' && correction.reference !== undefined ? { reference: correction.reference.trim() } : {}),
    };
    const what = item.kind === 'penalty-payment' ? `${naira(Number(body.amount))} penalty` : item.label.split(' · ')[0];
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

/** Clears items recorded more than a day ago (the server has them; My day shows them). */
export async function pruneDone(olderThanMs = 24 * 3600_000): Promise<void> {
  const before = Date.now() - olderThanMs;
  await db.queue
    .where('state')
    .equals('done')
    .and((item) => item.createdAt < before)
    .delete();
}

function requestBackgroundSync(): void {
  navigator.serviceWorker?.ready
    .then((registration) => (registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register('field-queue'))
    .catch(() => undefined);
}

const listeners = new Set<() => void>();
export function notify(): void {
  listeners.forEach((listener) => listener());
}
export function subscribeQueue(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Sync when the network returns, when the app comes back to the front, and when the service worker asks. */
export function startAutoSync(): () => void {
  const trigger = () => void syncNow();
  const onVisible = () => document.visibilityState === 'visible' && trigger();
  const onMessage = (event: MessageEvent) => event.data === 'sync-field-queue' && trigger();
  addEventListener('online', trigger);
  addEventListener('focus', trigger);
  document.addEventListener('visibilitychange', onVisible);
  navigator.serviceWorker?.addEventListener('message', onMessage);
  trigger();
  return () => {
    removeEventListener('online', trigger);
    removeEventListener('focus', trigger);
    document.removeEventListener('visibilitychange', onVisible);
    navigator.serviceWorker?.removeEventListener('message', onMessage);
  };
}
