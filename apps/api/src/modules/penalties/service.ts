import {
  type PenaltyCharge,
  type TicketSubscription,
  penaltyChargeCreateRequest,
  penaltyChargeUpdateRequest,
  specificPenaltyRequest,
} from '@eticket/contracts';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { toKobo, toNaira } from '../../platform/money.ts';
import type { SubscriptionsService } from '../subscriptions/service.ts';
import type { PenaltiesRepository, PenaltyChargeRecord } from './repository.ts';

export const PENALTY_UNIQUE_CONSTRAINT = 'penalty_charges_vehicle_type_unique';

export function toPenaltyCharge(row: PenaltyChargeRecord): PenaltyCharge {
  return {
    _id: row.id,
    id: row.id,
    vehicleType: row.vehicleType,
    price: toNaira(row.priceKobo),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const duplicateCharge = (vehicleType: string) => conflict(`A penalty charge for ${vehicleType} already exists`);

export function createPenaltiesService(deps: { repository: PenaltiesRepository; subscriptions: SubscriptionsService; clock: Clock }) {
  const { repository, subscriptions, clock } = deps;
  return {
    async createCharge(input: z.output<typeof penaltyChargeCreateRequest>): Promise<PenaltyCharge> {
      try {
        return toPenaltyCharge(await repository.insertCharge({ vehicleType: input.vehicleType, priceKobo: toKobo(input.price), at: clock.now() }));
      } catch (error) {
        if (isUniqueViolation(error, PENALTY_UNIQUE_CONSTRAINT)) throw duplicateCharge(input.vehicleType);
        throw error;
      }
    },

    async listCharges(): Promise<PenaltyCharge[]> {
      return (await repository.listCharges()).map(toPenaltyCharge);
    },

    async updateCharge(id: string, input: z.output<typeof penaltyChargeUpdateRequest>): Promise<PenaltyCharge> {
      try {
        const row = await repository.updateCharge(id, {
          vehicleType: input.vehicleType,
          priceKobo: input.price === undefined ? undefined : toKobo(input.price),
          at: clock.now(),
        });
        if (!row) throw notFound('Penalty charge not found');
        return toPenaltyCharge(row);
      } catch (error) {
        if (isUniqueViolation(error, PENALTY_UNIQUE_CONSTRAINT)) throw duplicateCharge(input.vehicleType ?? 'that vehicle type');
        throw error;
      }
    },

    /**
     * Sets a motorist's outstanding penalty (POST /api/specificPenalty). The subscription is named by
     * its id or its motorist's id; each change is kept in penalty_adjustments with who made it.
     */
    async setOutstanding(actor: Pick<SessionUser, 'id'>, input: z.output<typeof specificPenaltyRequest>): Promise<TicketSubscription> {
      const newKobo = toKobo(input.price);
      const id = await repository.transaction(async ({ penalties, subscriptions: subs }) => {
        const current = await subs.lock(input.subscriptionId);
        if (!current) throw notFound('Subscription not found');
        const now = clock.now();
        await subs.update(current.id, { outstandingPenaltyKobo: newKobo, updatedAt: now });
        await penalties.recordAdjustment({
          subscriptionId: current.id,
          previousKobo: current.outstandingPenaltyKobo,
          newKobo,
          adjustedBy: actor.id,
          at: now,
        });
        return current.id;
      });
      return subscriptions.view(id);
    },
  };
}
export type PenaltiesService = ReturnType<typeof createPenaltiesService>;
