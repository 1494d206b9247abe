/**
 * Disputes from the public (issue 44; docs/disputes.md): reported on a check page (/v, /r, /a)
 * without an account, worked in the console's Disputes queue. Times are ISO instants.
 */
import { z } from 'zod';
import { listQuery, paginated } from '../../schemas/common.ts';
import type { PersonalFieldClass } from '../../personal-data.ts';
import { enumOf, uuidField } from '../../schemas/fields.ts';

/** Why a member of the public reports a problem (the form's choices, in this order). */
export const DISPUTE_REASONS = ['paid_but_stopped', 'receipt_not_genuine', 'collector_misconduct', 'sticker_fake', 'other'] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];
/** The check page a dispute was sent from. */
export const DISPUTE_SOURCES = ['vehicle', 'receipt', 'agent'] as const;
export type DisputeSource = (typeof DISPUTE_SOURCES)[number];
/** open: nobody has it; in_review: assigned to a staff member; resolved: upheld or not, outcome texted. */
export const DISPUTE_STATES = ['open', 'in_review', 'resolved'] as const;
export type DisputeState = (typeof DISPUTE_STATES)[number];
export const DISPUTE_OUTCOMES = ['upheld', 'not_upheld'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];

/** A dispute not resolved this many hours after it was sent is overdue. */
export const DISPUTE_DUE_HOURS = 72;
export const DISPUTE_DESCRIPTION_MAX_LENGTH = 1000;
export const DISPUTE_NOTE_MAX_LENGTH = 1000;
/** The outcome is texted: two SMS parts at most. */
export const DISPUTE_OUTCOME_MAX_LENGTH = 300;

/**
 * The personal data a dispute holds (docs/data-protection.md): the reporter's phone, of class contact,
 * masked in every reply (the queue and one dispute alike); only the SMS outbox reads it whole.
 */
export const DISPUTE_PERSONAL_DATA = {
  phone: { class: 'contact', shape: 'text', why: "texting a dispute's reporter its outcome" },
} as const satisfies Record<string, PersonalFieldClass>;

/** How the console names each reason and state. */
export const DISPUTE_REASON_LABELS: Record<DisputeReason, string> = {
  paid_but_stopped: 'Paid but stopped or charged',
  receipt_not_genuine: 'Receipt not genuine',
  collector_misconduct: 'Collector asked for more or had no ID',
  sticker_fake: 'Sticker is fake',
  other: 'Other',
};
export const DISPUTE_STATE_LABELS: Record<DisputeState, string> = { open: 'Open', in_review: 'In review', resolved: 'Resolved' };
export const DISPUTE_OUTCOME_LABELS: Record<DisputeOutcome, string> = { upheld: 'Upheld', not_upheld: 'Not upheld' };

const ref = z.object({ id: z.string(), fullName: z.string(), userCode: z.string() });

export const dispute = z.object({
  id: z.string(),
  reference: z.string(),
  source: z.enum(DISPUTE_SOURCES),
  /** The code or receipt number of the page it was sent from. */
  sourceCode: z.string(),
  reason: z.enum(DISPUTE_REASONS),
  description: z.string(),
  /** The reporter's phone, masked (0803***4567); null when none was given. */
  phone: z.string().nullable(),
  state: z.enum(DISPUTE_STATES),
  createdAt: z.string(),
  /** When it is overdue (created + DISPUTE_DUE_HOURS), hours since it was sent, and whether it is overdue (unresolved past due). */
  dueAt: z.string(),
  ageHours: z.number(),
  overdue: z.boolean(),
  /** What the page's code names: the vehicle's motorist, the agent, the receipt, the vehicle's latest scan before the report. */
  motorist: ref.extend({ plateNumber: z.string().nullable() }).nullable(),
  agent: ref.nullable(),
  receiptNo: z.string().nullable(),
  scan: z.object({ id: z.string(), createdAt: z.string(), agent: ref }).nullable(),
  assignee: z.object({ id: z.string(), fullName: z.string() }).nullable(),
  outcome: z.enum(DISPUTE_OUTCOMES).nullable(),
  outcomeText: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.object({ id: z.string(), fullName: z.string() }).nullable(),
});
export type Dispute = z.infer<typeof dispute>;

export const disputeNote = z.object({ id: z.string(), body: z.string(), createdAt: z.string(), author: z.object({ id: z.string(), fullName: z.string() }) });
export type DisputeNote = z.infer<typeof disputeNote>;
export const disputeDetail = dispute.extend({ notes: z.array(disputeNote) });
export type DisputeDetail = z.infer<typeof disputeDetail>;
export const disputeDetailResponse = z.object({ data: disputeDetail });
export const disputeActionResponse = z.object({ message: z.string(), data: disputeDetail });
export type DisputeActionResponse = z.infer<typeof disputeActionResponse>;

/** GET /api/disputes: newest first; state, reason, age (overdue: unresolved past 72 hours; due: unresolved within them), search: the reference or the page's code. */
export const DISPUTE_AGES = ['overdue', 'due'] as const;
export type DisputeAge = (typeof DISPUTE_AGES)[number];
export const disputeListQuery = listQuery.omit({ online: true }).extend({
  state: z.enum(DISPUTE_STATES, { message: `state must be one of ${DISPUTE_STATES.join(', ')}` }).optional(),
  reason: z.enum(DISPUTE_REASONS, { message: `reason must be one of ${DISPUTE_REASONS.join(', ')}` }).optional(),
  age: z.enum(DISPUTE_AGES, { message: `age must be one of ${DISPUTE_AGES.join(', ')}` }).optional(),
});
export type DisputeListQuery = z.input<typeof disputeListQuery>;
export const disputeList = paginated(dispute);
export type DisputeList = z.infer<typeof disputeList>;

/** GET /api/disputes/summary: the admin dashboard's counts. */
export const disputeSummary = z.object({
  open: z.number().int(),
  inReview: z.number().int(),
  overdue: z.number().int(),
  resolvedLast7Days: z.number().int(),
});
export type DisputeSummary = z.infer<typeof disputeSummary>;
export const disputeSummaryResponse = z.object({ data: disputeSummary });

/** Who a dispute may be assigned to: approved staff who work the queue. */
export const disputeAssignees = z.object({ data: z.array(z.object({ id: z.string(), fullName: z.string(), userCode: z.string() })) });
export type DisputeAssignees = z.infer<typeof disputeAssignees>;

const text = (field: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be text`) })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

export const disputeAssignRequest = z.object({ assigneeId: uuidField('assigneeId') });
export const disputeNoteRequest = z.object({ note: text('note', DISPUTE_NOTE_MAX_LENGTH) });
export const disputeResolveRequest = z.object({
  outcome: enumOf('outcome', DISPUTE_OUTCOMES),
  outcomeText: text('outcomeText', DISPUTE_OUTCOME_MAX_LENGTH),
});
export type DisputeResolveRequest = z.input<typeof disputeResolveRequest>;

/** The public form's fields (posted as a form, without JavaScript); phone: a Nigerian mobile number or blank. */
export const disputeReportForm = z.object({
  reason: enumOf('reason', DISPUTE_REASONS),
  description: text('description', DISPUTE_DESCRIPTION_MAX_LENGTH),
  phone: z
    .string({ error: 'phone must be text' })
    .trim()
    .max(32, 'phone must be a Nigerian mobile number')
    .optional()
    .transform((value) => value || undefined),
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(200, 'token is not valid'),
});
export type DisputeReportForm = z.output<typeof disputeReportForm>;
