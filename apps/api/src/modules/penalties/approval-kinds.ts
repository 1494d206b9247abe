import { z } from 'zod';
import { VEHICLE_TYPES } from '@eticket/contracts';
import type { Clock } from '../../lib/clock.ts';
import { toKobo, toNaira } from '../../domain/money.ts';
import { notFound } from '../../platform/http/errors.ts';
import { approvalKind } from '../approvals/index.ts';
import { lockSubscription, subscriptionsOn } from '../subscriptions/index.ts';
import { createPenaltiesRepository, penaltyQueries } from './repository.ts';
import { createPenaltiesService } from './service.ts';

const write = { capability: 'penalty', access: 'write' } as const;

/** Lowering or waiving a motorist's penalty, and changing a penalty charge's price: requests a second person approves (docs/approvals.md). */
export function penaltyApprovalKinds(clock: Clock) {
  const serviceOn = (tx: Parameters<typeof createPenaltiesRepository>[0]) =>
    createPenaltiesService({ repository: createPenaltiesRepository(tx), subscriptions: subscriptionsOn(tx, clock), clock });

  const waive = approvalKind({
    name: 'penalty-waive',
    make: write,
    check: write,
    payload: z.object({ subscriptionId: z.string(), price: z.number(), reason: z.string().nullable() }),
    async describe(db, payload, names) {
      const current = await lockSubscription(db, payload.subscriptionId);
      if (!current) throw notFound('Subscription not found');
      // Only lowering needs a second person; raising (up to the ceiling) applies at once.
      if (toKobo(payload.price) >= current.outstandingPenaltyKobo) return null;
      return {
        subject: `Penalty of ${(await names.person(current.userId)) ?? 'a motorist'}`,
        before: { userId: current.userId, outstandingPayment: toNaira(current.outstandingPenaltyKobo) },
        after: { userId: current.userId, outstandingPayment: payload.price },
      };
    },
    apply: (tx, payload, { maker }) => serviceOn(tx).setOutstanding(maker, payload),
  });

  const chargePrice = approvalKind({
    name: 'penalty-charge-price',
    make: write,
    check: write,
    payload: z.object({ id: z.string(), vehicleType: z.enum(VEHICLE_TYPES).optional(), price: z.number().optional() }),
    async describe(db, payload) {
      const current = await penaltyQueries(db).lockCharge(payload.id);
      if (!current) throw notFound('Penalty charge not found');
      if (payload.price === undefined || toKobo(payload.price) === current.priceKobo) return null;
      return {
        subject: `Penalty charge for ${current.vehicleType}`,
        before: { vehicleType: current.vehicleType, price: toNaira(current.priceKobo) },
        after: { vehicleType: payload.vehicleType ?? current.vehicleType, price: payload.price },
      };
    },
    apply: (tx, payload, { maker }) => serviceOn(tx).updateCharge(maker, payload.id, payload),
  });

  return [waive, chargePrice];
}
