import { z } from 'zod';
import { paginated } from './common.ts';

/** The money ledger (issue 42; docs/ledger.md): the Books page and its integrity check. */

export const LEDGER_ACCOUNT_KINDS = ['till', 'bank', 'clearing', 'suspense', 'shortage', 'overage', 'payable', 'revenue'] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/** What the integrity check finds wrong; each difference says it in words too (`message`). */
export const LEDGER_DIFFERENCE_KINDS = [
  'missing-entry',
  'entry-without-record',
  'amount-differs',
  'unbalanced-entry',
  'balance-differs',
  'ledger-not-zero',
] as const;
export type LedgerDifferenceKind = (typeof LEDGER_DIFFERENCE_KINDS)[number];

export const ledgerDifference = z.object({
  kind: z.enum(LEDGER_DIFFERENCE_KINDS),
  message: z.string(),
  /** The record (payment, payout), entry or account it is about. */
  ref: z.string().nullable(),
  /** Naira: what the books say, and what they should say, where an amount is involved. */
  posted: z.number().nullable(),
  expected: z.number().nullable(),
});
export type LedgerDifference = z.infer<typeof ledgerDifference>;

export const ledgerCheck = z.object({
  id: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string(),
  trigger: z.enum(['nightly', 'on-demand']),
  requestedBy: z.object({ id: z.string(), fullName: z.string() }).nullable(),
  ok: z.boolean(),
  entries: z.number().int(),
  lines: z.number().int(),
  /** The first 100 differences; differenceCount: all of them. */
  differences: z.array(ledgerDifference),
  differenceCount: z.number().int(),
});
export type LedgerCheck = z.infer<typeof ledgerCheck>;

/** The last check, or null before the first one. */
export const ledgerCheckResponse = z.object({ data: ledgerCheck.nullable() });
export const ledgerCheckRunResponse = z.object({ data: ledgerCheck, message: z.string() });

export const ledgerAccountBalance = z.object({
  code: z.string(),
  kind: z.enum(LEDGER_ACCOUNT_KINDS),
  /** The account in words: "Till: Ada Obi (ab12cd34)", "Revenue: subscriptions". */
  name: z.string(),
  /** Naira. balance = debits − credits: positive is a debit balance (cash, bank), negative a credit one (revenue, payables). */
  debits: z.number(),
  credits: z.number(),
  balance: z.number(),
});
export type LedgerAccountBalance = z.infer<typeof ledgerAccountBalance>;

export const ledgerAccountsQuery = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page must be at least 1').default(1),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(50),
  kind: z.enum(LEDGER_ACCOUNT_KINDS, { message: `kind must be one of ${LEDGER_ACCOUNT_KINDS.join(', ')}` }).optional(),
});
export const ledgerAccountsResponse = paginated(ledgerAccountBalance);

export const LEDGER_MESSAGES = {
  checkRan: 'Integrity check finished',
} as const;
