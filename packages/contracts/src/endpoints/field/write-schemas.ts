/** The field agents' writes: a scan, a subscription payment, a penalty payment (POST /api/field/*). */
import { z } from 'zod';
import { AGENT_MODES_OF_PAYMENT, SUBSCRIPTION_STATUSES, VEHICLE_TYPES, type AgentModeOfPayment } from '../../domain.ts';
import { FIELD_MESSAGES } from '../../field-app.ts';
import { TICKET_MESSAGES } from '../../messages.ts';
import { capturedAtField, captureLocation } from '../../schemas/capture.ts';
import { enumOf, nairaAmount, userCodeField, uuidField } from '../../schemas/fields.ts';
import { REFERENCE_MAX_LENGTH } from '../../till-app.ts';
import { paymentRecord } from '../records/schemas.ts';
import { ticketSubscription } from '../subscriptions/schemas.ts';

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
  modeOfPayment: enumOf('modeOfPayment', AGENT_MODES_OF_PAYMENT),
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
const bankNameUnlessCash = (body: { modeOfPayment: AgentModeOfPayment; bankName?: string }) => body.modeOfPayment === 'cash' || !!body.bankName;
const bankNameRule = { message: 'bankName is required unless modeOfPayment is cash', path: ['bankName'] };
const referenceUnlessCash = (body: { modeOfPayment: AgentModeOfPayment; reference?: string }) => body.modeOfPayment === 'cash' || !!body.reference;
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
