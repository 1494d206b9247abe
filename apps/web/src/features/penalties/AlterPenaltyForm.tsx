import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TicketSubscription } from '@eticket/contracts';
import { NairaInput } from '../../components/NairaInput.tsx';
import { specificPenaltyRequest } from './motoristPenalty.ts';
import { useAlterPenalty } from './queries.ts';

/** Sets the motorist's outstanding penalty (0 clears it); failures go to the hint line via onError. */
export function AlterPenaltyForm({
  userCode,
  subscription,
  onError,
}: {
  userCode: string;
  subscription: TicketSubscription;
  onError: (message: string | null) => void;
}) {
  const [price, setPrice] = useState<number | string>('');
  const alter = useAlterPenalty(userCode);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const checked = specificPenaltyRequest(subscription.id, price);
        if (!checked.ok) return onError(checked.message);
        onError(null);
        alter.mutate(checked.request, {
          onSuccess: (reply) => {
            setPrice('');
            notifications.show({ color: 'green', message: reply.message ?? 'Penalty updated' });
          },
          onError: (failure) => onError(failure.message),
        });
      }}
    >
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <NairaInput
          label="New Penalty Amount"
          description="In naira; 0 clears it"
          value={price}
          onChange={setPrice}
          style={{ flex: 1, maxWidth: 260 }}
        />
        <Button type="submit" color="red" variant="light" loading={alter.isPending}>
          Update Penalty
        </Button>
      </Group>
    </form>
  );
}
