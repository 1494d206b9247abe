import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subscriptionEndpoints, type PlanCreateRequest } from '@eticket/contracts';
import { call } from '../../lib/api.ts';
import { planKeys } from '../../lib/plans.ts';

/** Creates a plan (201), or updates it when given its id ('Plan updated successfully'). */
export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id?: string; request: PlanCreateRequest }) =>
      id ? call(subscriptionEndpoints.updatePlan, { params: { id }, body: request }) : call(subscriptionEndpoints.createPlan, { body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planKeys.all }),
  });
}

/** Retires the plan; payments made on it keep their history. */
export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(subscriptionEndpoints.deletePlan, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planKeys.all }),
  });
}
