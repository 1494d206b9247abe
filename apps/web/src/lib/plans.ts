import { useQuery } from '@tanstack/react-query';
import { subscriptionEndpoints, type VehicleType } from '@eticket/contracts';
import { call } from './api.ts';

export const planKeys = {
  all: ['plans'] as const,
  ofType: (vehicleType: VehicleType) => ['plans', vehicleType] as const,
};

/** The plans of one vehicle type (none asked for while it is not chosen). */
export function usePlans(vehicleType: VehicleType | null) {
  return useQuery({
    queryKey: planKeys.ofType(vehicleType ?? 'keke'),
    queryFn: async ({ signal }) => (await call(subscriptionEndpoints.plans, { query: { types: vehicleType! } }, { signal })).data,
    enabled: vehicleType !== null,
  });
}
