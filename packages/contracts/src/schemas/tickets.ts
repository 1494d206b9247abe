/**
 * Tickets: subscription plans, penalty charges, the motorist's ticket subscription, the field-agent
 * calls (scan, subscription payment, penalty payment) and the scan and payment records.
 *
 * Money: the API speaks naira numbers with at most 2 decimals; the server stores integer kobo.
 */
import { z } from 'zod';
import { MODES_OF_PAYMENT, PAYMENT_STATUSES, PLAN_NAMES, SUBSCRIPTION_STATUSES, VEHICLE_TYPES, type ModeOfPayment } from '../domain.ts';
import { capturedAtField, captureLocation } from './capture.ts';
import { FIELD_MESSAGES } from '../field-app.ts';
import { REFERENCE_MAX_LENGTH, TILL_MESSAGES } from '../till-app.ts';
import { normaliseIdentifier } from './auth.ts';
import { listQuery, paginated } from './common.ts';

// ---------------------------------------------------------------------------------------------
// Vocabulary

// SUBSCRIPTION_STATUSES, PAYMENT_STATUSES, MODES_OF_PAYMENT: in ../domain.ts (no schemas: the field app's first load reads them).

/** The grace period after expiry when the settings table does not say otherwise. */
export const DEFAULT_GRACE_PERIOD_DAYS = 3;

/** Largest amount accepted anywhere, in naira (keeps every kobo sum exact). */
export const MAX_NAIRA_AMOUNT = 10_000_000_000;

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

export const TICKET_MESSAGES = {
  planCreated: 'Plan created successfully',
  /** Fixed by the spec: the plan modal closes on it. */
  planUpdated: 'Plan updated successfully',
  planDeleted: 'Plan deleted successfully',
  penaltyCreated: 'Penalty charge created successfully',
  penaltyUpdated: 'Penalty charge updated successfully',
  specificPenaltyUpdated: 'Penalty updated successfully',
  paused: 'Subscription paused successfully',
  resumed: 'Subscription resumed successfully',
  alreadyPaused: 'Subscription is already paused',
  notPaused: 'Subscription is not paused',
  scanRecorded: 'Scan recorded',
  subscriptionPaymentRecorded: 'Subscription payment recorded',
  /** A payment refused: the account is suspended or deleted (DESIGN: no payment for them). */
  paymentRefusedSuspended: 'This motorist is suspended: no payment can be taken until an admin restores the account',
  paymentRefusedDeleted: "This motorist's account is deleted: no payment can be taken",
  penaltyPaymentRecorded: 'Penalty payment recorded',
  idempotencyKeyRequired: 'Idempotency-Key header is required',
  idempotencyKeyReused: 'Idempotency-Key was already used for a different request',
  /** Non-cash money is matched to the bank or the acquirer by the channel's reference (issue 42, tills). */
  referenceRequired: TILL_MESSAGES.referenceRequired,
} as const;

/** Why staff changed something (kept in the audit log and the motorist's history); blank is no reason. */
export const CHANGE_REASON_MAX_LENGTH = 500;
const changeReason = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(CHANGE_REASON_MAX_LENGTH, `${field} must be at most ${CHANGE_REASON_MAX_LENGTH} characters`);

/** The default ceiling of a motorist's penalty: this many times the vehicle type's penalty charge (setting penalty_ceiling_multiple). */
export const DEFAULT_PENALTY_CEILING_MULTIPLE = 10;

// ---------------------------------------------------------------------------------------------
// Money

const NAIRA_TEXT = /^\d+(\.\d{1,2})?$/;

/**
 * An amount in naira: a number (or numeric text, as forms send it), at most 2 decimals, above 0
 * (or at least 0 with allowZero), at most MAX_NAIRA_AMOUNT. Every message names the field.
 */
export function nairaAmount(field: string, options: { allowZero?: boolean } = {}) {
  return z
    .union([z.number(), z.string()], {
      error: (issue) => (issue.input === undefined || issue.input === null ? `${field} is required` : `${field} must be a number`),
    })
    .transform((value, ctx) => {
      const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : 'NaN') : value.trim();
      if (text === '') {
        ctx.addIssue({ code: 'custom', message: `${field} is required` });
        return z.NEVER;
      }
      if (text.startsWith('-')) {
        ctx.addIssue({ code: 'custom', message: options.allowZero ? `${field} must not be negative` : `${field} must be more than 0` });
        return z.NEVER;
      }
      if (!NAIRA_TEXT.test(text)) {
        ctx.addIssue({ code: 'custom', message: `${field} must be an amount in naira with at most 2 decimals` });
        return z.NEVER;
      }
      const naira = Number(text);
      if (!options.allowZero && naira === 0) {
        ctx.addIssue({ code: 'custom', message: `${field} must be more than 0` });
        return z.NEVER;
      }
      if (naira > MAX_NAIRA_AMOUNT) {
        ctx.addIssue({ code: 'custom', message: `${field} must be at most ${MAX_NAIRA_AMOUNT}` });
        return z.NEVER;
      }
      return naira;
    });
}

const enumOf = <T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be text`) })
    .trim()
    .toLowerCase()
    .pipe(z.enum(values, { error: `${field} must be one of ${values.join(', ')}` }));

const uuidField = (field: string) => z.uuid({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a valid id`) });

const userCodeField = z
  .string({ error: 'userCode is required' })
  .transform(normaliseIdentifier)
  .pipe(z.string().min(1, 'userCode is required').max(64, 'userCode is too long'));

// ---------------------------------------------------------------------------------------------
// Plans: POST/GET/PATCH/DELETE /api/subscription

export const planCreateRequest = z.object({
  name: enumOf('name', PLAN_NAMES),
  vehicleType: enumOf('vehicleType', VEHICLE_TYPES),
  price: nairaAmount('price'),
});
export type PlanCreateRequest = z.input<typeof planCreateRequest>;

/** PATCH /api/subscription/{id}: any of the fields; the console sends all three. */
export const planUpdateRequest = z
  .object({
    name: enumOf('name', PLAN_NAMES).optional(),
    vehicleType: enumOf('vehicleType', VEHICLE_TYPES).optional(),
    price: nairaAmount('price').optional(),
  })
  .refine((body) => body.name !== undefined || body.vehicleType !== undefined || body.price !== undefined, {
    message: 'name, vehicleType or price is required',
  });
export type PlanUpdateRequest = z.input<typeof planUpdateRequest>;

/** GET /api/subscription?types=keke */
export const planListQuery = z.object({ types: enumOf('types', VEHICLE_TYPES).optional() });

export const plan = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.enum(PLAN_NAMES),
  vehicleType: z.enum(VEHICLE_TYPES),
  /** naira */
  price: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Plan = z.infer<typeof plan>;
export const planResponse = z.object({ message: z.string(), data: plan });
export const planListResponse = z.object({ data: z.array(plan) });

// ---------------------------------------------------------------------------------------------
// Penalty charges: POST/GET/PATCH /api/penalty; POST /api/specificPenalty

export const penaltyChargeCreateRequest = z.object({
  vehicleType: enumOf('vehicleType', VEHICLE_TYPES),
  price: nairaAmount('price'),
});
export type PenaltyChargeCreateRequest = z.input<typeof penaltyChargeCreateRequest>;

export const penaltyChargeUpdateRequest = z
  .object({
    vehicleType: enumOf('vehicleType', VEHICLE_TYPES).optional(),
    price: nairaAmount('price').optional(),
  })
  .refine((body) => body.vehicleType !== undefined || body.price !== undefined, { message: 'vehicleType or price is required' });
export type PenaltyChargeUpdateRequest = z.input<typeof penaltyChargeUpdateRequest>;

export const penaltyCharge = z.object({
  _id: z.string(),
  id: z.string(),
  vehicleType: z.enum(VEHICLE_TYPES),
  /** naira */
  price: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PenaltyCharge = z.infer<typeof penaltyCharge>;
export const penaltyChargeResponse = z.object({ message: z.string(), data: penaltyCharge });
export const penaltyChargeListResponse = z.object({ data: z.array(penaltyCharge) });

/**
 * Sets a motorist's outstanding penalty. The subscription is named by `subID` (or `id`, as the
 * original console sent it); the motorist's own id is accepted too. `price` may be 0 (clears it).
 */
export const specificPenaltyRequest = z
  .object({
    subID: uuidField('subID').optional(),
    id: uuidField('id').optional(),
    price: nairaAmount('price', { allowZero: true }),
    reason: changeReason('reason').optional(),
  })
  .refine((body) => body.subID !== undefined || body.id !== undefined, { message: 'subID is required', path: ['subID'] })
  .transform((body) => ({ subscriptionId: (body.subID ?? body.id)!, price: body.price, reason: body.reason || null }));
export type SpecificPenaltyRequest = z.input<typeof specificPenaltyRequest>;

// ---------------------------------------------------------------------------------------------
// The motorist's ticket subscription (spec section 3 "TicketSubscription")

export const ticketSubscription = z.object({
  _id: z.string(),
  id: z.string(),
  /** The motorist. */
  userId: z.string(),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  /**
   * When the paid time ends. While paused: when it would end if resumed now (the remaining time
   * is frozen).
   */
  subscriptionExpiryDate: z.string(),
  /** End of the grace period after the expiry. */
  graceEndsAt: z.string(),
  /** Number of subscription payments. */
  accumulated: z.number().int(),
  /** naira: sum of subscription payments. */
  accumulatedAmount: z.number(),
  /** naira: the penalty owed. */
  outstandingPayment: z.number(),
  pausedAt: z.string().nullable(),
  /** The renewal date: the last payment, else when the subscription was opened. */
  createdAt: z.string(),
  renewedAt: z.string().nullable(),
  /** The receipt number of the last subscription payment; null before the first. */
  lastReceiptNo: z.string().nullable(),
  /** The plan last paid for (or asked for at registration). */
  subscription: z.object({ _id: z.string(), id: z.string(), name: z.enum(PLAN_NAMES), vehicleType: z.enum(VEHICLE_TYPES), price: z.number() }).nullable(),
});
export type TicketSubscription = z.infer<typeof ticketSubscription>;

/** PATCH /api/subscription/pause/{id}, /resume/{id}: id is the subscription's (or the motorist's). */
/** PATCH /api/subscription/pause/{id}: why (optional in the API, as the spec sends no body; the console asks for it). */
export const pauseSubscriptionRequest = z
  .object({ reason: changeReason('reason').optional() })
  .nullish()
  .transform((body) => ({ reason: body?.reason || null }));
export type PauseSubscriptionRequest = z.input<typeof pauseSubscriptionRequest>;

/** What a change to a motorist's subscription answers: pause, resume, and POST /api/specificPenalty. */
export const subscriptionActionResponse = z.object({ message: z.string(), data: ticketSubscription });

// ---------------------------------------------------------------------------------------------
// Field-agent calls

/**
 * POST /api/field/scan (enforcer): the motorist by userCode (or, typed on a phone, by plateNumber);
 * from the field app also when (capturedAt) and where (location) the scan was made, and an
 * optional Idempotency-Key header.
 */
/**
 * Who a field call is about: the Unique ID (userCode, from the QR code) or, typed on a phone, the
 * plate (plateNumber, any case and spacing), which the server resolves when the call arrives.
 */
const motoristTarget = {
  userCode: userCodeField.optional(),
  plateNumber: z.string({ error: 'plateNumber must be text' }).trim().max(20, 'plateNumber is too long').optional(),
};
const hasTarget = (body: { userCode?: string; plateNumber?: string }) => body.userCode !== undefined || !!body.plateNumber;
const targetRule = { message: FIELD_MESSAGES.motoristRequired, path: ['userCode'] };

export const fieldScanRequest = z.object({ ...motoristTarget, capturedAt: capturedAtField, location: captureLocation }).refine(hasTarget, targetRule);
export type FieldScanRequest = z.input<typeof fieldScanRequest>;

/** Who an enforcer scanned: no phone, email, address or ID, as the field look-up (DESIGN.md: least privilege). */
export const fieldMotorist = z.object({
  _id: z.string(),
  id: z.string(),
  userCode: z.string(),
  fullName: z.string(),
  registrationStatus: z.string(),
});
export const fieldVehicle = z.object({ plateNumber: z.string(), vehicleModel: z.string().nullable(), vehicleType: z.enum(VEHICLE_TYPES) });

export const fieldScanResponse = z.object({
  message: z.string(),
  data: z.object({
    scanId: z.string(),
    scannedAt: z.string(),
    motorist: fieldMotorist,
    vehicle: fieldVehicle,
    subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
    /** naira: the penalty owed after this scan. */
    outstandingPayment: z.number(),
    /** naira: what this scan added (the vehicle type's penalty charge, at most once per Lagos day). */
    penaltyAdded: z.number(),
    ticketSubscription: ticketSubscription,
    /** Signed link to the motorist's portrait (short-lived); null when there is none. */
    photoUrl: z.string().nullable().optional(),
    /**
     * true: this agent scanned this vehicle a few minutes before (SCAN_REPEAT_MINUTES); the answer is
     * that first scan's (scanId, scannedAt, status, penalty) and nothing new was recorded.
     */
    repeated: z.boolean().optional(),
  }),
});
export type FieldScanResponse = z.infer<typeof fieldScanResponse>;

const paymentMeans = {
  modeOfPayment: enumOf('modeOfPayment', MODES_OF_PAYMENT),
  /** Required unless modeOfPayment is cash. */
  bankName: z.string({ error: 'bankName must be text' }).trim().toLowerCase().max(100, 'bankName is too long').optional(),
  /**
   * Required unless modeOfPayment is cash: the transfer's, POS slip's or card payment's reference, as
   * typed (trimmed); one reference pays once per mode of payment. Ignored for cash.
   */
  reference: z
    .string({ error: 'reference must be text' })
    .trim()
    .max(REFERENCE_MAX_LENGTH, `reference must be at most ${REFERENCE_MAX_LENGTH} characters`)
    .optional(),
};
const bankNameUnlessCash = (body: { modeOfPayment: ModeOfPayment; bankName?: string }) => body.modeOfPayment === 'cash' || !!body.bankName;
const bankNameRule = { message: 'bankName is required unless modeOfPayment is cash', path: ['bankName'] };
const referenceUnlessCash = (body: { modeOfPayment: ModeOfPayment; reference?: string }) => body.modeOfPayment === 'cash' || !!body.reference;
const referenceRule = { message: TICKET_MESSAGES.referenceRequired, path: ['reference'] };

/** POST /api/field/subscription-payment (remitter); header Idempotency-Key. subscriptionId is the plan's id. */
export const subscriptionPaymentRequest = z
  .object({ ...motoristTarget, subscriptionId: uuidField('subscriptionId'), ...paymentMeans, capturedAt: capturedAtField })
  .refine(hasTarget, targetRule)
  .refine(bankNameUnlessCash, bankNameRule)
  .refine(referenceUnlessCash, referenceRule);
export type SubscriptionPaymentRequest = z.input<typeof subscriptionPaymentRequest>;

/** POST /api/field/penalty-payment (remitter); header Idempotency-Key. */
export const penaltyPaymentRequest = z
  .object({ ...motoristTarget, amount: nairaAmount('amount'), ...paymentMeans, capturedAt: capturedAtField })
  .refine(hasTarget, targetRule)
  .refine(bankNameUnlessCash, bankNameRule)
  .refine(referenceUnlessCash, referenceRule);
export type PenaltyPaymentRequest = z.input<typeof penaltyPaymentRequest>;

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

// ---------------------------------------------------------------------------------------------
// Records: GET /api/scan, /api/sub-history, /api/penalty-history

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

const personRef = z.object({ _id: z.string(), id: z.string(), fullName: z.string(), userCode: z.string() });

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

/** GET /api/penalty-changes: one motorist's penalty changes (their details page), paged, newest first. */
export const penaltyChangesQuery = listQuery.pick({ page: true, limit: true }).extend({
  motorist: z.uuid({ message: 'motorist must be a valid id' }),
});
export type PenaltyChangesQuery = z.input<typeof penaltyChangesQuery>;

/** A change staff made to a motorist's outstanding penalty (POST /api/specificPenalty). */
export const penaltyChange = z.object({
  _id: z.string(),
  id: z.string(),
  createdAt: z.string(),
  /** naira, before and after */
  previousAmount: z.number(),
  newAmount: z.number(),
  /** Why (issue 26); null for changes made without one. */
  reason: z.string().nullable(),
  changedBy: personRef,
});
export type PenaltyChange = z.infer<typeof penaltyChange>;
export const penaltyChangeList = paginated(penaltyChange);
export type PenaltyChangeList = z.infer<typeof penaltyChangeList>;

/** What a payment call answers (201), and what a repeat with the same Idempotency-Key answers again. */
export const paymentResponse = z.object({
  message: z.string(),
  data: z.object({
    payment: paymentRecord,
    ticketSubscription: ticketSubscription,
    /** The motorist's plate, for the field receipt of a payment taken offline by Unique ID (absent from answers kept before it). */
    plateNumber: z.string().nullable().optional(),
  }),
});
export type PaymentResponse = z.infer<typeof paymentResponse>;
