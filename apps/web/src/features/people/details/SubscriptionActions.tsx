import { useQueryClient } from '@tanstack/react-query';
import type { TicketSubscription } from '@eticket/contracts';
import { PauseResumeButton } from './PauseResumeButton.tsx';
import { peopleKeys } from '../queries.ts';

/**
 * The subscription's actions on the detail page: Pause / Resume Subscription, from the tickets
 * console (issue 4; super-admin and admin only). After a change the person's record reloads.
 */
export function SubscriptionActions({ subscription, motoristId }: { subscription: TicketSubscription; motoristId: string }) {
  const queryClient = useQueryClient();
  return <PauseResumeButton subscription={subscription} onChanged={() => queryClient.invalidateQueries({ queryKey: peopleKeys.detail(motoristId) })} />;
}
