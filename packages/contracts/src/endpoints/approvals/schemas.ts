/** Second approvals (issue 44, maker-checker): GET /api/approvals, its count, approve and reject; the 202 of a wrapped action. */
import { z } from 'zod';
import { listQuery, paginated } from '../../schemas/common.ts';
import { CHANGE_REASON_MAX_LENGTH } from '../../schemas/fields.ts';

/**
 * Every action a second person may have to approve (setting APPROVALS; docs/approvals.md). The
 * default list is all of them; a kind whose action does not exist yet (payment reversal, suspense,
 * a stakeholder's bank account) is simply never asked for.
 */
export const APPROVAL_KINDS = [
  'penalty-waive',
  'payment-reversal',
  'suspense-refund',
  'suspense-assign',
  'till-shortage-writeoff',
  'payout',
  'stakeholder-percentage',
  'stakeholder-bank-account',
  'plan-price',
  'penalty-charge-price',
] as const;
export type ApprovalKindName = (typeof APPROVAL_KINDS)[number];

/** How the console names each kind. */
export const APPROVAL_KIND_LABELS: Record<ApprovalKindName, string> = {
  'penalty-waive': "Lower or waive a motorist's penalty",
  'payment-reversal': 'Reverse a payment',
  'suspense-refund': 'Refund a suspense item',
  'suspense-assign': 'Assign a suspense item',
  'till-shortage-writeoff': 'Approve a till close with a shortage',
  payout: 'Record a payout',
  'stakeholder-percentage': "Change a stakeholder's percentage",
  'stakeholder-bank-account': "Change a stakeholder's bank account",
  'plan-price': "Change a plan's price",
  'penalty-charge-price': "Change a penalty charge's price",
};

/** Unanswered requests expire after this many hours unless APPROVALS_EXPIRE_HOURS says otherwise. */
export const DEFAULT_APPROVALS_EXPIRE_HOURS = 72;

export const APPROVAL_STATES = ['pending', 'approved', 'rejected', 'expired'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

/** What a wrapped action answers (202) when its kind needs a second person. */
export const APPROVAL_SENT_MESSAGE = 'Sent for approval';

const personBrief = z.object({ id: z.string(), fullName: z.string() });

/** One request: who asked, why, what changes (before and after), and what became of it. */
export const approvalRequest = z.object({
  id: z.string(),
  kind: z.enum(APPROVAL_KINDS),
  /** A line naming what the request changes ("Penalty of Ada Obi (keke ABC123)"). */
  subject: z.string(),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
  reason: z.string().nullable(),
  state: z.enum(APPROVAL_STATES),
  maker: personBrief,
  checker: personBrief.nullable(),
  comment: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Whether the caller may approve or reject it (holds the kind's permission, is not the maker, it is pending). */
  canDecide: z.boolean(),
});
export type ApprovalRequest = z.infer<typeof approvalRequest>;

export const approvalSentResponse = z.object({ message: z.literal(APPROVAL_SENT_MESSAGE), data: approvalRequest });
export type ApprovalSentResponse = z.infer<typeof approvalSentResponse>;

/** Whether a wrapped action's answer is a request sent for approval (202) rather than the action done. */
export function sentForApproval(reply: { message?: unknown; data?: unknown }): reply is ApprovalSentResponse {
  return reply.message === APPROVAL_SENT_MESSAGE && typeof reply.data === 'object' && reply.data !== null && 'kind' in reply.data;
}

/**
 * GET /api/approvals: pending first (oldest first among them), then the decided, newest first.
 * state: one state only; mine=true: only the caller's own requests.
 */
export const approvalListQuery = listQuery.pick({ page: true, limit: true }).extend({
  state: z.enum(APPROVAL_STATES, { message: 'state must be pending, approved, rejected or expired' }).optional(),
  mine: z.enum(['true', 'false'], { message: 'mine must be true or false' }).optional(),
});
export type ApprovalListQuery = z.input<typeof approvalListQuery>;
export const approvalList = paginated(approvalRequest);
export type ApprovalList = z.infer<typeof approvalList>;

/** GET /api/approvals/count: pending requests the caller may decide (the sidebar's badge). */
export const approvalCountResponse = z.object({ data: z.object({ pending: z.number().int() }) });

const commentText = () =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'comment is required' : 'comment must be text') })
    .trim()
    .max(CHANGE_REASON_MAX_LENGTH, `comment must be at most ${CHANGE_REASON_MAX_LENGTH} characters`);
export const approvalApproveRequest = z.object({
  comment: commentText()
    .optional()
    .transform((value) => value || null),
});
export type ApprovalApproveRequest = z.input<typeof approvalApproveRequest>;
export const approvalRejectRequest = z.object({ comment: commentText().min(1, 'comment is required') });
export type ApprovalRejectRequest = z.input<typeof approvalRejectRequest>;
export const approvalDecisionResponse = z.object({ message: z.string(), data: approvalRequest });

export const APPROVAL_MESSAGES = {
  sent: APPROVAL_SENT_MESSAGE,
  approved: 'Approved and applied',
  rejected: 'Rejected',
  notFound: 'Approval request not found',
  ownRequest: 'You cannot approve or reject your own request: another person must',
  notAllowed: 'You may not decide this kind of request',
  expired: 'This request has expired and can no longer be approved',
  alreadyDecided: (state: string, by: string) => `This request was already ${state}${by ? ` by ${by}` : ''}`,
} as const;
