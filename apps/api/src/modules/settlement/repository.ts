import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { rowsOf } from '../../db/rows.ts';
import { PreparedStatements } from '../../lists/prepared.ts';
import { koboOf } from '../../domain/money.ts';
import type { LedgerCredit, SettlementDifference, SettlementMatch } from './match.ts';

const timestamp = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** A stored day's match. */
export interface SettlementDayRow extends SettlementMatch {
  day: string;
  provider: string;
  ranAt: Date;
}

interface RawDay {
  day: string;
  provider: string;
  ranAt: Date | string;
  providerCount: number;
  providerKobo: string;
  ledgerCount: number;
  ledgerKobo: string;
  feesKobo: string;
  settledKobo: string;
  unexplainedKobo: string;
  differences: SettlementDifference[] | string;
}

const daySelect = sql`
  SELECT day::text AS day, provider, ran_at AS "ranAt", provider_count AS "providerCount", provider_kobo::text AS "providerKobo",
         ledger_count AS "ledgerCount", ledger_kobo::text AS "ledgerKobo", fees_kobo::text AS "feesKobo", settled_kobo::text AS "settledKobo",
         unexplained_kobo::text AS "unexplainedKobo", differences
  FROM settlement_days`;

const toDay = (row: RawDay): SettlementDayRow => ({
  day: row.day,
  provider: row.provider,
  ranAt: new Date(row.ranAt),
  providerCount: row.providerCount,
  providerKobo: koboOf(row.providerKobo),
  ledgerCount: row.ledgerCount,
  ledgerKobo: koboOf(row.ledgerKobo),
  feesKobo: koboOf(row.feesKobo),
  settledKobo: koboOf(row.settledKobo),
  unexplainedKobo: koboOf(row.unexplainedKobo),
  differences: typeof row.differences === 'string' ? (JSON.parse(row.differences) as SettlementDifference[]) : row.differences,
});

/** The settlement match's statements. */
export function settlementQueries(db: Database) {
  const statements = new PreparedStatements(db);
  return {
    /**
     * What the ledger credited to the provider's clearing account in [from, to) (entries by when the
     * money moved), net per provider reference: a payment's reference (without its `paystack:`), a suspense item's (its receipt,
     * and its assignment with the payment it became, which net to nothing). Refunds and reversals are
     * left out of this sum; an entry without a reference is named by its id (a difference to explain).
     */
    async ledgerCredits(from: Date, to: Date): Promise<LedgerCredit[]> {
      const rows = await rowsOf<{ reference: string; amount: string }>(
        db,
        sql`SELECT coalesce(regexp_replace(coalesce(s.reference, p.reference), '^[a-z]+:', ''), i.reference, 'entry ' || e.id::text) AS reference, sum(l.amount_kobo)::text AS amount
            FROM ledger_lines l
            JOIN ledger_entries e ON e.id = l.entry_id
            LEFT JOIN subscription_payments s ON e.kind = 'subscription_payment' AND s.id = e.source_id
            LEFT JOIN penalty_payments p ON e.kind = 'penalty_payment' AND p.id = e.source_id
            LEFT JOIN suspense_items i ON e.kind IN ('suspense_receipt', 'suspense_assignment') AND i.id = e.source_id
            WHERE l.account_code = 'clearing:online' AND e.occurred_at >= ${timestamp(from)} AND e.occurred_at < ${timestamp(to)}
              AND e.kind NOT IN ('suspense_refund', 'reversal')
            GROUP BY 1 ORDER BY 1`,
      );
      return rows.map((row) => ({ reference: row.reference, amountKobo: koboOf(row.amount) }));
    },

    async save(day: string, provider: string, ranAt: Date, match: SettlementMatch): Promise<void> {
      await db.execute(sql`
        INSERT INTO settlement_days (day, provider, ran_at, provider_count, provider_kobo, ledger_count, ledger_kobo, fees_kobo, settled_kobo, unexplained_kobo, differences)
        VALUES (${day}::date, ${provider}, ${timestamp(ranAt)}, ${match.providerCount}, ${match.providerKobo}, ${match.ledgerCount}, ${match.ledgerKobo},
                ${match.feesKobo}, ${match.settledKobo}, ${match.unexplainedKobo}, ${JSON.stringify(match.differences)}::jsonb)
        ON CONFLICT (day) DO UPDATE SET provider = excluded.provider, ran_at = excluded.ran_at, provider_count = excluded.provider_count,
          provider_kobo = excluded.provider_kobo, ledger_count = excluded.ledger_count, ledger_kobo = excluded.ledger_kobo,
          fees_kobo = excluded.fees_kobo, settled_kobo = excluded.settled_kobo, unexplained_kobo = excluded.unexplained_kobo,
          differences = excluded.differences`);
    },

    async day(day: string): Promise<SettlementDayRow | null> {
      const [row] = await statements.runSql<RawDay>('day', { day }, () => sql`${daySelect} WHERE day = ${sql.placeholder('day')}::date`);
      return row ? toDay(row) : null;
    },

    async latest(): Promise<SettlementDayRow | null> {
      const [row] = await statements.runSql<RawDay>('latest', {}, () => sql`${daySelect} ORDER BY day DESC LIMIT 1`);
      return row ? toDay(row) : null;
    },
  };
}
