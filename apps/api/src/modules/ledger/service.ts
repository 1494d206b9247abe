import { paginatorOf, type LedgerAccountBalance, type LedgerCheck, type LedgerDifference, type Paginated } from '@eticket/contracts';
import { formatNaira, toNaira } from '../../domain/money.ts';
import type { Clock } from '../../lib/clock.ts';
import { FIXED_ACCOUNT_NAMES } from './account-names.ts';
import { DIFFERENCES_READ, type AccountBalanceRow, type FoundDifference, type LedgerQueries, type StoredCheck } from './repository.ts';

/** How many differences a check keeps and shows (differenceCount says how many there were). */
const DIFFERENCES_KEPT = 100;

const RECORD_LABELS: Record<string, string> = {
  subscription_payment: 'Subscription payment',
  penalty_payment: 'Penalty payment',
  payout: 'Payout',
  allocation: "Payout's allocation",
  lodgement: "Till close's lodgement",
  till_variance: "Till close's variance",
};
const labelOf = (kind: string | null) => (kind ? (RECORD_LABELS[kind] ?? `Entry of kind ${kind}`) : 'Entry');
const naira = (kobo: number | null) => formatNaira(kobo ?? 0);

function describe(found: FoundDifference): string {
  switch (found.kind) {
    case 'missing-entry':
      return `${labelOf(found.entryKind)} ${found.ref} (${naira(found.expectedKobo)}) has no entry in the ledger`;
    case 'entry-without-record':
      return `${labelOf(found.entryKind)} ${found.ref} has an entry of ${naira(found.postedKobo)} but is not a successful record`;
    case 'amount-differs':
      return `${labelOf(found.entryKind)} ${found.ref}: the ledger has ${naira(found.postedKobo)}, the record ${naira(found.expectedKobo)}`;
    case 'unbalanced-entry':
      return found.postedKobo === null
        ? `Entry ${found.ref} (${found.entryKind}) has no lines, or a line of an account that is missing`
        : `Entry ${found.ref} (${found.entryKind}) sums to ${naira(found.postedKobo)}, not zero`;
    case 'balance-differs':
      return `Account ${found.ref}: its kept balance is ${naira(found.postedKobo)}, its lines sum to ${naira(found.expectedKobo)}`;
    case 'ledger-not-zero':
      return `The ledger's lines sum to ${naira(found.postedKobo)}, not zero`;
    case 'till-total-differs':
      return `Till ${found.ref}: its running cash total is ${naira(found.postedKobo)}, its cash payments sum to ${naira(found.expectedKobo)}`;
    case 'day-total-differs':
      return `Daily totals ${found.ref}: kept ${naira(found.postedKobo)}, the lines sum to ${naira(found.expectedKobo)}`;
  }
}

const toDifference = (found: FoundDifference): LedgerDifference => ({
  kind: found.kind,
  message: describe(found),
  ref: found.ref,
  posted: found.postedKobo === null ? null : toNaira(found.postedKobo),
  expected: found.expectedKobo === null ? null : toNaira(found.expectedKobo),
});

const toCheck = (stored: StoredCheck): LedgerCheck => ({
  ...stored,
  startedAt: stored.startedAt.toISOString(),
  finishedAt: stored.finishedAt.toISOString(),
  differences: stored.differences as LedgerDifference[],
});

const OWNED_NAMES: Partial<Record<AccountBalanceRow['kind'], string>> = { till: 'Till', shortage: 'Shortage', payable: 'Payable' };

function accountName(row: AccountBalanceRow): string {
  const owned = OWNED_NAMES[row.kind];
  if (!owned) return FIXED_ACCOUNT_NAMES[row.code] ?? row.code;
  return row.ownerName ? `${owned}: ${row.ownerName} (${row.ownerCode})` : `${owned}: ${row.code.slice(row.code.indexOf(':') + 1)}`;
}

const toBalance = (row: AccountBalanceRow): LedgerAccountBalance => ({
  code: row.code,
  kind: row.kind,
  name: accountName(row),
  debits: toNaira(row.debitsKobo),
  credits: toNaira(row.creditsKobo),
  balance: toNaira(row.debitsKobo - row.creditsKobo),
});

export function createLedgerService(deps: { ledger: LedgerQueries; clock: Clock }) {
  const { ledger, clock } = deps;
  return {
    /**
     * The integrity check: every successful payment and every payout has exactly its entry, of its
     * amount; every entry sums to zero; each account's kept balance, each report day total and each
     * open or closing till's running cash total equals what it counts; the ledger sums to zero. The result is kept (the console shows the last one) and answered.
     */
    async check(trigger: 'nightly' | 'on-demand', requestedBy: string | null = null): Promise<LedgerCheck> {
      const startedAt = clock.now();
      const found = [
        ...(await ledger.recordDifferences()),
        ...(await ledger.unbalancedEntries()),
        ...(await ledger.balanceDifferences()),
        ...(await ledger.dayTotalDifferences()),
        ...(await ledger.tillTotalDifferences()),
      ];
      const total = await ledger.total();
      if (total !== 0) found.push({ kind: 'ledger-not-zero', entryKind: null, ref: null, postedKobo: total, expectedKobo: 0 });
      const { entries, lines } = await ledger.size();
      const differences = found.slice(0, DIFFERENCES_KEPT).map(toDifference);
      const check = {
        startedAt,
        finishedAt: clock.now(),
        trigger,
        requestedBy,
        ok: found.length === 0,
        entries,
        lines,
        differences,
        differenceCount: found.length,
      };
      await ledger.saveCheck(check);
      const saved = await ledger.lastCheck();
      if (!saved) throw new Error('the integrity check was not kept');
      return toCheck(saved);
    },

    async lastCheck(): Promise<LedgerCheck | null> {
      const stored = await ledger.lastCheck();
      return stored && toCheck(stored);
    },

    async accounts(query: { page: number; limit: number; kind?: AccountBalanceRow['kind'] }): Promise<Paginated<LedgerAccountBalance>> {
      const { rows, total } = await ledger.balances({ limit: query.limit, offset: (query.page - 1) * query.limit, kind: query.kind });
      return { data: rows.map(toBalance), paginator: paginatorOf(query.page, query.limit, total) };
    },
  };
}
export type LedgerService = ReturnType<typeof createLedgerService>;

/** A check's outcome in a line, for the job runner's log. */
export const summaryOf = (check: LedgerCheck): string =>
  check.ok
    ? `books balance: ${check.entries} entries, ${check.lines} lines, no difference`
    : `${check.differenceCount >= DIFFERENCES_READ ? `${DIFFERENCES_READ} or more` : check.differenceCount} differences: ${check.differences[0]?.message ?? ''}`;
