import { sql, type SQL } from 'drizzle-orm';
import type { LedgerAccountKind, LedgerDifferenceKind } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import { rowsOf } from '../../db/rows.ts';
import { PreparedStatements } from '../../lists/prepared.ts';
import { koboOf, type Kobo } from '../../domain/money.ts';

/** An account a line names; a personal one (a till, a shortage, a payable) is made on its first posting. */
export interface AccountRef {
  code: string;
  kind: LedgerAccountKind;
  ownerId: string | null;
}

export interface NewLine {
  account: AccountRef;
  /** A debit is positive, a credit negative. */
  amountKobo: Kobo;
}

export interface NewEntry {
  /** The kind of record the entry belongs to (subscription_payment, penalty_payment, payout, allocation). */
  kind: string;
  /** That record's id: an entry per (kind, record), which the database holds to. */
  sourceId: string;
  memo: string;
  occurredAt: Date;
  postedBy?: string | null;
  lines: NewLine[];
}

export class UnbalancedEntryError extends Error {}

/** What the integrity check found about a record or an entry, before it is put in words. */
export interface FoundDifference {
  kind: LedgerDifferenceKind;
  entryKind: string | null;
  ref: string | null;
  postedKobo: Kobo | null;
  expectedKobo: Kobo | null;
}

export interface StoredCheck {
  id: number;
  startedAt: Date;
  finishedAt: Date;
  trigger: 'nightly' | 'on-demand';
  requestedBy: { id: string; fullName: string } | null;
  ok: boolean;
  entries: number;
  lines: number;
  differences: unknown[];
  differenceCount: number;
}

export interface AccountBalanceRow {
  code: string;
  kind: LedgerAccountKind;
  ownerName: string | null;
  ownerCode: string | null;
  debitsKobo: Kobo;
  creditsKobo: Kobo;
}

/** How many differences the check reads at most (a ledger that wrong needs a person, not a longer list). */
export const DIFFERENCES_READ = 1000;

const timestamp = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** The ledger's statements, on a database or inside another module's transaction. */
export function ledgerQueries(db: Database) {
  const statements = new PreparedStatements(db);
  return {
    /**
     * Writes an entry whole in one call (ledger_post, 0042): its personal accounts if new, the entry,
     * its lines. The lines' trigger refuses an entry that does not sum to zero, and (kind, source) is
     * unique: a record posts once.
     */
    async post(entry: NewEntry): Promise<string> {
      if (entry.lines.reduce((sum, line) => sum + line.amountKobo, 0) !== 0)
        throw new UnbalancedEntryError(`${entry.kind} ${entry.sourceId} does not sum to zero`);
      const column = (pick: (line: NewLine) => string | number | null) => sql.param(entry.lines.map(pick));
      const [row] = await rowsOf<{ id: string }>(
        db,
        sql`SELECT ledger_post(${entry.kind}, ${entry.sourceId}::uuid, ${entry.memo}, ${timestamp(entry.occurredAt)}, ${entry.postedBy ?? null}::uuid,
          ${column((line) => line.account.code)}::text[], ${column((line) => line.account.kind)}::text[],
          ${column((line) => line.account.ownerId)}::uuid[], ${column((line) => line.amountKobo)}::bigint[]) AS id`,
      );
      return row.id;
    },

    /** Posts the entry's mirror image (each line's amount negated), naming it; null when there is no such entry. */
    async reverse(entryId: string, memo: string, at: Date, postedBy: string | null): Promise<string | null> {
      const rows = await rowsOf<{ id: string }>(
        db,
        sql`
        WITH entry AS (
          INSERT INTO ledger_entries (kind, reverses_id, memo, occurred_at, posted_by)
          SELECT 'reversal', id, ${memo}, ${timestamp(at)}, ${postedBy}::uuid FROM ledger_entries WHERE id = ${entryId}::uuid
          RETURNING id, reverses_id)
        INSERT INTO ledger_lines (entry_id, line_no, account_code, amount_kobo)
        SELECT entry.id, line.line_no, line.account_code, -line.amount_kobo
        FROM entry JOIN ledger_lines line ON line.entry_id = entry.reverses_id
        RETURNING entry_id AS id`,
      );
      return rows[0]?.id ?? null;
    },

    /** The entry a record posted (its kind and id), if any. */
    async entryOf(kind: string, sourceId: string): Promise<string | null> {
      const [row] = await rowsOf<{ id: string }>(db, sql`SELECT id FROM ledger_entries WHERE kind = ${kind} AND source_id = ${sourceId}::uuid`);
      return row?.id ?? null;
    },

    /** How many entries and lines there are. */
    async size(): Promise<{ entries: number; lines: number }> {
      const [row] = await rowsOf<{ entries: string | number; lines: string | number }>(
        db,
        sql`SELECT (SELECT count(*) FROM ledger_entries) AS entries, (SELECT count(*) FROM ledger_lines) AS lines`,
      );
      return { entries: Number(row.entries), lines: Number(row.lines) };
    },

    /**
     * Records (successful payments; payouts, each with its allocation; approved till closes, with
     * their lodgement when cash was counted and their variance when it differs; suspense items, with
     * their assignment or refund) and the entries that
     * stand for them, compared: a record without its entry, an entry without its record (or of a payment
     * that did not succeed), an entry of another amount. An entry stands unless reversed (a reversed
     * reversal stands again: the chain's length is odd).
     */
    async recordDifferences(): Promise<FoundDifference[]> {
      const rows = await rowsOf<{ kind: string; ref: string; posted: string | null; expected: string | null; problem: LedgerDifferenceKind }>(
        db,
        sql`
        WITH RECURSIVE chain AS (
          SELECT e.id AS root, e.id FROM ledger_entries e WHERE e.kind <> 'reversal'
          UNION ALL
          SELECT chain.root, r.id FROM chain JOIN ledger_entries r ON r.reverses_id = chain.id
        ),
        standing AS (SELECT root FROM chain GROUP BY root HAVING count(*) % 2 = 1),
        posted AS (
          SELECT e.kind, e.source_id, (SELECT sum(l.amount_kobo) FROM ledger_lines l WHERE l.entry_id = e.id AND l.amount_kobo > 0) AS amount_kobo
          FROM ledger_entries e JOIN standing s ON s.root = e.id),
        records AS (
          SELECT 'subscription_payment' AS kind, id, amount_kobo FROM subscription_payments WHERE status = 'success'
          UNION ALL SELECT 'penalty_payment', id, amount_kobo FROM penalty_payments WHERE status = 'success'
          UNION ALL SELECT k.kind, o.id, o.amount_kobo FROM stakeholder_payouts o, (VALUES ('allocation'), ('payout')) AS k (kind)
          UNION ALL SELECT 'lodgement', id, counted_kobo FROM till_closes WHERE status = 'approved' AND counted_kobo <> 0
          UNION ALL SELECT 'till_variance', id, abs(variance_kobo) FROM till_closes WHERE status = 'approved' AND variance_kobo <> 0
          UNION ALL SELECT 'suspense_receipt', id, amount_kobo FROM suspense_items
          UNION ALL SELECT 'suspense_assignment', id, amount_kobo FROM suspense_items WHERE status = 'assigned'
          UNION ALL SELECT 'suspense_refund', id, amount_kobo FROM suspense_items WHERE status = 'refunded')
        SELECT coalesce(r.kind, p.kind) AS kind, coalesce(r.id, p.source_id)::text AS ref,
               p.amount_kobo::text AS posted, r.amount_kobo::text AS expected,
               CASE WHEN p.source_id IS NULL THEN 'missing-entry' WHEN r.id IS NULL THEN 'entry-without-record' ELSE 'amount-differs' END AS problem
        FROM records r FULL JOIN posted p ON p.kind = r.kind AND p.source_id = r.id
        WHERE p.source_id IS NULL OR r.id IS NULL OR p.amount_kobo <> r.amount_kobo
        ORDER BY 1, 2
        LIMIT ${DIFFERENCES_READ}`,
      );
      return rows.map((row) => ({
        kind: row.problem,
        entryKind: row.kind,
        ref: row.ref,
        postedKobo: row.posted === null ? null : koboOf(row.posted),
        expectedKobo: row.expected === null ? null : koboOf(row.expected),
      }));
    },

    /** Entries whose lines do not sum to zero, or that have none; lines whose entry or account is missing. */
    async unbalancedEntries(): Promise<FoundDifference[]> {
      const rows = await rowsOf<{ id: string; kind: string | null; total: string | null }>(
        db,
        sql`
        SELECT id::text, kind, total::text FROM (
          SELECT coalesce(e.id, l.entry_id) AS id, e.kind, bool_or(e.id IS NULL) AS orphan, count(l.entry_id) AS lines, sum(l.amount_kobo) AS total
          FROM ledger_entries e FULL JOIN ledger_lines l ON l.entry_id = e.id
          GROUP BY 1, 2) entry
        WHERE lines = 0 OR total <> 0 OR orphan
        UNION ALL
        SELECT DISTINCT l.entry_id::text, 'account ' || l.account_code || ' missing', NULL
        FROM ledger_lines l LEFT JOIN ledger_accounts a ON a.code = l.account_code
        WHERE a.code IS NULL
        LIMIT ${DIFFERENCES_READ}`,
      );
      return rows.map((row) => ({
        kind: 'unbalanced-entry',
        entryKind: row.kind ?? 'entry missing',
        ref: row.id,
        postedKobo: row.total === null ? null : koboOf(row.total),
        expectedKobo: 0,
      }));
    },

    /** Accounts whose kept balance is not the sum of their lines (debits or credits). */
    async balanceDifferences(): Promise<FoundDifference[]> {
      const rows = await rowsOf<{ code: string; kept: string; summed: string }>(
        db,
        sql`
        WITH kept AS (
          SELECT account_code, sum(debits_kobo) AS debits, sum(credits_kobo) AS credits FROM ledger_balances GROUP BY account_code),
        summed AS (
          SELECT account_code,
                 coalesce(sum(amount_kobo) FILTER (WHERE amount_kobo > 0), 0) AS debits,
                 coalesce(-sum(amount_kobo) FILTER (WHERE amount_kobo < 0), 0) AS credits
          FROM ledger_lines GROUP BY account_code)
        SELECT coalesce(k.account_code, s.account_code) AS code,
               (coalesce(k.debits, 0) - coalesce(k.credits, 0))::text AS kept,
               (coalesce(s.debits, 0) - coalesce(s.credits, 0))::text AS summed
        FROM kept k FULL JOIN summed s ON s.account_code = k.account_code
        WHERE coalesce(k.debits, 0) <> coalesce(s.debits, 0) OR coalesce(k.credits, 0) <> coalesce(s.credits, 0)
        ORDER BY 1
        LIMIT ${DIFFERENCES_READ}`,
      );
      return rows.map((row) => ({ kind: 'balance-differs', entryKind: null, ref: row.code, postedKobo: koboOf(row.kept), expectedKobo: koboOf(row.summed) }));
    },

    /**
     * Open and closing tills whose running cash total (0047_till_totals.sql, a derived counter kept
     * under the till's lock) is not the sum of their cash payments.
     */
    async tillTotalDifferences(): Promise<FoundDifference[]> {
      const rows = await rowsOf<{ id: string; kept: string; summed: string }>(
        db,
        sql`
        SELECT t.id::text, t.cash_kobo::text AS kept, coalesce(p.kobo, 0)::text AS summed
        FROM tills t
        LEFT JOIN LATERAL (
          SELECT sum(amount_kobo) AS kobo FROM (
            SELECT amount_kobo FROM subscription_payments WHERE till_id = t.id
            UNION ALL
            SELECT amount_kobo FROM penalty_payments WHERE till_id = t.id) cash) p ON true
        WHERE t.status IN ('open', 'closing') AND t.cash_kobo <> coalesce(p.kobo, 0)
        ORDER BY 1
        LIMIT ${DIFFERENCES_READ}`,
      );
      return rows.map((row) => ({ kind: 'till-total-differs', entryKind: null, ref: row.id, postedKobo: koboOf(row.kept), expectedKobo: koboOf(row.summed) }));
    },

    /**
     * Report day totals (ledger_day_totals, 0044: per Lagos day, account group and entry kind, on
     * shards) whose debits or credits are not those of the lines they stand for: one grouped pass.
     * The ref names the day, group, kind and side (debits when they differ, else credits).
     */
    async dayTotalDifferences(): Promise<FoundDifference[]> {
      const rows = await rowsOf<{ ref: string; kind: string; kept: string; summed: string }>(
        db,
        sql`
        WITH kept AS (
          SELECT day, account_group, entry_kind, sum(debits_kobo) AS debits, sum(credits_kobo) AS credits
          FROM ledger_day_totals GROUP BY 1, 2, 3),
        summed AS (
          SELECT (e.occurred_at AT TIME ZONE 'Africa/Lagos')::date AS day, ledger_account_group(l.account_code) AS account_group, e.kind AS entry_kind,
                 coalesce(sum(l.amount_kobo) FILTER (WHERE l.amount_kobo > 0), 0) AS debits,
                 coalesce(-sum(l.amount_kobo) FILTER (WHERE l.amount_kobo < 0), 0) AS credits
          FROM ledger_lines l JOIN ledger_entries e ON e.id = l.entry_id
          GROUP BY 1, 2, 3),
        compared AS (
          SELECT coalesce(k.day, s.day) AS day, coalesce(k.account_group, s.account_group) AS account_group,
                 coalesce(k.entry_kind, s.entry_kind) AS entry_kind,
                 coalesce(k.debits, 0) AS kept_debits, coalesce(s.debits, 0) AS summed_debits,
                 coalesce(k.credits, 0) AS kept_credits, coalesce(s.credits, 0) AS summed_credits
          FROM kept k FULL JOIN summed s ON s.day = k.day AND s.account_group = k.account_group AND s.entry_kind = k.entry_kind)
        SELECT concat_ws(' ', day::text, account_group, entry_kind, CASE WHEN kept_debits <> summed_debits THEN 'debits' ELSE 'credits' END) AS ref,
               entry_kind AS kind,
               (CASE WHEN kept_debits <> summed_debits THEN kept_debits ELSE kept_credits END)::text AS kept,
               (CASE WHEN kept_debits <> summed_debits THEN summed_debits ELSE summed_credits END)::text AS summed
        FROM compared
        WHERE kept_debits <> summed_debits OR kept_credits <> summed_credits
        ORDER BY day, account_group, entry_kind
        LIMIT ${DIFFERENCES_READ}`,
      );
      return rows.map((row) => ({
        kind: 'day-total-differs',
        entryKind: row.kind,
        ref: row.ref,
        postedKobo: koboOf(row.kept),
        expectedKobo: koboOf(row.summed),
      }));
    },

    /** The sum of every line: zero in balanced books. */
    async total(): Promise<Kobo> {
      const [row] = await rowsOf<{ total: string }>(db, sql`SELECT coalesce(sum(amount_kobo), 0)::text AS total FROM ledger_lines`);
      return koboOf(row.total);
    },

    async saveCheck(check: Omit<StoredCheck, 'id' | 'requestedBy'> & { requestedBy: string | null }): Promise<void> {
      await db.execute(
        sql`
        INSERT INTO ledger_checks (started_at, finished_at, trigger, requested_by, ok, entries, lines, differences, difference_count)
        VALUES (${timestamp(check.startedAt)}, ${timestamp(check.finishedAt)}, ${check.trigger}, ${check.requestedBy}::uuid, ${check.ok},
                ${check.entries}, ${check.lines}, ${JSON.stringify(check.differences)}::jsonb, ${check.differenceCount})`,
      );
    },

    /** The last check (the highest id: they are written as they finish), with who asked for it. */
    async lastCheck(): Promise<StoredCheck | null> {
      const [row] = await statements.runSql<
        StoredCheck & { requestedByName: string | null; requestedById: string | null; entries: string | number; lines: string | number }
      >(
        'lastCheck',
        {},
        () => sql`
        SELECT c.id, c.started_at AS "startedAt", c.finished_at AS "finishedAt", c.trigger, c.ok, c.entries, c.lines, c.differences,
               c.difference_count AS "differenceCount", u.id AS "requestedById", u.full_name AS "requestedByName"
        FROM ledger_checks c LEFT JOIN users u ON u.id = c.requested_by
        ORDER BY c.id DESC
        LIMIT 1`,
      );
      if (!row) return null;
      return {
        id: Number(row.id),
        startedAt: new Date(row.startedAt),
        finishedAt: new Date(row.finishedAt),
        trigger: row.trigger,
        requestedBy: row.requestedById ? { id: row.requestedById, fullName: row.requestedByName ?? '' } : null,
        ok: row.ok,
        entries: Number(row.entries),
        lines: Number(row.lines),
        differences: typeof row.differences === 'string' ? JSON.parse(row.differences) : row.differences,
        differenceCount: row.differenceCount,
      };
    },

    /** A page of accounts with their kept debits and credits, by kind then code, and how many there are. */
    async balances(page: { limit: number; offset: number; kind?: LedgerAccountKind }): Promise<{ rows: AccountBalanceRow[]; total: number }> {
      const kind = page.kind ?? null;
      const where: SQL = kind ? sql`WHERE a.kind = ${sql.placeholder('kind')}` : sql``;
      const values = { kind, limit: page.limit, offset: page.offset };
      const [rows, [count]] = await Promise.all([
        statements.runSql<{ code: string; kind: LedgerAccountKind; ownerName: string | null; ownerCode: string | null; debits: string; credits: string }>(
          `balances|${Boolean(kind)}`,
          values,
          () => sql`
          SELECT a.code, a.kind, owner.full_name AS "ownerName", owner.user_code AS "ownerCode",
                 coalesce(b.debits, 0)::text AS debits, coalesce(b.credits, 0)::text AS credits
          FROM ledger_accounts a
          LEFT JOIN LATERAL (
            SELECT sum(debits_kobo) AS debits, sum(credits_kobo) AS credits FROM ledger_balances WHERE account_code = a.code) b ON true
          LEFT JOIN stakeholders k ON a.kind = 'payable' AND k.id = a.owner_id
          LEFT JOIN users owner ON owner.id = CASE WHEN a.kind = 'payable' THEN k.union_id ELSE a.owner_id END
          ${where}
          ORDER BY a.kind, a.code
          LIMIT ${sql.placeholder('limit')} OFFSET ${sql.placeholder('offset')}`,
        ),
        statements.runSql<{ n: number }>(`balanceCount|${Boolean(kind)}`, values, () => sql`SELECT count(*)::int AS n FROM ledger_accounts a ${where}`),
      ]);
      return {
        rows: rows.map((row) => ({ ...row, debitsKobo: koboOf(row.debits), creditsKobo: koboOf(row.credits) })),
        total: count.n,
      };
    },
  };
}
export type LedgerQueries = ReturnType<typeof ledgerQueries>;
