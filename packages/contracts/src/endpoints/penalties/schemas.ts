/** Penalty charges, a motorist's penalty, and its changes: /api/penalty, /api/specificPenalty, /api/penalty-changes. */
import { z } from 'zod';
import { VEHICLE_TYPES } from '../../domain.ts';
import { listQuery, paginated } from '../../schemas/common.ts';
import { changeReason, enumOf, nairaAmount, personRef, uuidField } from '../../schemas/fields.ts';

/** The default ceiling of a motorist's penalty: this many times the vehicle type's penalty charge (setting penalty_ceiling_multiple). */
export const DEFAULT_PENALTY_CEILING_MULTIPLE = 10;

// ---------------------------------------------------------------------------------------------
// Penalty charges: POST/GET/PATCH /api/penalty; POST /api/specificPenalty

export const penaltyChargeCreateRequest = z.object({
  vehicleType: enumOf('vehicleType', VEHICLE_TYPES),
  price: nairaAmount('price'),
});
export type PenaltyChargeCreateRequest = z.input<typeof penaltyChargeCreateRequest>;

export const penaltyChargeUpdateRequest = z
  .object({
    vehicleType: enumOf('vehicleType', VEHICLE_TYPES).optional(),
    price: nairaAmount('price').optional(),
    /** Why (optional): kept with an approval request (docs/approvals.md). */
    reason: changeReason('reason').optional(),
  })
  .refine((body) => body.vehicleType !== undefined || body.price !== undefined, { message: 'vehicleType or price is required' });
export type PenaltyChargeUpdateRequest = z.input<typeof penaltyChargeUpdateRequest>;

export const penaltyCharge = z.object({
  _id: z.string(),
  id: z.string(),
  vehicleType: z.enum(VEHICLE_TYPES),
  /** naira */
  price: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PenaltyCharge = z.infer<typeof penaltyCharge>;
export const penaltyChargeResponse = z.object({ message: z.string(), data: penaltyCharge });
export const penaltyChargeListResponse = z.object({ data: z.array(penaltyCharge) });

/**
 * Sets a motorist's outstanding penalty. The subscription is named by `subID` (or `id`, as the
 * original console sent it); the motorist's own id is accepted too. `price` may be 0 (clears it).
 */
export const specificPenaltyRequest = z
  .object({
    subID: uuidField('subID').optional(),
    id: uuidField('id').optional(),
    price: nairaAmount('price', { allowZero: true }),
    reason: changeReason('reason').optional(),
  })
  .refine((body) => body.subID !== undefined || body.id !== undefined, { message: 'subID is required', path: ['subID'] })
  .transform((body) => ({ subscriptionId: (body.subID ?? body.id)!, price: body.price, reason: body.reason || null }));
export type SpecificPenaltyRequest = z.input<typeof specificPenaltyRequest>;

/** GET /api/penalty-changes: one motorist's penalty changes (their details page), paged, newest first. */
export const penaltyChangesQuery = listQuery.pick({ page: true, limit: true }).extend({
  motorist: z.uuid({ message: 'motorist must be a valid id' }),
});
export type PenaltyChangesQuery = z.input<typeof penaltyChangesQuery>;

/** A change staff made to a motorist's outstanding penalty (POST /api/specificPenalty). */
export const penaltyChange = z.object({
  _id: z.string(),
  id: z.string(),
  createdAt: z.string(),
  /** naira, before and after */
  previousAmount: z.number(),
  newAmount: z.number(),
  /** Why (issue 26); null for changes made without one. */
  reason: z.string().nullable(),
  changedBy: personRef,
});
export type PenaltyChange = z.infer<typeof penaltyChange>;
export const penaltyChangeList = paginated(penaltyChange);
export type PenaltyChangeList = z.infer<typeof penaltyChangeList>;
