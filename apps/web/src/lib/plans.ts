import { useQuery } from '@tanstack/react-query';
import type { Plan, VehicleType } from '@eticket/contracts';
import { api, type Envelope } from './api.ts';

export const planKeys = {
  all: ['plans'] as const,
  ofType: (vehicleType: VehicleType) => ['plans', vehicleType] as const,
};

/** GET /api/subscription?types=…: the plans of one vehicle type (none asked for while it is not chosen). */
export function usePlans(vehicleType: VehicleType | null) {
  return useQuery({
    queryKey: planKeys.ofType(vehicleType ?? 'keke'),
    queryFn: async ({ signal }) => (await api.get<Envelope<Plan[]>>('/api/subscription', { query: { types: vehicleType! }, signal })).data,
    enabled: vehicleType !== null,
  });
}
