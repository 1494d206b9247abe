import { useMutation } from '@tanstack/react-query';
import { subscriptionEndpoints } from '@eticket/contracts';
import { call } from '../../../lib/api.ts';

/** Pauses the subscription (with why) or resumes it; the reply carries the message to show. */
export function useSubscriptionAction() {
  return useMutation({
    mutationFn: (change: { action: 'pause'; id: string; reason?: string } | { action: 'resume'; id: string }) =>
      change.action === 'pause'
        ? call(subscriptionEndpoints.pause, { params: { id: change.id }, body: { reason: change.reason } })
        : call(subscriptionEndpoints.resume, { params: { id: change.id } }),
  });
}
