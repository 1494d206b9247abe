import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse, PauseSubscriptionRequest, Plan, PlanCreateRequest, TicketSubscription } from '@eticket/contracts';
import { api, type Envelope } from '../../lib/api.ts';
import { planKeys } from '../../lib/plans.ts';

/** POST /api/subscription (201), or PATCH /api/subscription/{id} when updating ('Plan updated successfully'). */
export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id?: string; request: PlanCreateRequest }) =>
      id ? api.patch<Envelope<Plan>>(`/api/subscription/${id}`, request) : api.post<Envelope<Plan>>('/api/subscription', request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planKeys.all }),
  });
}

/** DELETE /api/subscription/{id}: the plan is retired; payments made on it keep their history. */
export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<MessageResponse>(`/api/subscription/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planKeys.all }),
  });
}

export type SubscriptionAction = 'pause' | 'resume';

/** PATCH /api/subscription/pause/{id} (with why) or /resume/{id}; the reply carries the message to show. */
export function useSubscriptionAction() {
  return useMutation({
    mutationFn: (change: { action: 'pause'; id: string; reason?: string } | { action: 'resume'; id: string }) =>
      change.action === 'pause'
        ? api.patch<Envelope<TicketSubscription>>(`/api/subscription/pause/${change.id}`, { reason: change.reason } satisfies PauseSubscriptionRequest)
        : api.patch<Envelope<TicketSubscription>>(`/api/subscription/resume/${change.id}`),
  });
}
