import { z } from 'zod';
import { PLAN_NAMES, VEHICLE_TYPES } from '@eticket/contracts';
import type { Clock } from '../../lib/clock.ts';
import { toKobo, toNaira } from '../../domain/money.ts';
import { notFound } from '../../platform/http/errors.ts';
import { approvalKind } from '../approvals/index.ts';
import { createSubscriptionsRepository, subscriptionQueries } from './repository.ts';
import { createSubscriptionsService } from './service.ts';

const write = { capability: 'subscriptions', access: 'write' } as const;

/** Changing a plan's price: a request a second person approves (docs/approvals.md). */
export function subscriptionApprovalKinds(clock: Clock) {
  const planPrice = approvalKind({
    name: 'plan-price',
    make: write,
    check: write,
    payload: z.object({
      id: z.string(),
      name: z.enum(PLAN_NAMES).optional(),
      vehicleType: z.enum(VEHICLE_TYPES).optional(),
      price: z.number().optional(),
    }),
    async describe(db, payload) {
      const current = await subscriptionQueries(db).lockPlan(payload.id);
      if (!current || current.isDeleted) throw notFound('Plan not found');
      // Its name or vehicle type alone changes no money: applied at once.
      if (payload.price === undefined || toKobo(payload.price) === current.priceKobo) return null;
      return {
        subject: `${current.name} plan for ${current.vehicleType}`,
        before: { name: current.name, vehicleType: current.vehicleType, price: toNaira(current.priceKobo) },
        after: { name: payload.name ?? current.name, vehicleType: payload.vehicleType ?? current.vehicleType, price: payload.price },
      };
    },
    apply: (tx, payload, { maker }) =>
      createSubscriptionsService({ repository: createSubscriptionsRepository(tx), clock }).updatePlan(maker, payload.id, payload),
  });
  return [planPrice];
}
