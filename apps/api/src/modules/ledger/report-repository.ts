import { sql } from 'drizzle-orm';
import type { LedgerAccountKind } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import { rowsOf } from '../../db/rows.ts';
import { koboOf, type Kobo } from '../../domain/money.ts';
import { PreparedStatements } from '../../lists/prepared.ts';

/** A report row's (account's or group's) lines of one entry kind: before the period, and in it. */
export interface DayTotalsRow {
  group: string;
  entryKind: string;
  /** debits − credits of the days before the period. */
  beforeKobo: Kobo;
  debitsKobo: Kobo;
  creditsKobo: Kobo;
}

/** An account the report names: a fixed or payable one, or a group (till, shortage). */
export interface ReportAccountRow {
  group: string;
  kind: LedgerAccountKind;
  ownerName: string | null;
  ownerCode: string | null;
}

/** The Books report's two statements, on ledger_day_totals (0044) and the chart of accounts. */
export function ledgerReportQueries(db: Database) {
  const statements = new PreparedStatements(db);
  return {
    /** Each group's and entry kind's totals before firstDay, and from firstDay to the day before endDay (Lagos days). */
    async dayTotals(firstDay: string, endDay: string): Promise<DayTotalsRow[]> {
      const first = sql`${sql.placeholder('firstDay')}::date`;
      const rows = await statements.runSql<{ group: string; entryKind: string; before: string; debits: string; credits: string }>(
        'dayTotals',
        { firstDay, endDay },
        () => sql`
        SELECT account_group AS group, entry_kind AS "entryKind",
               coalesce(sum(debits_kobo - credits_kobo) FILTER (WHERE day < ${first}), 0)::text AS before,
               coalesce(sum(debits_kobo) FILTER (WHERE day >= ${first}), 0)::text AS debits,
               coalesce(sum(credits_kobo) FILTER (WHERE day >= ${first}), 0)::text AS credits
        FROM ledger_day_totals
        WHERE day < ${sql.placeholder('endDay')}::date
        GROUP BY 1, 2`,
      );
      return rows.map((row) => ({
        group: row.group,
        entryKind: row.entryKind,
        beforeKobo: koboOf(row.before),
        debitsKobo: koboOf(row.debits),
        creditsKobo: koboOf(row.credits),
      }));
    },

    /** Folds the shards of the days before `before` (YYYY-MM-DD) into one row each; answers how many shard rows were folded. */
    async compact(before: string): Promise<number> {
      const [row] = await rowsOf<{ folded: string }>(db, sql`SELECT ledger_day_totals_compact(${before}::date)::text AS folded`);
      return Number(row.folded);
    },

    /**
     * Every account but the personal tills and shortages (fixed accounts, payables with their
     * stakeholder; by the kind index, never the tills' thousands), and those two kinds as one row each.
     */
    async accounts(): Promise<ReportAccountRow[]> {
      return statements.runSql<ReportAccountRow>(
        'accounts',
        {},
        () => sql`
        SELECT a.code AS group, a.kind, owner.full_name AS "ownerName", owner.user_code AS "ownerCode"
        FROM ledger_accounts a
        LEFT JOIN stakeholders k ON a.kind = 'payable' AND k.id = a.owner_id
        LEFT JOIN users owner ON owner.id = k.union_id
        WHERE a.kind IN ('bank', 'clearing', 'suspense', 'overage', 'payable', 'revenue')
        UNION ALL
        SELECT kind, kind, NULL, NULL FROM (VALUES ('till'), ('shortage')) AS personal (kind)`,
      );
    },
  };
}
export type LedgerReportQueries = ReturnType<typeof ledgerReportQueries>;
