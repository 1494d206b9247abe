import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PenaltyCharge, PenaltyChargeCreateRequest, PersonByCode, SpecificPenaltyRequest, TicketSubscription } from '@eticket/contracts';
import { api, type Envelope } from '../../lib/api.ts';

export const penaltyKeys = {
  charges: ['penalty-charges'] as const,
  personByCode: (userCode: string) => ['person-by-code', userCode] as const,
  history: ['penalty-history'] as const,
};

/** GET /api/penalty: the charge per vehicle type. */
export function usePenaltyCharges() {
  return useQuery({
    queryKey: penaltyKeys.charges,
    queryFn: async ({ signal }) => (await api.get<Envelope<PenaltyCharge[]>>('/api/penalty', { signal })).data,
  });
}

/** POST /api/penalty (201), or PATCH /api/penalty/{id} when updating. */
export function useSavePenaltyCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id?: string; request: PenaltyChargeCreateRequest }) =>
      id ? api.patch<Envelope<PenaltyCharge>>(`/api/penalty/${id}`, request) : api.post<Envelope<PenaltyCharge>>('/api/penalty', request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: penaltyKeys.charges }),
  });
}

/** POST /api/user: the person with this Unique ID and, for a motorist, the subscription. null: nothing asked yet. */
export function usePersonByCode(userCode: string | null) {
  return useQuery({
    queryKey: penaltyKeys.personByCode(userCode ?? ''),
    queryFn: async ({ signal }) => (await api.post<Envelope<PersonByCode>>('/api/user', { userCode }, { signal })).data,
    enabled: userCode !== null,
    retry: false,
    staleTime: 0,
  });
}

/** POST /api/specificPenalty: sets the motorist's outstanding penalty; the looked-up person shows the new amount. */
export function useAlterPenalty(userCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SpecificPenaltyRequest) => api.post<Envelope<TicketSubscription>>('/api/specificPenalty', request),
    onSuccess: (reply) =>
      queryClient.setQueryData<PersonByCode>(penaltyKeys.personByCode(userCode), (person) => person && { ...person, ticketSubscription: reply.data }),
  });
}
