import { addLagosDays, lagosDay, startOfLagosDay, startOfNextLagosDay } from '../../domain/calendar.ts';
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict } from '../../platform/http/errors.ts';
import { matchSettlement, type ProviderTransaction } from './match.ts';
import { settlementQueries, type SettlementDayRow } from './repository.ts';

/** What the match asks of the provider (the online-payments module's PaymentProvider). */
export interface SettlementProvider {
  readonly name: string;
  listTransactions(day: string): Promise<{ reference: string; status: string; amountKobo: number; feesKobo: number | null }[]>;
  listSettlements(day: string): Promise<{ effectiveAmountKobo: number }[]>;
}

/**
 * The daily settlement match (issue 43): the provider's successful transactions and settlements of a
 * Lagos day against what the ledger credited to its clearing account that day; the result, with
 * each difference, is kept per day and shown on the Books page.
 */
export function createSettlementService(deps: { db: Database; clock: Clock; provider?: SettlementProvider }) {
  const { db, clock, provider } = deps;
  const queries = settlementQueries(db);

  return {
    async run(day: string): Promise<SettlementDayRow> {
      if (!provider) throw conflict('Online payments are off: set PAYSTACK_SECRET_KEY');
      const [transactions, settlements, ledger] = await Promise.all([
        provider.listTransactions(day),
        provider.listSettlements(day),
        queries.ledgerCredits(startOfLagosDay(day), startOfNextLagosDay(day)),
      ]);
      const theirs: ProviderTransaction[] = transactions
        .filter((t) => t.status === 'success')
        .map((t) => ({ reference: t.reference, amountKobo: t.amountKobo, feesKobo: t.feesKobo ?? 0 }));
      const settled = settlements.reduce((total, s) => total + s.effectiveAmountKobo, 0);
      const match = matchSettlement(theirs, ledger, settled);
      const ranAt = clock.now();
      await queries.save(day, provider.name, ranAt, match);
      return { day, provider: provider.name, ranAt, ...match };
    },

    /** The day's stored match; unset: the latest. */
    find: (day?: string): Promise<SettlementDayRow | null> => (day ? queries.day(day) : queries.latest()),

    /** The job's day: yesterday in Lagos (a day is matched once it is over). */
    yesterday: (now: Date): string => lagosDay(addLagosDays(now, -1)),
  };
}
export type SettlementService = ReturnType<typeof createSettlementService>;
