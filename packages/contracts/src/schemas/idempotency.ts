import { z } from 'zod';
import { TICKET_MESSAGES } from '../messages.ts';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** The header both payment calls require: the same key again answers the first result. */
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string({ error: TICKET_MESSAGES.idempotencyKeyRequired })
    .trim()
    .min(1, TICKET_MESSAGES.idempotencyKeyRequired)
    .max(200, 'Idempotency-Key header is too long (200 characters at most)'),
});

/** A scan's Idempotency-Key header: optional (the field app always sends one). */
export const optionalIdempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .trim()
    .min(1, 'Idempotency-Key header is empty')
    .max(200, 'Idempotency-Key header is too long (200 characters at most)')
    .optional(),
});
