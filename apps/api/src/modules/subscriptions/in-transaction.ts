import type { Database } from '../../db/connect.ts';
import type { TicketSubscriptionRow } from '../../db/schema.ts';
import type { Kobo } from '../../domain/money.ts';
import { subscriptionQueries } from './repository.ts';

// What other modules do to subscriptions inside their own transaction (a payment, a scan, a new
// motorist): each step runs on the transaction handle it is given, so it commits or rolls back with it.

/** Opens the subscriptions of these motorists that have none (see ensureForMotorists); how many it opened. */
export function openSubscriptions(tx: Database, userIds: string[], options: { planId?: string | null; at?: Date } = {}): Promise<number> {
  return subscriptionQueries(tx).ensureForMotorists(userIds, options);
}

/** Adds a penalty to a subscription's outstanding amount in one statement; answers the new amount. */
export function addPenalty(tx: Database, subscriptionId: string, amountKobo: Kobo, at: Date): Promise<Kobo> {
  return subscriptionQueries(tx).addPenalty(subscriptionId, amountKobo, at);
}

/** Writes a subscription's new state (a payment's extension, a penalty paid). */
export function updateSubscription(
  tx: Database,
  subscriptionId: string,
  changes: Partial<Omit<TicketSubscriptionRow, 'id' | 'userId' | 'createdAt'>> & { updatedAt: Date },
): Promise<void> {
  return subscriptionQueries(tx).update(subscriptionId, changes);
}

/** The subscription by its id or by its motorist's id, locked until the transaction ends. */
export function lockSubscription(tx: Database, idOrUserId: string): Promise<TicketSubscriptionRow | null> {
  return subscriptionQueries(tx).lock(idOrUserId);
}
