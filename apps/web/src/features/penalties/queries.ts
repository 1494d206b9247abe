import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  penaltyEndpoints,
  peopleEndpoints,
  sentForApproval,
  type PenaltyChargeCreateRequest,
  type PersonByCode,
  type SpecificPenaltyRequest,
} from '@eticket/contracts';
import { call } from '../../lib/api.ts';

export const penaltyKeys = {
  charges: ['penalty-charges'] as const,
  personByCode: (userCode: string) => ['person-by-code', userCode] as const,
  history: ['penalty-history'] as const,
};

/** The charge per vehicle type. */
export function usePenaltyCharges() {
  return useQuery({
    queryKey: penaltyKeys.charges,
    queryFn: async ({ signal }) => (await call(penaltyEndpoints.charges, {}, { signal })).data,
  });
}

/** Creates a penalty charge (201), or updates it when given its id. */
export function useSavePenaltyCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id?: string; request: PenaltyChargeCreateRequest }) =>
      id ? call(penaltyEndpoints.updateCharge, { params: { id }, body: request }) : call(penaltyEndpoints.createCharge, { body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: penaltyKeys.charges }),
  });
}

/** POST /api/user: the person with this Unique ID and, for a motorist, the subscription. null: nothing asked yet. */
export function usePersonByCode(userCode: string | null) {
  return useQuery({
    queryKey: penaltyKeys.personByCode(userCode ?? ''),
    queryFn: async ({ signal }) => (await call(peopleEndpoints.byCode, { body: { userCode: userCode ?? '' } }, { signal })).data,
    enabled: userCode !== null,
    retry: false,
    staleTime: 0,
  });
}

/** Sets the motorist's outstanding penalty; the looked-up person shows the new amount. */
export function useAlterPenalty(userCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SpecificPenaltyRequest) => call(penaltyEndpoints.setOutstanding, { body: request }),
    onSuccess: (reply) => {
      // Sent for a second person's approval (202): nothing changed yet.
      if (sentForApproval(reply)) return;
      queryClient.setQueryData<PersonByCode>(penaltyKeys.personByCode(userCode), (person) => person && { ...person, ticketSubscription: reply.data });
    },
  });
}
