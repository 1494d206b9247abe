import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { can, type TicketSubscription } from '@eticket/contracts';
import { ReasonDialog } from '../../../components/ReasonDialog.tsx';
import { useSignedInUser } from '../../../lib/useSession.ts';
import { useSubscriptionAction } from './useSubscriptionAction.ts';

/**
 * 'Pause Subscription' (after a confirmation that asks why), or 'Resume Subscription' when paused
 * (super-admin and admin only; others see nothing). The server's message shows in a popup, success
 * style when nothing failed; then `onChanged` lets the page reload the subscription.
 */
export function PauseResumeButton({ subscription, onChanged }: { subscription: TicketSubscription; onChanged?: () => void }) {
  const user = useSignedInUser();
  const change = useSubscriptionAction();
  const [asking, setAsking] = useState(false);
  if (!can(user, 'subscriptions', 'write')) return null;

  const paused = subscription.subscriptionStatus === 'paused';
  const run = (reason?: string) =>
    change.mutate(paused ? { action: 'resume', id: subscription.id } : { action: 'pause', id: subscription.id, reason }, {
      onSuccess: (reply) => notifications.show({ color: 'green', title: paused ? 'Subscription resumed' : 'Subscription paused', message: reply.message }),
      onError: (failure) => notifications.show({ color: 'red', title: paused ? 'Could not resume' : 'Could not pause', message: failure.message }),
      onSettled: () => {
        setAsking(false);
        onChanged?.();
      },
    });

  return (
    <>
      <Button
        color={paused ? 'green' : 'red'}
        variant="light"
        loading={change.isPending}
        leftSection={paused ? <IconPlayerPlay size={16} aria-hidden /> : <IconPlayerPause size={16} aria-hidden />}
        onClick={() => (paused ? run() : setAsking(true))}
        // Its own width wherever the page places it (a stretching stack included).
        style={{ alignSelf: 'flex-start' }}
      >
        {paused ? 'Resume Subscription' : 'Pause Subscription'}
      </Button>
      <ReasonDialog
        opened={asking}
        title="Pause subscription"
        confirmLabel="Pause Subscription"
        loading={change.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={(reason) => run(reason)}
      >
        <Text>The remaining time is frozen until the subscription is resumed; no penalty is added while it is paused.</Text>
      </ReasonDialog>
    </>
  );
}
