import { z } from 'zod';
import { FIELD_BATCH_MAX_ITEMS } from '../../field-app.ts';
import { fieldScanResponse, paymentResponse } from './write-schemas.ts';

/** What a batch carries: each kind is the body of its own call (POST /api/field/scan, /subscription-payment, /penalty-payment). */
export const FIELD_BATCH_KINDS = ['scan', 'subscription-payment', 'penalty-payment'] as const;
export type FieldBatchKind = (typeof FIELD_BATCH_KINDS)[number];

/**
 * One item of a batch: its Idempotency-Key, its kind, and its body as its own call takes it. The body
 * is checked item by item by the server (a bad item is answered 400 in its result; the others are
 * recorded), so here it is only an object.
 */
export const fieldBatchItem = z.object({
  key: z
    .string({ error: 'key must be text' })
    .trim()
    .min(1, 'key is required (the item’s Idempotency-Key)')
    .max(200, 'key is too long (200 characters at most)'),
  kind: z.enum(FIELD_BATCH_KINDS, { error: `kind must be one of ${FIELD_BATCH_KINDS.join(', ')}` }),
  body: z.record(z.string(), z.unknown(), { error: 'body must be an object' }),
});
export type FieldBatchItem = z.input<typeof fieldBatchItem>;

/** POST /api/field/batch. */
export const fieldBatchRequest = z.object({
  items: z
    .array(fieldBatchItem, { error: 'items must be a list' })
    .min(1, 'items must hold at least one item')
    .max(FIELD_BATCH_MAX_ITEMS, `items: at most ${FIELD_BATCH_MAX_ITEMS} in one batch`),
});
export type FieldBatchRequest = z.input<typeof fieldBatchRequest>;

/**
 * An item's result, in the order sent: the status its own call would have answered (201 recorded;
 * 4xx refused, nothing kept; 5xx not recorded, send it again under the same key) and that call's
 * answer: `scan` or `payment` once recorded, `errors` beside `message` for an invalid body.
 */
export const fieldBatchResult = z.object({
  key: z.string(),
  status: z.number().int(),
  /** true: recorded by an earlier call under this key; this is its first answer again. */
  replayed: z.boolean(),
  message: z.string(),
  scan: fieldScanResponse.shape.data.optional(),
  payment: paymentResponse.shape.data.optional(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type FieldBatchResult = z.infer<typeof fieldBatchResult>;

export const fieldBatchResponse = z.object({ data: z.object({ results: z.array(fieldBatchResult) }) });
export type FieldBatchResponse = z.infer<typeof fieldBatchResponse>;
