import { z } from 'zod';
import { paginated } from '../../schemas/common.ts';
import { lagosDate } from '../../schemas/range.ts';

/**
 * Online payments, second part (issue 43; docs/online-payments.md): a motorist's dedicated bank
 * account, the suspense items staff assign or refund, and the daily settlement match.
 */

export const DEDICATED_ACCOUNT_STATUSES = ['requested', 'assigned', 'failed'] as const;

/** A motorist's own account at the provider; null fields until it is assigned. */
export const dedicatedAccount = z.object({
  status: z.enum(DEDICATED_ACCOUNT_STATUSES),
  accountNumber: z.string().nullable(),
  accountName: z.string().nullable(),
  bankName: z.string().nullable(),
  /** Why the last try failed (it is tried again). */
  failure: z.string().nullable(),
  requestedAt: z.string(),
  assignedAt: z.string().nullable(),
});
export type DedicatedAccount = z.infer<typeof dedicatedAccount>;

/** enabled: whether the levy has dedicated accounts (PAYSTACK_DEDICATED_ACCOUNTS); data: the motorist's account, null when none was asked for. */
export const dedicatedAccountResponse = z.object({ enabled: z.boolean(), data: dedicatedAccount.nullable() });
export const dedicatedAccountAssignResponse = z.object({ message: z.string(), data: dedicatedAccount });

export const userIdParam = z.object({ userId: z.uuid({ message: 'userId must be a valid id' }) });

// ---- Suspense

export const SUSPENSE_STATUSES = ['open', 'assigned', 'refunded'] as const;
export type SuspenseStatus = (typeof SUSPENSE_STATUSES)[number];

export const suspenseItem = z.object({
  _id: z.string(),
  reference: z.string(),
  provider: z.string(),
  /** Naira. */
  amount: z.number(),
  currency: z.string(),
  reason: z.string(),
  detail: z.string(),
  payer: z.string().nullable(),
  channel: z.string().nullable(),
  motorist: z.object({ _id: z.string(), fullName: z.string(), userCode: z.string() }).nullable(),
  status: z.enum(SUSPENSE_STATUSES),
  occurredAt: z.string(),
  receivedAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.object({ _id: z.string(), fullName: z.string() }).nullable(),
  resolutionNote: z.string().nullable(),
  receiptNo: z.string().nullable(),
  refundReference: z.string().nullable(),
});
export type SuspenseItem = z.infer<typeof suspenseItem>;

export const suspenseListQuery = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page must be at least 1').default(1),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(20),
  status: z.enum(SUSPENSE_STATUSES, { message: `status must be one of ${SUSPENSE_STATUSES.join(', ')}` }).optional(),
});
export const suspenseListResponse = paginated(suspenseItem);

const note = z
  .string({ error: 'note must be text' })
  .trim()
  .min(3, 'note must say why (at least 3 characters)')
  .max(500, 'note must be at most 500 characters');

/** Assign: to a motorist (Unique ID), a plan (subscriptionId: the plan's id, its price must be the amount) or their penalty. */
export const suspenseAssignRequest = z
  .object({
    userCode: z.string({ error: 'userCode is required' }).trim().toLowerCase().min(1, 'userCode is required').max(64, 'userCode is too long'),
    kind: z.enum(['subscription', 'penalty'], { message: 'kind must be subscription or penalty' }),
    subscriptionId: z.uuid({ message: 'subscriptionId must be a valid id' }).optional(),
    note,
  })
  .superRefine((body, context) => {
    if (body.kind === 'subscription' && !body.subscriptionId)
      context.addIssue({ code: 'custom', path: ['subscriptionId'], message: 'subscriptionId is required for a subscription' });
  });
export type SuspenseAssignRequest = z.input<typeof suspenseAssignRequest>;

/** Refund: the refund's reference at the provider or the bank, and why. */
export const suspenseRefundRequest = z.object({
  refundReference: z.string({ error: 'refundReference is required' }).trim().min(3, 'refundReference is required').max(100, 'refundReference is too long'),
  note,
});
export type SuspenseRefundRequest = z.input<typeof suspenseRefundRequest>;

export const suspenseItemResponse = z.object({ message: z.string(), data: suspenseItem });

// ---- Settlement

export const SETTLEMENT_DIFFERENCE_KINDS = ['ledger-only', 'provider-only', 'amount-differs', 'fees'] as const;

export const settlementDifference = z.object({
  kind: z.enum(SETTLEMENT_DIFFERENCE_KINDS),
  reference: z.string().nullable(),
  /** Naira. */
  ledger: z.number(),
  provider: z.number(),
  message: z.string(),
});

/** A Lagos day's match; amounts in naira. unexplained: the differences' amounts, fees excepted: 0 on a clean day. */
export const settlementDay = z.object({
  day: z.string(),
  provider: z.string(),
  ranAt: z.string(),
  providerCount: z.number().int(),
  providerAmount: z.number(),
  ledgerCount: z.number().int(),
  ledgerAmount: z.number(),
  fees: z.number(),
  settled: z.number(),
  unexplained: z.number(),
  /** unexplained in kobo, as the Books page says it ("0 unexplained kobo"). */
  unexplainedKobo: z.number().int(),
  differences: z.array(settlementDifference),
});
export type SettlementDay = z.infer<typeof settlementDay>;

export const settlementQuery = z.object({ day: lagosDate.optional() });
export const settlementResponse = z.object({ data: settlementDay.nullable() });
export const settlementRunRequest = z.object({ day: lagosDate });
export const settlementRunResponse = z.object({ message: z.string(), data: settlementDay });
