/** The scan and payment records: GET /api/scan, /api/sub-history, /api/penalty-history. */
import { z } from 'zod';
import { MODES_OF_PAYMENT, PAYMENT_STATUSES, PLAN_NAMES, SUBSCRIPTION_STATUSES, VEHICLE_TYPES } from '../../domain.ts';
import { listQuery, paginated } from '../../schemas/common.ts';
import { personRef } from '../../schemas/fields.ts';

/**
 * page, limit, search, startDate, endDate. A date given as YYYY-MM-DD is a whole Africa/Lagos day
 * (endDate inclusive); a full timestamp is taken as that instant. search is matched exactly against
 * a vehicle type, a subscription status (scans), a plan name or a mode of payment (payments); in
 * payments a receipt number (any case, hyphens or not); else the start of a Unique ID, part of a name,
 * email or phone (of the motorist or of the agent), or part of the motorist's plate. Newest first.
 */
/** GET /api/scan, /api/sub-history, /api/penalty-history: the list query, and motorist (an id) for one motorist's rows (their details page). */
export const recordsQuery = listQuery.omit({ online: true }).extend({
  motorist: z.uuid({ message: 'motorist must be a valid id' }).optional(),
});
export type RecordsQuery = z.input<typeof recordsQuery>;

/**
 * GET /api/sub-history and /api/penalty-history: the records query and filters of their own (each
 * optional, all applied together): vehicle type, plan, mode of payment, remitter (an id), status.
 */
export const paymentRecordsQuery = recordsQuery.extend({
  vehicleType: z.enum(VEHICLE_TYPES, { message: `vehicleType must be one of ${VEHICLE_TYPES.join(', ')}` }).optional(),
  plan: z.enum(PLAN_NAMES, { message: `plan must be one of ${PLAN_NAMES.join(', ')}` }).optional(),
  modeOfPayment: z.enum(MODES_OF_PAYMENT, { message: `modeOfPayment must be one of ${MODES_OF_PAYMENT.join(', ')}` }).optional(),
  remitter: z.uuid({ message: 'remitter must be a valid id' }).optional(),
  status: z.enum(PAYMENT_STATUSES, { message: `status must be one of ${PAYMENT_STATUSES.join(', ')}` }).optional(),
});
export type PaymentRecordsQuery = z.input<typeof paymentRecordsQuery>;

/** The whole filter of a payment list (not the page): how many payments, and their total in naira. */
export const paymentSummary = z.object({ count: z.number().int(), amount: z.number() });
export type PaymentSummary = z.infer<typeof paymentSummary>;

/** A Scan Record row (spec section 3 "Scan record"). */
export const scanRecord = z.object({
  _id: z.string(),
  id: z.string(),
  createdAt: z.string(),
  /** The enforcer who scanned ("Scanned By": agentId.userID.fullName). */
  agentId: z.object({ _id: z.string(), userID: personRef }),
  /** The motorist ("Motorist Unique ID": kyc.userID.userCode). */
  kyc: z.object({ _id: z.string(), userID: personRef }),
  vehicle: z.object({ vehicleType: z.enum(VEHICLE_TYPES), plateNumber: z.string().nullable() }),
  /** The subscription as it stood at the scan. */
  ticketSubscription: z.object({
    subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
    subscriptionExpiryDate: z.string(),
    /** naira */
    outstandingPayment: z.number(),
  }),
  /** naira: penalty this scan added. */
  penaltyAdded: z.number(),
});
export type ScanRecord = z.infer<typeof scanRecord>;
export const scanRecordList = paginated(scanRecord);

/** A Transaction History or Penalty Payment History row (spec section 3). */
export const paymentRecord = z.object({
  _id: z.string(),
  id: z.string(),
  /** See receipts.ts, e.g. S7KQ-2M9X-D4HP. */
  receiptNo: z.string(),
  bankName: z.string().nullable(),
  modeOfPayment: z.enum(MODES_OF_PAYMENT),
  /** The channel's reference of a transfer, POS or card payment; null for cash (and payments before issue 42). */
  reference: z.string().nullable(),
  motorist: z.object({ _id: z.string(), uniqueId: z.string(), fullName: z.string() }),
  /** The plan paid for (a penalty payment: the motorist's plan at the time, if any). */
  subscription: z.object({ _id: z.string().nullable(), name: z.enum(PLAN_NAMES).nullable(), vehicleType: z.enum(VEHICLE_TYPES) }),
  /** naira */
  amount: z.number(),
  status: z.enum(PAYMENT_STATUSES),
  /** The remitter ("Remitted By"). */
  addedBy: personRef,
  createdAt: z.string(),
});
export type PaymentRecord = z.infer<typeof paymentRecord>;

/** A page of a payment list, with the summary of its whole filter beside data and paginator. */
export const paymentRecordList = paginated(paymentRecord).extend({ summary: paymentSummary });
export type PaymentRecordList = z.infer<typeof paymentRecordList>;
