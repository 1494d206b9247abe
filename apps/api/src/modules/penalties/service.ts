import {
  type Paginated,
  type PenaltyChange,
  type PenaltyCharge,
  type TicketSubscription,
  paginatorOf,
  penaltyChangesQuery,
  penaltyChargeCreateRequest,
  penaltyChargeUpdateRequest,
  specificPenaltyRequest,
} from '@eticket/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { formatNaira, toKobo, toNaira, type Kobo } from '../../domain/money.ts';
import type { SubscriptionsService } from '../subscriptions/index.ts';
import type { PenaltiesRepository, PenaltyAdjustmentRow, PenaltyCeiling, PenaltyChargeRecord } from './repository.ts';

const PENALTY_UNIQUE_CONSTRAINT = 'penalty_charges_vehicle_type_unique';

function toPenaltyCharge(row: PenaltyChargeRecord): PenaltyCharge {
  return {
    _id: row.id,
    id: row.id,
    vehicleType: row.vehicleType,
    price: toNaira(row.priceKobo),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toPenaltyChange(row: PenaltyAdjustmentRow): PenaltyChange {
  const { id, fullName, userCode } = row.changedBy;
  return {
    _id: row.id,
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    previousAmount: toNaira(row.previousKobo),
    newAmount: toNaira(row.newKobo),
    reason: row.reason,
    changedBy: { _id: id, id, fullName, userCode },
  };
}

/** A penalty charge as the audit log keeps it (price in naira, as the API speaks). */
const chargeSnapshot = (row: PenaltyChargeRecord) => ({ vehicleType: row.vehicleType, price: toNaira(row.priceKobo) });

/**
 * Refuses raising a penalty above the ceiling. Lowering one that scans already took above it stays
 * allowed (days of expired scans add up past any multiple of one charge).
 */
function checkCeiling(ceiling: PenaltyCeiling, currentKobo: Kobo, newKobo: Kobo): void {
  if (ceiling.ceilingKobo === null || ceiling.chargeKobo === null || newKobo <= ceiling.ceilingKobo || newKobo <= currentKobo) return;
  throw badRequest(
    `price must not be more than ${formatNaira(ceiling.ceilingKobo)} (${ceiling.multiple} × the ${ceiling.vehicleType} penalty charge of ${formatNaira(ceiling.chargeKobo)})`,
  );
}

const duplicateCharge = (vehicleType: string) => conflict(`A penalty charge for ${vehicleType} already exists`);

export function createPenaltiesService(deps: { repository: PenaltiesRepository; subscriptions: SubscriptionsService; clock: Clock }) {
  const { repository, subscriptions, clock } = deps;
  return {
    async createCharge(actor: Actor, input: z.output<typeof penaltyChargeCreateRequest>): Promise<PenaltyCharge> {
      try {
        const row = await repository.transaction(async ({ penalties, audit }) => {
          const at = clock.now();
          const created = await penalties.insertCharge({ vehicleType: input.vehicleType, priceKobo: toKobo(input.price), at });
          await audit({
            actorId: actor.id,
            action: 'penalty_charge.created',
            entityType: 'penalty_charge',
            entityId: created.id,
            before: null,
            after: chargeSnapshot(created),
            at,
          });
          return created;
        });
        return toPenaltyCharge(row);
      } catch (error) {
        if (isUniqueViolation(error, PENALTY_UNIQUE_CONSTRAINT)) throw duplicateCharge(input.vehicleType);
        throw error;
      }
    },

    async charges(): Promise<PenaltyCharge[]> {
      return (await repository.listCharges()).map(toPenaltyCharge);
    },

    async updateCharge(actor: Actor, id: string, input: z.output<typeof penaltyChargeUpdateRequest>): Promise<PenaltyCharge> {
      try {
        const row = await repository.transaction(async ({ penalties, audit }) => {
          const current = await penalties.lockCharge(id);
          if (!current) throw notFound('Penalty charge not found');
          const at = clock.now();
          const updated = await penalties.updateCharge(id, {
            vehicleType: input.vehicleType,
            priceKobo: input.price === undefined ? undefined : toKobo(input.price),
            at,
          });
          if (!updated) throw notFound('Penalty charge not found');
          await audit({
            actorId: actor.id,
            action: 'penalty_charge.updated',
            entityType: 'penalty_charge',
            entityId: id,
            before: chargeSnapshot(current),
            after: chargeSnapshot(updated),
            at,
          });
          return updated;
        });
        return toPenaltyCharge(row);
      } catch (error) {
        if (isUniqueViolation(error, PENALTY_UNIQUE_CONSTRAINT)) throw duplicateCharge(input.vehicleType ?? 'that vehicle type');
        throw error;
      }
    },

    /** GET /api/penalty-changes: one motorist's penalty changes, newest first. */
    async changes(query: z.output<typeof penaltyChangesQuery>): Promise<Paginated<PenaltyChange>> {
      const { rows, total } = await repository.adjustmentsOf(query.motorist, { offset: (query.page - 1) * query.limit, limit: query.limit });
      return { data: rows.map(toPenaltyChange), paginator: paginatorOf(query.page, query.limit, total) };
    },

    /**
     * Sets a motorist's outstanding penalty (POST /api/specificPenalty). The subscription is named by
     * its id or its motorist's id; each change is kept in penalty_adjustments with who made it.
     */
    async setOutstanding(actor: Actor, input: z.output<typeof specificPenaltyRequest>): Promise<TicketSubscription> {
      const newKobo = toKobo(input.price);
      const id = await repository.transaction(async ({ penalties, subscriptions: subs, audit }) => {
        const current = await subs.lock(input.subscriptionId);
        if (!current) throw notFound('Subscription not found');
        checkCeiling(await penalties.ceilingFor(current.userId), current.outstandingPenaltyKobo, newKobo);
        const now = clock.now();
        await subs.update(current.id, { outstandingPenaltyKobo: newKobo, updatedAt: now });
        await penalties.recordAdjustment({
          subscriptionId: current.id,
          previousKobo: current.outstandingPenaltyKobo,
          newKobo,
          adjustedBy: actor.id,
          reason: input.reason,
          at: now,
        });
        await audit({
          actorId: actor.id,
          action: 'motorist_penalty.altered',
          entityType: 'subscription',
          entityId: current.id,
          before: { userId: current.userId, outstandingPayment: toNaira(current.outstandingPenaltyKobo) },
          after: { userId: current.userId, outstandingPayment: toNaira(newKobo), ...(input.reason ? { reason: input.reason } : {}) },
          at: now,
        });
        return current.id;
      });
      return subscriptions.view(id);
    },
  };
}
export type PenaltiesService = ReturnType<typeof createPenaltiesService>;
