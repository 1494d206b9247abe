import { TICKET_MESSAGES, type Plan, type TicketSubscription, type VehicleType, planCreateRequest, planUpdateRequest } from '@eticket/contracts';
import type { z } from 'zod';
import type { Actor, AuditEntry } from '../../platform/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { toKobo, toNaira } from '../../domain/money.ts';
import type { TicketSubscriptionRow } from '../../db/schema.ts';
import { pause, resume, type LifecycleState } from './lifecycle.ts';
import { toPlan, toTicketSubscription } from './views.ts';
import type { PlanRecord, SubscriptionsRepository } from './repository.ts';

const PLAN_UNIQUE_INDEX = 'subscription_plans_name_unique';

/** A plan as the audit log keeps it (price in naira, as the API speaks). */
const planSnapshot = (row: PlanRecord) => ({ name: row.name, vehicleType: row.vehicleType, price: toNaira(row.priceKobo) });

/** The fields pause and resume change, as the audit log keeps them. */
const lifecycleSnapshot = (state: LifecycleState) => ({
  expiresAt: state.expiresAt,
  pausedAt: state.pausedAt,
  pausedRemainingMs: state.pausedRemainingMs,
});

function lifecycleEntry(
  actor: Actor,
  action: 'subscription.paused' | 'subscription.resumed',
  current: TicketSubscriptionRow,
  next: LifecycleState,
  at: Date,
  reason: string | null = null,
): AuditEntry {
  const before = { userId: current.userId, ...lifecycleSnapshot(current) };
  const after = { ...before, ...lifecycleSnapshot(next), ...(reason ? { reason } : {}) };
  return { actorId: actor.id, action, entityType: 'subscription', entityId: current.id, before, after, at };
}

const duplicatePlan = (name: string, vehicleType: string) => conflict(`A ${name} plan for ${vehicleType} already exists`);

export function createSubscriptionsService(deps: { repository: SubscriptionsRepository; clock: Clock }) {
  const { repository, clock } = deps;

  async function viewById(id: string): Promise<TicketSubscription> {
    const [found] = await repository.findWithPlans({ ids: [id] });
    return toTicketSubscription(found, clock.now(), found.graceMs);
  }

  /**
   * Subscriptions of these people now, by person id (motorists only), in one query whatever the
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
    return new Map(found.map((row) => [row.subscription.userId, toTicketSubscription(row, now, row.graceMs)]));
  }

  return {
    // ---- plans

    async createPlan(actor: Actor, input: z.output<typeof planCreateRequest>): Promise<Plan> {
      try {
        const row = await repository.transaction(async (repo, audit) => {
          const at = clock.now();
          const created = await repo.insertPlan({ name: input.name, vehicleType: input.vehicleType, priceKobo: toKobo(input.price), at });
          await audit({ actorId: actor.id, action: 'plan.created', entityType: 'plan', entityId: created.id, before: null, after: planSnapshot(created), at });
          return created;
        });
        return toPlan(row);
      } catch (error) {
        if (isUniqueViolation(error, PLAN_UNIQUE_INDEX)) throw duplicatePlan(input.name, input.vehicleType);
        throw error;
      }
    },

    async plans(vehicleType?: VehicleType): Promise<Plan[]> {
      return (await repository.listPlans(vehicleType)).map(toPlan);
    },

    async updatePlan(actor: Actor, id: string, input: z.output<typeof planUpdateRequest>): Promise<Plan> {
      let current: PlanRecord | null = null;
      try {
        const updated = await repository.transaction(async (repo, audit) => {
          current = await repo.lockPlan(id);
          if (!current || current.isDeleted) throw notFound('Plan not found');
          const at = clock.now();
          const changes = { name: input.name, vehicleType: input.vehicleType, priceKobo: input.price === undefined ? undefined : toKobo(input.price), at };
          const row = await repo.updatePlan(id, changes);
          if (!row) throw notFound('Plan not found');
          await audit({
            actorId: actor.id,
            action: 'plan.updated',
            entityType: 'plan',
            entityId: id,
            before: planSnapshot(current),
            after: planSnapshot(row),
            at,
          });
          return row;
        });
        return toPlan(updated);
      } catch (error) {
        const was = current as PlanRecord | null;
        if (isUniqueViolation(error, PLAN_UNIQUE_INDEX))
          throw duplicatePlan(input.name ?? was?.name ?? 'that', input.vehicleType ?? was?.vehicleType ?? 'that vehicle type');
        throw error;
      }
    },

    /**
     * Soft delete: the plan leaves the list and can no longer be paid for; subscriptions that name
     * it keep running and payments keep the plan's name, type and price as they were.
     */
    async deletePlan(actor: Actor, id: string): Promise<void> {
      await repository.transaction(async (repo, audit) => {
        const current = await repo.lockPlan(id);
        const at = clock.now();
        if (!current || !(await repo.softDeletePlan(id, at))) throw notFound('Plan not found');
        const before = { ...planSnapshot(current), isDeleted: false };
        await audit({ actorId: actor.id, action: 'plan.deleted', entityType: 'plan', entityId: id, before, after: { ...before, isDeleted: true }, at });
      });
    },

    // ---- subscriptions

    /** Pauses the subscription (by its id or its motorist's id): the remaining time is frozen; the audit log keeps why. */
    async pause(actor: Actor, idOrUserId: string, reason: string | null = null): Promise<TicketSubscription> {
      const id = await repository.transaction(async (repo, audit) => {
        const current = await repo.lock(idOrUserId);
        if (!current) throw notFound('Subscription not found');
        if (current.pausedAt) throw conflict(TICKET_MESSAGES.alreadyPaused);
        const now = clock.now();
        const next = pause(current, now);
        await repo.update(current.id, { ...next, updatedAt: now });
        await audit(lifecycleEntry(actor, 'subscription.paused', current, next, now, reason));
        return current.id;
      });
      return viewById(id);
    },

    /** Resumes a paused subscription: the frozen remaining time runs again from now. */
    async resume(actor: Actor, idOrUserId: string): Promise<TicketSubscription> {
      const id = await repository.transaction(async (repo, audit) => {
        const current = await repo.lock(idOrUserId);
        if (!current) throw notFound('Subscription not found');
        if (!current.pausedAt) throw conflict(TICKET_MESSAGES.notPaused);
        const now = clock.now();
        const next = resume(current, now);
        await repo.update(current.id, { ...next, updatedAt: now });
        await audit(lifecycleEntry(actor, 'subscription.resumed', current, next, now));
        return current.id;
      });
      return viewById(id);
    },

    viewsForUsers,

    async view(id: string): Promise<TicketSubscription> {
      const [found] = await repository.findWithPlans({ ids: [id] });
      if (!found) throw notFound('Subscription not found');
      return toTicketSubscription(found, clock.now(), found.graceMs);
    },
  };
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;

/** Batch view of subscriptions by person id, for the people lists and details (see viewsForUsers). */
export type TicketSubscriptionViews = SubscriptionsService['viewsForUsers'];
