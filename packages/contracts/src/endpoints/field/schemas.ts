/**
 * The field app's calls (issue 22): capture time and place of scans and payments made on a phone,
 * the agent's lookup of a motorist, the plans of a vehicle type, the compliance list for offline
 * verdicts, and the agent's own day.
 */
import { z } from 'zod';
import { MODES_OF_PAYMENT, PLAN_NAMES, SUBSCRIPTION_STATUSES, VEHICLE_TYPES } from '../../domain.ts';
import { normaliseIdentifier } from '../../identifier.ts';
export * from '../../schemas/capture.ts';

export * from '../../field-app.ts';

/** GET /api/field/motorist?q= : a Unique ID or a plate number. */
export const fieldLookupQuery = z.object({
  q: z.string({ error: 'q is required (a Unique ID or plate number)' }).trim().min(1, 'q is required (a Unique ID or plate number)').max(64, 'q is too long'),
});
export type FieldLookupQuery = z.input<typeof fieldLookupQuery>;

/** A plate as stored (upper case, single spaces) and as typed on a phone (any case and spacing). */
export const plateKey = (value: string) => value.toUpperCase().replace(/[\s-]+/g, '');
export const codeKey = normaliseIdentifier;

/** What an agent sees of a motorist: no phone, email, address or ID (DESIGN.md: least privilege). */
export const fieldMotoristView = z.object({
  id: z.string(),
  userCode: z.string(),
  fullName: z.string(),
  registrationStatus: z.string(),
  /** Signed link to the portrait, valid for a short time; null when there is none. */
  photoUrl: z.string().nullable(),
  plateNumber: z.string(),
  vehicleModel: z.string().nullable(),
  vehicleType: z.enum(VEHICLE_TYPES),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  expiresAt: z.string(),
  planName: z.enum(PLAN_NAMES).nullable(),
  /** naira */
  outstandingPayment: z.number(),
  /** false: registered and never paid (within the first grace period the app says "not paid yet", not GRACE). */
  everPaid: z.boolean(),
});
export type FieldMotoristView = z.infer<typeof fieldMotoristView>;
export const fieldLookupResponse = z.object({ data: fieldMotoristView });

/** GET /api/field/plans?vehicleType= */
export const fieldPlansQuery = z.object({
  vehicleType: z
    .string({ error: 'vehicleType is required' })
    .trim()
    .toLowerCase()
    .pipe(z.enum(VEHICLE_TYPES, { error: `vehicleType must be one of ${VEHICLE_TYPES.join(', ')}` })),
});
export const fieldPlan = z.object({ id: z.string(), name: z.enum(PLAN_NAMES), vehicleType: z.enum(VEHICLE_TYPES), price: z.number() });
export type FieldPlan = z.infer<typeof fieldPlan>;
export const fieldPlansResponse = z.object({ data: z.array(fieldPlan) });

/**
 * GET /api/field/compliance: the compact list behind offline verdicts, in columns
 * (compliance-list.ts: encodeCompliance / decodeCompliance). Each entry stands for
 * [userCode, paidUntil in epoch seconds (0 while paused), flags, plate search key]; flags: 1 = owes
 * a penalty, 2 = paused. A full copy comes in pages by userCode (`after`); `since` (the asOf of an
 * earlier reply) gives only the entries changed since, when they fit in one page.
 */
export const complianceQuery = z.object({
  after: z.string().max(64, 'after is too long').optional(),
  since: z.string().datetime({ offset: true, error: 'since must be an ISO date and time' }).optional(),
});
/** [userCode, paidUntil, flags, plate (lower-case letters and digits only, '' when none): a plate typed offline is found]. */
export const complianceEntry = z.tuple([z.string(), z.number().int(), z.number().int(), z.string()]);
export type ComplianceEntry = z.infer<typeof complianceEntry>;
export const complianceResponse = z.object({
  data: z.object({
    /** Server time the reply reflects: the `since` of the next refresh, and the columns' reference. */
    asOf: z.string(),
    graceDays: z.number(),
    /** Entries in `codes`, `times` and `plates`. */
    count: z.number().int(),
    /** The first 10-character Unique ID as a base-36 number (0 when none). */
    firstCode: z.number().int(),
    /** The Rice parameter of `codes`. */
    codeBits: z.number().int(),
    /** Base64: the gaps between the sorted 10-character Unique IDs (base-36 numbers), Rice-coded. */
    codes: z.string(),
    /** A letter per code: p paused, d paid-until to the day, s to the second; a capital when a penalty is owed. */
    kinds: z.string(),
    /** Base64: a varint per code kept to the day (d): paid-until's days before the reply's reference day. */
    days: z.string(),
    /** Bits of each value in `seconds`. */
    secondBits: z.number().int(),
    /** Base64: per code kept to the second (s), paid-until's seconds after the reply's reference, `secondBits` bits each. */
    seconds: z.string(),
    /** The areas (first 3 letters) of the plates of Nigeria's shape (`kja123ab`), sorted. */
    plateAreas: z.array(z.string()),
    /** Bits of each plate in `plateCodes`. */
    plateBits: z.number().int(),
    /** Base64: per code, its plate as area index × 676,000 + digits × 676 + letters; the number just past them: a plate in `plateOthers`. */
    plateCodes: z.string(),
    /** The plates of another shape ('' when none), in the codes' order. */
    plateOthers: z.array(z.string()),
    /** Entries whose Unique ID is not 10 letters and digits, as tuples. */
    others: z.array(complianceEntry),
    /** The `after` of the next page; null on the last. */
    next: z.string().nullable(),
    /** With `since`: false when the changes did not fit in one page (fetch the whole list again). */
    complete: z.boolean(),
  }),
});
export type ComplianceReply = z.infer<typeof complianceResponse>['data'];

/** GET /api/field/my-day: the signed-in agent's current Lagos day. */
export const myDayResponse = z.object({
  data: z.object({
    day: z.string(),
    scans: z.object({ count: z.number().int(), penaltiesAdded: z.number().int(), penaltyAmount: z.number() }),
    payments: z.object({
      count: z.number().int(),
      /** null for a remitter holding a till not yet lodged (open or closing): the cash count is blind. */
      total: z.number().nullable(),
      /** amount: null for cash while the remitter's count is blind (as total). */
      byMode: z.array(z.object({ modeOfPayment: z.enum(MODES_OF_PAYMENT), count: z.number().int(), amount: z.number().nullable() })),
      /** naira taken in cash: what a remitter hands in at the day's end; null while the count is blind. */
      cashToHandIn: z.number().nullable(),
    }),
    recent: z.array(
      z.object({
        kind: z.enum(['scan', 'subscription-payment', 'penalty-payment']),
        id: z.string(),
        at: z.string(),
        userCode: z.string(),
        fullName: z.string(),
        plateNumber: z.string().nullable(),
        /** scans: the status seen; payments: the mode of payment */
        detail: z.string(),
        /** naira: payments' amount, scans' penalty added */
        amount: z.number(),
        /** payments: the receipt's number, to open the receipt again; scans: null */
        receiptNo: z.string().nullable(),
      }),
    ),
  }),
});
export type MyDay = z.infer<typeof myDayResponse>['data'];
