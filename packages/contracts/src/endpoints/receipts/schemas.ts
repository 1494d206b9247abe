import { z } from 'zod';
import { MODES_OF_PAYMENT, PLAN_NAMES, VEHICLE_TYPES } from '../../domain.ts';

/** GET /api/receipts/:no: a receipt number as typed or scanned (receipts.ts parseReceiptNo reads it). */
export const receiptParam = z.object({ no: z.string() });

const person = z.object({ fullName: z.string(), userCode: z.string() });

/**
 * A payment's receipt as the console prints it (A5 page or 58 mm roll): what a motorist is handed,
 * more than the public check shows (the motorist's name and Unique ID).
 */
export const printableReceipt = z.object({
  receiptNo: z.string(),
  kind: z.enum(['subscription', 'penalty']),
  /** naira */
  amount: z.number(),
  modeOfPayment: z.enum(MODES_OF_PAYMENT),
  bankName: z.string().nullable(),
  /** The plan paid for; a penalty payment: null. */
  planName: z.enum(PLAN_NAMES).nullable(),
  vehicleType: z.enum(VEHICLE_TYPES),
  plateNumber: z.string().nullable(),
  /** A subscription payment: the ticket's expiry it set; a penalty payment: null. */
  newExpiry: z.string().nullable(),
  /** A penalty payment: the penalty still owed after it (naira); a subscription payment: null. */
  penaltyLeft: z.number().nullable(),
  motorist: person,
  /** The remitter who collected it. */
  agent: person,
  /** When the money was taken. */
  paidAt: z.string(),
});
export type PrintableReceipt = z.infer<typeof printableReceipt>;
export const printableReceiptReply = z.object({ data: printableReceipt });
