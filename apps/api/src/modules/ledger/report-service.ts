import type { LedgerAccountKind, LedgerReport, LedgerReportMovements, LedgerReportPeriod, LedgerReportRow } from '@eticket/contracts';
import { startOfLagosDay } from '../../domain/calendar.ts';
import { toNaira, type Kobo } from '../../domain/money.ts';
import type { Clock } from '../../lib/clock.ts';
import { FIXED_ACCOUNT_NAMES } from './account-names.ts';
import type { DayTotalsRow, LedgerReportQueries, ReportAccountRow } from './report-repository.ts';

/**
 * The Books report of a Lagos day or month (docs/ledger.md "The Books report"). An entry counts on
 * the Lagos day of its occurred_at, when the money moved (a payment's capture time), not when the
 * server posted it: a payment captured offline on the 31st and synced on the 1st is the 31st's
 * money, as its receipt says. So a past day's figures can still grow while late captures arrive.
 */

type Column = Exclude<keyof LedgerReportMovements, 'opening' | 'closing'>;
const COLUMNS: Column[] = ['collected', 'lodged', 'variances', 'payouts', 'reversals', 'other'];

function columnOf(entryKind: string): Column {
  if (entryKind.endsWith('_payment')) return 'collected';
  if (entryKind === 'lodgement') return 'lodged';
  if (entryKind === 'till_variance') return 'variances';
  if (entryKind === 'allocation' || entryKind === 'payout') return 'payouts';
  if (entryKind === 'reversal') return 'reversals';
  return 'other';
}

/** A report row is a fixed account, or every till (every shortage) summed under one name. */
const NAMES: Record<string, string> = { till: "Remitters' tills", shortage: "Agents' shortages", ...FIXED_ACCOUNT_NAMES };
const KIND_ORDER: LedgerAccountKind[] = ['bank', 'clearing', 'till', 'shortage', 'overage', 'suspense', 'payable', 'revenue'];

function nameOf(account: ReportAccountRow): string {
  if (account.kind !== 'payable') return NAMES[account.group] ?? account.group;
  return account.ownerName ? `Payable: ${account.ownerName} (${account.ownerCode})` : `Payable: ${account.group.slice('payable:'.length)}`;
}

/** The period's first Lagos day and the day after its last (YYYY-MM-DD): calendar dates, no time zone involved. */
function periodDays(period: LedgerReportPeriod, date: string): { firstDay: string; lastDay: string; endDay: string } {
  const [year, month, day] = (period === 'month' ? `${date}-01` : date).split('-').map(Number);
  const first = Date.UTC(year, month - 1, day);
  const end = period === 'month' ? Date.UTC(year, month, 1) : Date.UTC(year, month - 1, day + 1);
  const ymd = (at: number) => new Date(at).toISOString().slice(0, 10);
  return { firstDay: ymd(first), lastDay: ymd(end - 24 * 60 * 60 * 1000), endDay: ymd(end) };
}

type KoboMovements = Record<keyof LedgerReportMovements, Kobo>;
const zero = (): KoboMovements => ({ opening: 0, collected: 0, lodged: 0, variances: 0, payouts: 0, reversals: 0, other: 0, closing: 0 });
const inNaira = (kobo: KoboMovements): LedgerReportMovements =>
  Object.fromEntries(Object.entries(kobo).map(([key, value]) => [key, toNaira(value)])) as LedgerReportMovements;

function summaryOf(totals: DayTotalsRow[]): LedgerReport['summary'] {
  const sum = (pick: (row: DayTotalsRow) => Kobo, where: (row: DayTotalsRow) => boolean) =>
    toNaira(totals.filter(where).reduce((total, row) => total + pick(row), 0));
  const debits = (row: DayTotalsRow) => row.debitsKobo;
  const collectedBy = (group: string) => sum(debits, (row) => row.group === group && columnOf(row.entryKind) === 'collected');
  // Where each mode's payments are received (postings.ts receivingAccount).
  const collectedByMode = {
    cash: collectedBy('till'),
    transfer: collectedBy('bank:levy'),
    pos: collectedBy('clearing:pos'),
    card: collectedBy('clearing:card'),
    online: collectedBy('clearing:online'),
  };
  return {
    collectedByMode,
    collected: sum(debits, (row) => columnOf(row.entryKind) === 'collected'),
    lodged: sum(debits, (row) => row.entryKind === 'lodgement'),
    shortages: sum(debits, (row) => row.entryKind === 'till_variance' && row.group === 'shortage'),
    overages: sum(
      (row) => row.creditsKobo,
      (row) => row.entryKind === 'till_variance' && row.group === 'overage',
    ),
    paidOut: sum(debits, (row) => row.entryKind === 'payout'),
    reversed: sum(debits, (row) => row.entryKind === 'reversal'),
  };
}

/** Each row's opening (the days before the period) and the period's movements, by column. */
function movementsByGroup(totals: DayTotalsRow[]): Map<string, KoboMovements> {
  const byGroup = new Map<string, KoboMovements>();
  for (const row of totals) {
    const movements = byGroup.get(row.group) ?? byGroup.set(row.group, zero()).get(row.group)!;
    movements.opening += row.beforeKobo;
    movements[columnOf(row.entryKind)] += row.debitsKobo - row.creditsKobo;
  }
  for (const movements of byGroup.values()) movements.closing = movements.opening + COLUMNS.reduce((sum, column) => sum + movements[column], 0);
  return byGroup;
}

/** Every account (moved or not) in chart order with its movements, and the columns' totals. */
function rowsOf(accounts: ReportAccountRow[], byGroup: Map<string, KoboMovements>): { rows: LedgerReportRow[]; totals: KoboMovements } {
  const known = new Map(accounts.map((account) => [account.group, account]));
  // A group with lines but no account row (a line whose account is missing: the integrity check says so) still shows.
  for (const group of byGroup.keys()) if (!known.has(group)) known.set(group, { group, kind: 'suspense', ownerName: null, ownerCode: null });
  const totals = zero();
  const rows = [...known.values()]
    .sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || a.group.localeCompare(b.group))
    .map((account) => {
      const movements = byGroup.get(account.group) ?? zero();
      for (const key of Object.keys(totals) as (keyof KoboMovements)[]) totals[key] += movements[key];
      return { account: account.group, kind: account.kind, name: nameOf(account), ...inNaira(movements) };
    });
  return { rows, totals };
}

export function createLedgerReportService(deps: { report: LedgerReportQueries; clock: Clock }) {
  return {
    async report(query: { period: LedgerReportPeriod; date: string }): Promise<LedgerReport> {
      const { firstDay, lastDay, endDay } = periodDays(query.period, query.date);
      const [totals, accounts] = await Promise.all([deps.report.dayTotals(firstDay, endDay), deps.report.accounts()]);
      const { rows, totals: columnTotals } = rowsOf(accounts, movementsByGroup(totals));
      return {
        period: query.period,
        date: query.date,
        firstDay,
        lastDay,
        startsAt: startOfLagosDay(firstDay).toISOString(),
        endsAt: startOfLagosDay(endDay).toISOString(),
        rows,
        totals: inNaira(columnTotals),
        summary: summaryOf(totals),
        generatedAt: deps.clock.now().toISOString(),
      };
    },
  };
}
export type LedgerReportService = ReturnType<typeof createLedgerReportService>;
