import {
  TICKET_MESSAGES,
  type Plan,
  type TicketSubscription,
  type VehicleType,
  planCreateRequest,
  planUpdateRequest,
} from '@eticket/contracts';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { toKobo, toNaira } from '../../platform/money.ts';
import { effectiveExpiry, pause, resume, statusAt } from './lifecycle.ts';
import type { PlanRecord, SubscriptionWithPlan, SubscriptionsRepository } from './repository.ts';

export const PLAN_UNIQUE_INDEX = 'subscription_plans_name_unique';

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
    subscription: plan ? { _id: plan.id, id: plan.id, name: plan.name, vehicleType: plan.vehicleType, price: toNaira(plan.priceKobo) } : null,
  };
}

const duplicatePlan = (name: string, vehicleType: string) => conflict(`A ${name} plan for ${vehicleType} already exists`);

export function createSubscriptionsService(deps: { repository: SubscriptionsRepository; clock: Clock }) {
  const { repository, clock } = deps;

  async function viewById(id: string): Promise<TicketSubscription> {
    const [found] = await repository.findWithPlans({ ids: [id] });
    return toTicketSubscription(found, clock.now(), await repository.graceMs());
  }

  /**
   * Subscriptions of these people now, by person id (motorists only), in two queries whatever the
   * number of people. With `open`, motorists that have none get one first (a write).
   */
  async function viewsForUsers(userIds: string[], options: { open?: boolean } = {}): Promise<Map<string, TicketSubscription>> {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return new Map();
    let found = await repository.findWithPlans({ userIds: unique });
    if (options.open && found.length < unique.length) {
      const have = new Set(found.map((row) => row.subscription.userId));
      const missing = unique.filter((id) => !have.has(id));
      if (missing.length > 0 && (await repository.ensureForMotorists(missing)) > 0) {
        found = await repository.findWithPlans({ userIds: unique });
      }
    }
    const now = clock.now();
    const graceMs = await repository.graceMs();
    return new Map(found.map((row) => [row.subscription.userId, toTicketSubscription(row, now, graceMs)]));
  }

  return {
    // ---- plans

    async createPlan(input: z.output<typeof planCreateRequest>): Promise<Plan> {
      try {
        return toPlan(await repository.insertPlan({ name: input.name, vehicleType: input.vehicleType, priceKobo: toKobo(input.price), at: clock.now() }));
      } catch (error) {
        if (isUniqueViolation(error, PLAN_UNIQUE_INDEX)) throw duplicatePlan(input.name, input.vehicleType);
        throw error;
      }
    },

    async listPlans(vehicleType?: VehicleType): Promise<Plan[]> {
      return (await repository.listPlans(vehicleType)).map(toPlan);
    },

    async updatePlan(id: string, input: z.output<typeof planUpdateRequest>): Promise<Plan> {
      const current = await repository.findPlan(id);
      if (!current || current.isDeleted) throw notFound('Plan not found');
      try {
        const updated = await repository.updatePlan(id, {
          name: input.name,
          vehicleType: input.vehicleType,
          priceKobo: input.price === undefined ? undefined : toKobo(input.price),
          at: clock.now(),
        });
        if (!updated) throw notFound('Plan not found');
        return toPlan(updated);
      } catch (error) {
        if (isUniqueViolation(error, PLAN_UNIQUE_INDEX)) throw duplicatePlan(input.name ?? current.name, input.vehicleType ?? current.vehicleType);
        throw error;
      }
    },

    /**
     * Soft delete: the plan leaves the list and can no longer be paid for; subscriptions that name
     * it keep running and payments keep the plan's name, type and price as they were.
     */
    async deletePlan(id: string): Promise<void> {
      if (!(await repository.softDeletePlan(id, clock.now()))) throw notFound('Plan not found');
    },

    // ---- subscriptions

    /** Pauses the subscription (by its id or its motorist's id): the remaining time is frozen. */
    async pause(idOrUserId: string): Promise<TicketSubscription> {
      const id = await repository.transaction(async (repo) => {
        const current = await repo.lock(idOrUserId);
        if (!current) throw notFound('Subscription not found');
        if (current.pausedAt) throw conflict(TICKET_MESSAGES.alreadyPaused);
        const now = clock.now();
        await repo.update(current.id, { ...pause(current, now), updatedAt: now });
        return current.id;
      });
      return viewById(id);
    },

    /** Resumes a paused subscription: the frozen remaining time runs again from now. */
    async resume(idOrUserId: string): Promise<TicketSubscription> {
      const id = await repository.transaction(async (repo) => {
        const current = await repo.lock(idOrUserId);
        if (!current) throw notFound('Subscription not found');
        if (!current.pausedAt) throw conflict(TICKET_MESSAGES.notPaused);
        const now = clock.now();
        await repo.update(current.id, { ...resume(current, now), updatedAt: now });
        return current.id;
      });
      return viewById(id);
    },

    viewsForUsers,

    async view(id: string): Promise<TicketSubscription> {
      const [found] = await repository.findWithPlans({ ids: [id] });
      if (!found) throw notFound('Subscription not found');
      return toTicketSubscription(found, clock.now(), await repository.graceMs());
    },
  };
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;

/** Batch view of subscriptions by person id, for the people lists and details (see viewsForUsers). */
export type TicketSubscriptionViews = SubscriptionsService['viewsForUsers'];
