import {
  TICKET_MESSAGES,
  can,
  fieldScanRequest,
  penaltyPaymentRequest,
  subscriptionPaymentRequest,
  type Capability,
  type FieldBatchKind,
  type FieldBatchRequest,
  type FieldBatchResult,
  type PrincipalSource,
} from '@eticket/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { forbidden, HttpError, isRefusal, parseOrRefuse } from '../../platform/http/errors.ts';
import type { StoredAnswer } from '../../platform/idempotency/index.ts';
import type { FieldService } from './service.ts';
import type { FieldAgent } from './types.ts';

type Item = FieldBatchRequest['items'][number];
type Agent = FieldAgent & PrincipalSource;

const CAPABILITY: Record<FieldBatchKind, Capability> = { scan: 'field-scan', 'subscription-payment': 'field-payment', 'penalty-payment': 'field-payment' };

/** Sent when an item failed for a reason of the server's (not a refusal): nothing of it was kept. */
export const NOT_RECORDED_MESSAGE = 'Not recorded (the server could not finish it); send it again';

/** One item as its own call would record it: its body checked, then the service's keyed (exactly-once) method. */
async function recordItem(service: FieldService, agent: Agent, item: Item, known: StoredAnswer | null): Promise<FieldBatchResult> {
  if (!can(agent, CAPABILITY[item.kind], 'write')) throw forbidden();
  switch (item.kind) {
    case 'scan': {
      const result = await service.scan(agent, parseOrRefuse(fieldScanRequest, item.body), item.key, known);
      return { key: item.key, status: result.statusCode, replayed: result.replayed, message: TICKET_MESSAGES.scanRecorded, scan: result.body };
    }
    case 'subscription-payment': {
      const result = await service.subscriptionPayment(agent, item.key, parseOrRefuse(subscriptionPaymentRequest, item.body), { known });
      return { key: item.key, status: result.statusCode, replayed: result.replayed, message: result.body.message, payment: result.body.data };
    }
    case 'penalty-payment': {
      const result = await service.penaltyPayment(agent, item.key, parseOrRefuse(penaltyPaymentRequest, item.body), { known });
      return { key: item.key, status: result.statusCode, replayed: result.replayed, message: result.body.message, payment: result.body.data };
    }
  }
}

function failure(item: Item, error: unknown, log: FastifyBaseLogger): FieldBatchResult {
  if (error instanceof HttpError && error.statusCode < 500) {
    return { key: item.key, status: error.statusCode, replayed: false, message: error.message, ...(error.errors?.length ? { errors: error.errors } : {}) };
  }
  if (isRefusal(error)) return { key: item.key, status: 409, replayed: false, message: (error as Error).message };
  log.error({ err: error, key: item.key }, 'field batch item failed');
  return { key: item.key, status: 503, replayed: false, message: NOT_RECORDED_MESSAGE };
}

/**
 * Records a phone's queued items one after the other, in the order sent (a payment before the scan
 * captured after it), each as its own call does: its own transaction, its answer kept under its
 * Idempotency-Key in that transaction. So each item is recorded once whatever happens to the batch:
 * sent again after a lost answer or a crash halfway, the items recorded answer again and the rest
 * are recorded; two copies sent at once meet at the key. A refused item is answered and the next
 * goes on; so does one that failed on the server's side (503: nothing of it kept, send it again).
 */
export async function recordBatch(service: FieldService, agent: Agent, items: readonly Item[], log: FastifyBaseLogger): Promise<FieldBatchResult[]> {
  const results: FieldBatchResult[] = [];
  // The keys' stored answers in one statement, not one per item (issue 49).
  const known = await service.storedAnswers(
    agent,
    items.map((item) => item.key),
  );
  for (const item of items) {
    try {
      results.push(await recordItem(service, agent, item, known.get(item.key) ?? null));
    } catch (error) {
      results.push(failure(item, error, log));
    }
  }
  return results;
}
