// How plans and ticket subscriptions read in the API's replies; other modules show subscriptions too.
import type { Plan, TicketSubscription } from '@eticket/contracts';
import { toNaira } from '../../domain/money.ts';
import { effectiveExpiry, statusAt } from './lifecycle.ts';
import type { PlanRecord, SubscriptionWithPlan } from './repository.ts';

export function toPlan(row: PlanRecord): Plan {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    vehicleType: row.vehicleType,
    price: toNaira(row.priceKobo),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The API view of a subscription at `now`: status and expiry derived from time. */
export function toTicketSubscription({ subscription: s, plan }: SubscriptionWithPlan, now: Date, graceMs: number): TicketSubscription {
  const expiry = effectiveExpiry(s, now);
  return {
    _id: s.id,
    id: s.id,
    userId: s.userId,
    subscriptionStatus: statusAt(s, now, graceMs),
    subscriptionExpiryDate: expiry.toISOString(),
    graceEndsAt: new Date(expiry.getTime() + graceMs).toISOString(),
    accumulated: s.accumulated,
    accumulatedAmount: toNaira(s.accumulatedAmountKobo),
    outstandingPayment: toNaira(s.outstandingPenaltyKobo),
    pausedAt: s.pausedAt?.toISOString() ?? null,
    createdAt: (s.renewedAt ?? s.createdAt).toISOString(),
    renewedAt: s.renewedAt?.toISOString() ?? null,
    lastReceiptNo: s.lastReceiptNo,
    subscription: plan ? { _id: plan.id, id: plan.id, name: plan.name, vehicleType: plan.vehicleType, price: toNaira(plan.priceKobo) } : null,
  };
}
