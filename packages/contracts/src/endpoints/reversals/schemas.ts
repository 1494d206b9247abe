/** Reversing a payment recorded in error (issue 44): POST /api/payment/{id}/reverse. */
import { z } from 'zod';
import { changeReason } from '../../schemas/fields.ts';

export const paymentReverseRequest = z.object({
  reason: changeReason('reason').min(1, 'reason is required: say why this payment is reversed'),
});
export type PaymentReverseRequest = z.input<typeof paymentReverseRequest>;

export const paymentReversal = z.object({
  paymentId: z.string(),
  kind: z.enum(['subscription', 'penalty']),
  receiptNo: z.string(),
  /** naira */
  amount: z.number(),
  reason: z.string(),
  reversedAt: z.string(),
  /** A subscription payment's: the motorist's expiry before and after (ISO); null for a penalty payment. */
  expiresBefore: z.string().nullable(),
  expiresAfter: z.string().nullable(),
  /** A penalty payment's: the outstanding penalty before and after (naira); null for a subscription payment. */
  outstandingBefore: z.number().nullable(),
  outstandingAfter: z.number().nullable(),
});
export type PaymentReversal = z.infer<typeof paymentReversal>;
export const paymentReverseResponse = z.object({ message: z.string(), data: paymentReversal });

/** What the console and the public receipt check say of a reversal (English; the public pages' other languages may key on these). */
export const REVERSAL_MESSAGES = {
  reversed: 'Payment reversed',
} as const;
