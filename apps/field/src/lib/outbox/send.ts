// The outbox's only contact with the server: how an item, or a batch of them, goes out and what its answer
// makes of it. The rest of the outbox deals in outcomes, not in requests.
import { FIELD_BATCH_MAX_ITEMS, TILL_CLOSE_FILE_FIELDS, fieldEndpoints, peopleEndpoints, tillEndpoints, type FieldBatchResult } from '@eticket/contracts';
import { ApiError } from '@eticket/client';
import { call } from '../api.ts';
import type { QueueItem, RegistrationForm, TillCloseForm } from './db.ts';

/** What a try leaves of an item: done (the server's answer kept), refused (the server said no), or still waiting. */
export type Outcome = Pick<QueueItem, 'state' | 'result' | 'message'>;

/** Items one call to POST /api/field/batch carries: scans and payments (registrations and till closes carry photos). */
export type BatchItem = Extract<QueueItem, { kind: 'scan' | 'subscription-payment' | 'penalty-payment' }>;
export const BATCH_SIZE = FIELD_BATCH_MAX_ITEMS;
export const isBatchItem = (item: QueueItem): item is BatchItem =>
  item.kind === 'scan' || item.kind === 'subscription-payment' || item.kind === 'penalty-payment';

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

/** Each item under the Idempotency-Key made on the phone: a resend answers the first result, never a second record. */
function send(item: QueueItem): Promise<unknown> {
  const headers = { 'idempotency-key': item.key };
  switch (item.kind) {
    case 'scan':
      return call(fieldEndpoints.scan, { body: item.body, headers });
    case 'subscription-payment':
      return call(fieldEndpoints.subscriptionPayment, { body: item.body, headers });
    case 'penalty-payment':
      return call(fieldEndpoints.penaltyPayment, { body: item.body, headers });
    case 'registration':
      return call(peopleEndpoints.registerMotorist, { body: formDataOf(item.body), headers });
    case 'till-close':
      return call(tillEndpoints.closeTill, { body: closeFormData(item.body), headers });
  }
}

/** A failed call's outcome; a 401 (the session ended) is thrown: nothing more is sent. */
function failed(error: unknown): Outcome {
  if (error instanceof ApiError && error.status === 401) throw error;
  const refusal = error instanceof ApiError && !error.retryable;
  return { state: refusal ? 'refused' : 'waiting', message: (error as Error).message };
}

/** One try at sending one item in its own call. */
export async function attempt(item: QueueItem): Promise<Outcome> {
  try {
    return { state: 'done', result: await send(item), message: undefined };
  } catch (error) {
    return failed(error);
  }
}

/** An item's result in a batch as its own call would have left it (the answer kept as that call's reply). */
function outcomeOf(result: FieldBatchResult): Outcome {
  if (result.status >= 200 && result.status < 300)
    return { state: 'done', result: { message: result.message, data: result.scan ?? result.payment }, message: undefined };
  return failed(new ApiError(result.message, 'http', result.status, result.errors ?? []));
}

/**
 * One try at sending items in one call, each under its own key: an outcome per item, in order. A
 * server that does not take the batch (an older one, or one refusing its shape) gets the items one by one.
 */
export async function attemptBatch(items: readonly BatchItem[]): Promise<Outcome[]> {
  try {
    const reply = await call(fieldEndpoints.batch, { body: { items: items.map(({ key, kind, body }) => ({ key, kind, body })) } });
    return reply.data.results.map(outcomeOf);
  } catch (error) {
    if (error instanceof ApiError && !error.retryable && error.status !== 401) {
      const outcomes: Outcome[] = [];
      for (const item of items) outcomes.push(await attempt(item));
      return outcomes;
    }
    const outcome = failed(error);
    return items.map(() => outcome);
  }
}
