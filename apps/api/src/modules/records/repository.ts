import { and, like, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { penaltyPayments, subscriptionPayments, users } from '../../db/schema.ts';
import { plateOwnersQuery } from '../../lists/plate-search.ts';
import { Binding, containing, PreparedStatements, startingWith } from '../../lists/prepared.ts';
import { paymentQueries } from './payment-queries.ts';
import type { RecordFilter } from './record-filter.ts';
import { scanQueries } from './scan-queries.ts';

export type { PaymentRow } from './payment-queries.ts';
export type { RecordFilter } from './record-filter.ts';
export type { ScanRow } from './scan-queries.ts';

/** At most this many people match a Unique ID search (a prefix of 3 characters already narrows to a handful). */
export const MAX_PEOPLE_PER_SEARCH = 500;

/** The records lists' SQL: scans (scan-queries.ts), the two payment tables (payment-queries.ts) and the searches' look-ups. */
export function recordQueries(db: Database) {
  const subscriptionPaymentQueries = paymentQueries(db, subscriptionPayments, 'subscription_payments');
  const penaltyPaymentQueries = paymentQueries(db, penaltyPayments, 'penalty_payments');
  const lookups = new PreparedStatements(db);

  return {
    ...scanQueries(db),

    /**
     * Motorists and agents whose Unique ID starts with `prefix` (served by users_user_code_pattern_idx;
     * the pattern stays a parameter, so each search is planned with its own prefix).
     */
    async peopleWithCodePrefix(prefix: string): Promise<NonNullable<RecordFilter['people']>> {
      const binding = new Binding();
      const pattern = binding.pattern('userCode', startingWith(prefix));
      const rows = await lookups.run(binding.shape, binding.values, () =>
        db.select({ id: users.id, role: users.role }).from(users).where(like(users.userCode, pattern)).limit(MAX_PEOPLE_PER_SEARCH),
      );
      return {
        motoristIds: rows.filter((r) => r.role === 'motorist').map((r) => r.id),
        agentIds: rows.filter((r) => r.role !== 'motorist').map((r) => r.id),
      };
    },

    /**
     * Motorists and agents (not deleted) whose name, email, phone or Unique ID contains `text`, at
     * most MAX_PEOPLE_PER_SEARCH of each: motorists through users_motorist_search_trgm_idx, agents
     * through users_staff_search_trgm_idx (the roles are written out, so each partial index applies).
     */
    async peopleNamed(text: string): Promise<NonNullable<RecordFilter['people']>> {
      const binding = new Binding();
      const pattern = binding.pattern('searchText', containing(text.toLowerCase()));
      const live = (role: ReturnType<typeof sql>) =>
        db
          .select({ id: users.id })
          .from(users)
          .where(and(role, sql`NOT ${users.isDeleted}`, like(users.searchText, pattern)))
          .limit(MAX_PEOPLE_PER_SEARCH);
      const [motorists, agents] = await Promise.all([
        lookups.run(`${binding.shape}|motorists`, binding.values, () => live(sql`${users.role} = 'motorist'`)),
        lookups.run(`${binding.shape}|agents`, binding.values, () => live(sql`${users.role} <> 'motorist'`)),
      ]);
      return { motoristIds: motorists.map((r) => r.id), agentIds: agents.map((r) => r.id) };
    },

    /** Motorists whose plate number contains the search (see lists/plate-search.ts). */
    plateOwners: plateOwnersQuery(db),

    subscriptionPaymentSummary: subscriptionPaymentQueries.summary,
    penaltyPaymentSummary: penaltyPaymentQueries.summary,
    listSubscriptionPayments: subscriptionPaymentQueries.list,
    subscriptionPaymentById: subscriptionPaymentQueries.byId,
    listPenaltyPayments: penaltyPaymentQueries.list,
    penaltyPaymentById: penaltyPaymentQueries.byId,
    subscriptionPaymentBatch: subscriptionPaymentQueries.batch,
    penaltyPaymentBatch: penaltyPaymentQueries.batch,
  };
}
export type RecordQueries = ReturnType<typeof recordQueries>;
