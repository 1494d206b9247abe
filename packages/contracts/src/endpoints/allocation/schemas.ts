/**
 * Revenue allocation: the bank list, account-name lookup, stakeholder allocations (a percentage of
 * the revenue for a partner union, paid to a bank account) and payouts recorded against them.
 *
 * Money: naira numbers with at most 2 decimals; the server stores integer kobo.
 * Percentages: 0.1 to 80 in steps of 0.1 each, never above 100 in total (server-enforced).
 */
import { z } from 'zod';
import { ALLOCATION_PERCENT } from '../../constants.ts';
import { UNION_ROLES } from '../../domain.ts';
import { paginated } from '../../schemas/common.ts';
import { dateRangeQuery, isCalendarDate, lagosDate } from '../../schemas/range.ts';
import { changeReason, nairaAmount } from '../../schemas/fields.ts';

export const ALLOCATION_MESSAGES = {
  stakeholderCreated: 'Allocation assigned successfully',
  stakeholderUpdated: 'Allocation updated successfully',
  payoutRecorded: 'Payout recorded successfully',
  overAllocated: 'The allocations would add up to more than 100%',
  alreadyAllocated: 'This partner union already has an allocation; update its percentage instead',
  notAUnion: 'name must be the id of an approved partner union',
  unknownBank: 'bank is not in the bank list',
  duplicateReference: 'reference is already recorded for this stakeholder',
  futurePayout: 'date must not be in the future',
} as const;

// ---------------------------------------------------------------------------------------------
// Banks: GET /api/banks, GET /api/searchForBank

export const bank = z.object({ code: z.string(), name: z.string() });
export type Bank = z.infer<typeof bank>;
export const bankListResponse = z.object({ data: z.array(bank) });

const digitsText = (field: string, pattern: RegExp, rule: string) =>
  z
    .union([z.string(), z.number()], { error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be ${rule}`) })
    .transform((value) => String(value).trim())
    .pipe(z.string().min(1, `${field} is required`).regex(pattern, `${field} must be ${rule}`));

/** A bank's code as the bank list gives it: 3 digits (CBN code of a deposit money bank), or 5-6 digits. */
export const bankCodeField = (field = 'bank_code') => digitsText(field, /^\d{3,6}$/, 'a bank code of 3 to 6 digits');
/** A NUBAN: 10 digits (the server also checks the check digit where the CBN rule applies). */
export const accountNumberField = (field = 'accountNumber') => digitsText(field, /^\d{10}$/, '10 digits');

/** GET /api/searchForBank?bank_code=&accountNumber= */
export const searchForBankQuery = z.object({ bank_code: bankCodeField('bank_code'), accountNumber: accountNumberField('accountNumber') });
export type SearchForBankQuery = z.input<typeof searchForBankQuery>;

export const accountLookup = z.object({
  accountName: z.string(),
  accountNumber: z.string(),
  bankCode: z.string(),
  bankName: z.string(),
});
export type AccountLookup = z.infer<typeof accountLookup>;
/** The account name is in data, and at the top level too (spec: "response has accountName"). */
export const searchForBankResponse = z.object({ data: accountLookup, accountName: z.string() });

// ---------------------------------------------------------------------------------------------
// Stakeholders: GET/POST /api/stakeholders, PATCH /api/stakeholders/{id}

const PERCENT_RULE = `percentage must be between ${ALLOCATION_PERCENT.min} and ${ALLOCATION_PERCENT.max} in steps of ${ALLOCATION_PERCENT.step}`;

/** 0.1 to 80 in steps of 0.1; a number, or numeric text as forms send it (never empty). */
export const allocationPercentage = z
  .union([z.number(), z.string()], {
    error: (issue) => (issue.input === undefined || issue.input === null ? 'percentage is required' : 'percentage must be a number'),
  })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: 'percentage is required' });
      return z.NEVER;
    }
    const percentage = Number(text);
    const tenths = percentage * 10;
    if (
      !/^\d+(\.\d+)?$/.test(text) ||
      !Number.isFinite(percentage) ||
      Math.abs(tenths - Math.round(tenths)) > 1e-9 ||
      percentage < ALLOCATION_PERCENT.min - 1e-9 ||
      percentage > ALLOCATION_PERCENT.max + 1e-9
    ) {
      ctx.addIssue({ code: 'custom', message: PERCENT_RULE });
      return z.NEVER;
    }
    return Math.round(tenths) / 10;
  });

const requiredText = (field: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be text`) })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

/**
 * POST /api/stakeholders. `name` is the partner union's id (spec). The bank is named by `bankName`
 * (as the original console sends it) or by `bankCode`; with both, the code wins. The account name is
 * looked up again by the server (the client's copy is only compared for information).
 */
export const stakeholderCreateRequest = z
  .object({
    name: z.uuid({ error: (issue) => (issue.input === undefined ? 'name (the partner union) is required' : ALLOCATION_MESSAGES.notAUnion) }),
    bankName: requiredText('bankName', 120).optional(),
    bankCode: bankCodeField('bankCode').optional(),
    accountNumber: accountNumberField('accountNumber'),
    accountName: z.string({ error: 'accountName must be text' }).trim().max(200, 'accountName must be at most 200 characters').optional(),
    percentage: allocationPercentage,
  })
  .refine((body) => body.bankName !== undefined || body.bankCode !== undefined, { message: 'bankName is required', path: ['bankName'] });
export type StakeholderCreateRequest = z.input<typeof stakeholderCreateRequest>;

/** PATCH /api/stakeholders/{id}: the percentage only (spec). */
/** reason (optional): why, kept with an approval request (docs/approvals.md). */
export const stakeholderUpdateRequest = z.object({ percentage: allocationPercentage, reason: changeReason('reason').optional() });
export type StakeholderUpdateRequest = z.input<typeof stakeholderUpdateRequest>;

export const partnerUnion = z.object({
  _id: z.string(),
  id: z.string(),
  fullName: z.string(),
  unionName: z.string().nullable(),
  unionRole: z.enum(UNION_ROLES).nullable(),
});
export type PartnerUnion = z.infer<typeof partnerUnion>;

/** Spec section 3 "Stakeholder allocation". */
export const stakeholder = z.object({
  _id: z.string(),
  id: z.string(),
  /** The partner union's id (spec: "name (partner id)"). */
  name: z.string(),
  partner: partnerUnion,
  /** Percent, one decimal: 12.5 means 12.5 %. */
  percentage: z.number(),
  accountNumber: z.string(),
  bankCode: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Stakeholder = z.infer<typeof stakeholder>;

/** Allocated and still free percentages (one decimal). */
export const allocationTotals = z.object({ totalPercentage: z.number(), remainingPercentage: z.number() });
export type AllocationTotals = z.infer<typeof allocationTotals>;

export const stakeholderListResponse = z.object({ data: z.array(stakeholder) }).extend(allocationTotals.shape);
export const stakeholderResponse = z.object({ data: stakeholder, message: z.string() });

// ---------------------------------------------------------------------------------------------
// Figures for a range: GET /api/allocation, GET /api/stakeholders/{id}

/**
 * A stakeholder's figures for [startDate, endDate] (whole Lagos days):
 * - revenueBase: successful subscription revenue in the range, of the union's vehicle type for
 *   keke, bus and bike unions, of every vehicle type otherwise;
 * - expectedAmount: percentage × revenueBase, rounded to the kobo;
 * - amountPaid: payouts dated in the range; difference: expectedAmount − amountPaid.
 * All naira.
 */
export const allocationFigures = z.object({
  revenueBase: z.number(),
  expectedAmount: z.number(),
  amountPaid: z.number(),
  difference: z.number(),
});
export type AllocationFigures = z.infer<typeof allocationFigures>;

export const allocationRow = stakeholder.extend(allocationFigures.shape);
export type AllocationRow = z.infer<typeof allocationRow>;

/** Successful subscription revenue in the range, in naira, in total and per vehicle type. */
export const revenueByType = z.object({ total: z.number(), keke: z.number(), bus: z.number(), bike: z.number() });
export type RevenueByType = z.infer<typeof revenueByType>;

export const allocationQuery = dateRangeQuery;
export const allocationResponse = z.object({
  data: z.array(allocationRow),
  summary: z
    .object({ startDate: lagosDate, endDate: lagosDate, revenue: revenueByType, expectedAmount: z.number(), amountPaid: z.number(), difference: z.number() })
    .extend(allocationTotals.shape),
});
export type AllocationResponse = z.infer<typeof allocationResponse>;

// ---------------------------------------------------------------------------------------------
// Payouts: POST /api/stakeholders/{id}/payouts, GET /api/stakeholders/{id}/payouts

/** POST /api/stakeholders/{id}/payouts: amount in naira, the Lagos date it was paid, the bank reference. */
export const payoutCreateRequest = z.object({
  amount: nairaAmount('amount'),
  date: z
    .string({ error: (issue) => (issue.input === undefined ? 'date is required' : 'date must be a date (YYYY-MM-DD)') })
    .trim()
    .refine(isCalendarDate, 'date must be a date (YYYY-MM-DD)'),
  reference: requiredText('reference', 100),
  /** Why (optional): kept with an approval request (docs/approvals.md). */
  reason: changeReason('reason').optional(),
});
export type PayoutCreateRequest = z.input<typeof payoutCreateRequest>;

export const payout = z.object({
  _id: z.string(),
  id: z.string(),
  stakeholderId: z.string(),
  /** naira */
  amount: z.number(),
  /** YYYY-MM-DD (Lagos) */
  date: z.string(),
  reference: z.string(),
  recordedBy: z.object({ _id: z.string(), id: z.string(), fullName: z.string() }),
  createdAt: z.string(),
});
export type Payout = z.infer<typeof payout>;
export const payoutResponse = z.object({ data: payout, message: z.string() });

/** How many of a stakeholder's latest payouts in the range its detail carries (the rest: the payouts list). */
export const STAKEHOLDER_DETAIL_PAYOUTS = 20;

export const stakeholderDetail = allocationRow.extend({
  startDate: z.string(),
  endDate: z.string(),
  /** The latest payouts dated in the range, newest first (at most STAKEHOLDER_DETAIL_PAYOUTS). */
  payouts: z.array(payout),
  /** How many payouts are dated in the range. */
  payoutCount: z.number().int(),
});
export type StakeholderDetail = z.infer<typeof stakeholderDetail>;
export const stakeholderDetailResponse = z.object({ data: stakeholderDetail });

export const payoutListQuery = dateRangeQuery.extend({
  page: z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page must be at least 1').default(1),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(10),
});
export const payoutListResponse = paginated(payout);
