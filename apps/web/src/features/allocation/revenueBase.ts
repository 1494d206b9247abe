import { VEHICLE_TYPES, type UnionRole } from '@eticket/contracts';

/**
 * Which revenue a share is of (DESIGN.md "Revenue allocation"): a keke, bus or bike union's share is
 * of that vehicle type's subscription revenue; every other union's is of all of it.
 */
export function revenueBaseLabel(unionRole: UnionRole | null): string {
  const vehicleType = VEHICLE_TYPES.find((type) => type === unionRole);
  return vehicleType ? `of ${vehicleType} revenue` : 'of all revenue';
}
