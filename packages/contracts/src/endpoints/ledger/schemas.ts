import { z } from 'zod';
import { paginated } from '../../schemas/common.ts';
import { isCalendarDate } from '../../schemas/range.ts';

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
  /** An open or closing till's running cash total is not the sum of its cash payments. */
  'till-total-differs',
  /** A Books report day total (day, account group, entry kind) is not the sum of its lines. */
  'day-total-differs',
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

// ---------------------------------------------------------------------------------------------
// The Books report: GET /api/ledger/report?period=day|month&date=YYYY-MM-DD|YYYY-MM

export const LEDGER_REPORT_PERIODS = ['day', 'month'] as const;
export type LedgerReportPeriod = (typeof LEDGER_REPORT_PERIODS)[number];

const YEAR_MONTH = /^\d{4}-\d{2}$/;

/** period=day: date is a Lagos day (YYYY-MM-DD); period=month: a calendar month (YYYY-MM). */
export const ledgerReportQuery = z
  .object({
    period: z.enum(LEDGER_REPORT_PERIODS, {
      error: (issue) => (issue.input === undefined ? 'period is required (day or month)' : 'period must be day or month'),
    }),
    date: z.string({ error: (issue) => (issue.input === undefined ? 'date is required' : 'date must be text') }).trim(),
  })
  .superRefine((query, context) => {
    const ok = query.period === 'day' ? isCalendarDate(query.date) : YEAR_MONTH.test(query.date) && isCalendarDate(`${query.date}-01`);
    if (!ok)
      context.addIssue({
        code: 'custom',
        path: ['date'],
        message: query.period === 'day' ? 'date must be a day written YYYY-MM-DD for period=day' : 'date must be a month written YYYY-MM for period=month',
      });
  });
export type LedgerReportQuery = z.input<typeof ledgerReportQuery>;

/**
 * An account's (or a group's) movements in the period, in naira, each debits − credits (positive is
 * a debit: money into a cash, bank or clearing account; negative a credit: revenue, a payable):
 * closing = opening + collected + lodged + variances + payouts + reversals + other.
 */
const reportMovements = {
  opening: z.number(),
  /** Payment entries (subscription, penalty): where the money was received, and the revenue it earned. */
  collected: z.number(),
  /** Lodgement entries: a till's cash moved to the levy's bank. */
  lodged: z.number(),
  /** Till variance entries: shortages owed by agents and overages. */
  variances: z.number(),
  /** Allocation and payout entries: a stakeholder's share moved to its payable and paid from the bank. */
  payouts: z.number(),
  reversals: z.number(),
  /** Entries of any other kind (none yet; kept so closing always adds up). */
  other: z.number(),
  closing: z.number(),
};
export const ledgerReportMovements = z.object(reportMovements);
export type LedgerReportMovements = z.infer<typeof ledgerReportMovements>;

export const ledgerReportRow = z.object({
  /** The account's code, or for the personal accounts of remitters and agents their kind (till, shortage): one row for all of them. */
  account: z.string(),
  kind: z.enum(LEDGER_ACCOUNT_KINDS),
  name: z.string(),
  ...reportMovements,
});
export type LedgerReportRow = z.infer<typeof ledgerReportRow>;

export const ledgerReport = z.object({
  period: z.enum(LEDGER_REPORT_PERIODS),
  /** As asked: YYYY-MM-DD or YYYY-MM. */
  date: z.string(),
  /** The first and last Lagos days of the period (YYYY-MM-DD), and the instants it starts and ends (ISO; end exclusive). */
  firstDay: z.string(),
  lastDay: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  rows: z.array(ledgerReportRow),
  /** Every row summed: zero in each column in balanced books (each entry's lines sum to zero). */
  totals: ledgerReportMovements,
  /** The period's money in plain figures (naira, positive). */
  summary: z.object({
    collectedByMode: z.object({ cash: z.number(), transfer: z.number(), pos: z.number(), card: z.number(), online: z.number() }),
    collected: z.number(),
    lodged: z.number(),
    shortages: z.number(),
    overages: z.number(),
    paidOut: z.number(),
    reversed: z.number(),
  }),
  generatedAt: z.string(),
});
export type LedgerReport = z.infer<typeof ledgerReport>;
export const ledgerReportResponse = z.object({ data: ledgerReport });
