import { z } from 'zod';
import { capturedAtField } from '../../schemas/capture.ts';
import { isCalendarDate } from '../../schemas/range.ts';
import { CASH_PAUSE_REASONS, LODGEMENT_KINDS, TILL_CLOSE_STATUSES } from '../../till-app.ts';
import { nairaAmount } from '../../schemas/fields.ts';

/**
 * Remitters' tills (issue 42; docs/tills.md): cash collections go to the remitter's open till; the
 * remitter closes it with a blind count and the lodgement; a remitter-manager or an admin approves
 * or rejects the close. Nothing the remitter is answered says how much cash the server expects.
 */

// The plain constants and messages live in ../till-app.ts (no zod: the field app's first load carries them).
export * from '../../till-app.ts';

const requiredText = (field: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be text`) })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);
const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

// ---------------------------------------------------------------------------------------------
// GET /api/field/till (remitter)

export const fieldTill = z.object({
  /** The till new cash collections go to; null when there is none yet (the next cash collection opens one). */
  till: z
    .object({
      id: z.string(),
      openedAt: z.string(),
      /** How many cash payments are in it (no amount: the count is blind). */
      collections: z.number().int(),
      /** Of those, how many reached the server more than TILL_LATE_HOURS after they were captured. */
      lateCollections: z.number().int(),
      lastCollectionAt: z.string().nullable(),
    })
    .nullable(),
  /** The remitter's close waiting for approval. */
  pendingClose: z.object({ id: z.string(), submittedAt: z.string() }).nullable(),
  /** The latest rejected close whose tills are open again, with the approver's reason. */
  rejected: z.object({ id: z.string(), reason: z.string(), decidedAt: z.string(), decidedBy: z.string() }).nullable(),
  /** Set while the server refuses this remitter's cash collections (non-cash still works). */
  cashPaused: z.object({ reason: z.enum(CASH_PAUSE_REASONS), message: z.string() }).nullable(),
  /** The settings: hours and naira of unlodged cash a remitter may hold. */
  limits: z.object({ hours: z.number(), naira: z.number() }),
});
export type FieldTill = z.infer<typeof fieldTill>;
export const fieldTillResponse = z.object({ data: fieldTill });
export type FieldTillResponse = z.infer<typeof fieldTillResponse>;

// ---------------------------------------------------------------------------------------------
// POST /api/field/till/close (remitter; multipart/form-data; Idempotency-Key)

const lodgedOnField = z
  .string({ error: (issue) => (issue.input === undefined ? 'lodgedOn is required' : 'lodgedOn must be a date (YYYY-MM-DD)') })
  .trim()
  .refine(isCalendarDate, 'lodgedOn must be a date (YYYY-MM-DD)');

export type TillLodgement =
  { kind: 'deposit'; bankName: string; tellerNo: string; lodgedOn: string } | { kind: 'transfer'; reference: string; lodgedOn: string };

/**
 * The close's text fields (multipart/form-data, so flat): counted (naira, ≥ 0: the blind count, which
 * is also the amount lodged), lodgementKind, and for a deposit bankName, tellerNo and the file `slip`
 * (a photo of the deposit slip, optional), for a transfer transferReference; lodgedOn (YYYY-MM-DD),
 * capturedAt (the phone's time). Parsed into { counted, lodgement, capturedAt }.
 */
export const tillCloseRequest = z
  .object({
    counted: nairaAmount('counted', { allowZero: true }),
    lodgementKind: z.enum(LODGEMENT_KINDS, {
      error: (issue) => (issue.input === undefined ? 'lodgementKind is required' : `lodgementKind must be one of ${LODGEMENT_KINDS.join(', ')}`),
    }),
    bankName: optionalText('bankName', 100),
    tellerNo: optionalText('tellerNo', 60),
    transferReference: optionalText('transferReference', 100),
    lodgedOn: lodgedOnField,
    capturedAt: capturedAtField,
  })
  .superRefine((form, ctx) => {
    const need = (field: 'bankName' | 'tellerNo' | 'transferReference') => {
      if (!form[field]) ctx.addIssue({ code: 'custom', path: [field], message: `${field} is required for a ${form.lodgementKind}` });
    };
    if (form.lodgementKind === 'deposit') {
      need('bankName');
      need('tellerNo');
    } else need('transferReference');
  })
  .transform((form) => {
    const lodgement: TillLodgement =
      form.lodgementKind === 'deposit'
        ? { kind: 'deposit', bankName: form.bankName!, tellerNo: form.tellerNo!, lodgedOn: form.lodgedOn }
        : { kind: 'transfer', reference: form.transferReference!, lodgedOn: form.lodgedOn };
    return { counted: form.counted, lodgement, capturedAt: form.capturedAt };
  });
export type TillCloseRequest = z.input<typeof tillCloseRequest>;
export type TillCloseInput = z.output<typeof tillCloseRequest>;

/** The close's answer: no expected amount (the count is blind until a manager decides). */
export const tillCloseResponse = z.object({
  message: z.string(),
  data: z.object({ id: z.string(), status: z.enum(TILL_CLOSE_STATUSES) }),
});
export type TillCloseResponse = z.infer<typeof tillCloseResponse>;

// ---------------------------------------------------------------------------------------------
// POST /api/tills/closes/{id}/approve, /reject (tills write)

const REASON_MAX = 500;
/** reason: required when the count differs from the expected cash. */
export const tillApproveRequest = z.object({ reason: optionalText('reason', REASON_MAX) });
export type TillApproveRequest = z.input<typeof tillApproveRequest>;
export const tillRejectRequest = z.object({ reason: requiredText('reason', REASON_MAX) });
export type TillRejectRequest = z.input<typeof tillRejectRequest>;

/** A decided close, as the approver sees it (naira). variance = counted − expected: negative is short. */
export const tillDecision = z.object({
  id: z.string(),
  status: z.enum(TILL_CLOSE_STATUSES),
  counted: z.number(),
  expected: z.number(),
  /** Written at approval; null for a rejected close. */
  variance: z.number().nullable(),
  reason: z.string().nullable(),
  decidedAt: z.string(),
  decidedBy: z.object({ id: z.string(), fullName: z.string() }),
});
export type TillDecision = z.infer<typeof tillDecision>;
export const tillDecisionResponse = z.object({ message: z.string(), data: tillDecision });
export type TillDecisionResponse = z.infer<typeof tillDecisionResponse>;
