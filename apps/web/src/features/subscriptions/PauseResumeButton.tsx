import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { can, type TicketSubscription } from '@eticket/contracts';
import { useSignedInUser } from '../../lib/useSession.ts';
import { useSubscriptionAction } from './queries.ts';

/**
 * 'Pause Subscription', or 'Resume Subscription' when paused (super-admin and admin only; others
 * see nothing). The server's message shows in a popup, success style when nothing failed; then
 * `onChanged` lets the page reload the subscription.
 */
export function PauseResumeButton({ subscription, onChanged }: { subscription: TicketSubscription; onChanged?: () => void }) {
  const user = useSignedInUser();
  const change = useSubscriptionAction();
  if (!can(user, 'subscriptions', 'write')) return null;

  const paused = subscription.subscriptionStatus === 'paused';
  const action = paused ? 'resume' : 'pause';
  const run = () =>
    change.mutate(
      { action, id: subscription.id },
      {
        onSuccess: (reply) => notifications.show({ color: 'green', title: paused ? 'Subscription resumed' : 'Subscription paused', message: reply.message }),
        onError: (failure) => notifications.show({ color: 'red', title: paused ? 'Could not resume' : 'Could not pause', message: failure.message }),
        onSettled: () => onChanged?.(),
      },
    );

  return (
    <Button
      color={paused ? 'green' : 'red'}
      variant="light"
      loading={change.isPending}
      leftSection={paused ? <IconPlayerPlay size={16} aria-hidden /> : <IconPlayerPause size={16} aria-hidden />}
      onClick={run}
      // Its own width wherever the page places it (a stretching stack included).
      style={{ alignSelf: 'flex-start' }}
    >
      {paused ? 'Resume Subscription' : 'Pause Subscription'}
    </Button>
  );
}
