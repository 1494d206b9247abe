import { useState } from 'react';
import { Button, Group, Table } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { SpecificPenaltyRequest, TicketSubscription } from '@eticket/contracts';
import { NairaInput } from '../../components/NairaInput.tsx';
import { ReasonDialog } from '../../components/ReasonDialog.tsx';
import { formatNaira } from '../../lib/format.ts';
import { specificPenaltyRequest } from './motoristPenalty.ts';
import { useAlterPenalty } from './queries.ts';

/**
 * Sets the motorist's outstanding penalty (0 clears it) after a confirmation that shows the old and
 * the new amount and asks why; failures go to the hint line via onError.
 */
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
  const [pending, setPending] = useState<SpecificPenaltyRequest | null>(null);
  const alter = useAlterPenalty(userCode);

  const send = (request: SpecificPenaltyRequest, reason: string) =>
    alter.mutate(
      { ...request, reason },
      {
        onSuccess: (reply) => {
          setPrice('');
          notifications.show({ color: 'green', message: reply.message ?? 'Penalty updated' });
        },
        onError: (failure) => onError(failure.message),
        onSettled: () => setPending(null),
      },
    );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const checked = specificPenaltyRequest(subscription.id, price);
        if (!checked.ok) return onError(checked.message);
        onError(null);
        setPending(checked.request);
      }}
    >
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <NairaInput label="New Penalty Amount" description="In naira; 0 clears it" value={price} onChange={setPrice} style={{ flex: 1, maxWidth: 260 }} />
        <Button type="submit" color="red" variant="light" loading={alter.isPending}>
          Update Penalty
        </Button>
      </Group>
      <ReasonDialog
        opened={pending !== null}
        title="Alter penalty"
        confirmLabel="Confirm change"
        loading={alter.isPending}
        onCancel={() => setPending(null)}
        onConfirm={(reason) => pending && send(pending, reason)}
      >
        <Table variant="vertical" withTableBorder aria-label="Penalty change">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={160}>Current penalty</Table.Th>
              <Table.Td data-testid="penalty-old">{formatNaira(subscription.outstandingPayment)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>New penalty</Table.Th>
              <Table.Td data-testid="penalty-new" fw={700}>
                {pending ? formatNaira(Number(pending.price)) : ''}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </ReasonDialog>
    </form>
  );
}
