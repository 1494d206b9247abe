import { useState } from 'react';
import { ActionIcon, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { can, reversalEndpoints, sentForApproval, type PaymentRecord } from '@eticket/contracts';
import { ReasonDialog } from './ReasonDialog.tsx';
import { call } from '../lib/api.ts';
import { formatNaira } from '../lib/format.ts';
import { useSignedInUser } from '../lib/useSession.ts';

/**
 * A payment list row's Reverse payment (issue 44; admins and the super-admin, capability books): a
 * reason dialog saying what the reversal does, then POST /api/payment/{id}/reverse. Only a successful
 * payment has it; a reversed one shows its Reversed badge instead. Every list and figure is read again after.
 * Where a second person must approve reversals (APPROVALS), the reply says it was sent for approval.
 */
export function ReversePaymentAction({ payment }: { payment: PaymentRecord }) {
  const user = useSignedInUser();
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const reverse = useMutation({
    mutationFn: (reason: string) => call(reversalEndpoints.reverse, { params: { id: payment.id }, body: { reason } }),
    onSettled: () => client.invalidateQueries(),
  });
  if (!can(user, 'books', 'write') || payment.status !== 'success') return null;

  const run = (reason: string) =>
    reverse.mutate(reason, {
      onSuccess: (reply) => {
        // APPROVALS names payment-reversal (the default): a second person approves it on the Approvals page.
        const title = sentForApproval(reply) ? 'Sent for approval' : 'Payment reversed';
        notifications.show({ color: 'green', title, message: `${reply.message}: receipt ${payment.receiptNo}` });
        setAsking(false);
      },
      onError: (failure) => {
        notifications.show({ color: 'red', title: 'Could not reverse the payment', message: failure.message });
        setAsking(false);
      },
    });

  return (
    <>
      <Tooltip label="Reverse payment">
        <ActionIcon variant="subtle" color="red" onClick={() => setAsking(true)} aria-label={`Reverse payment ${payment.receiptNo}`}>
          <IconArrowBackUp size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <ReasonDialog
        opened={asking}
        title="Reverse payment"
        confirmLabel="Reverse payment"
        loading={reverse.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={run}
      >
        <Text>
          Reverse receipt <strong>{payment.receiptNo}</strong>, {formatNaira(payment.amount)} from {payment.motorist.uniqueId}, recorded in error?
        </Text>
        <Text size="sm">
          The payment is marked reversed and its revenue taken back in the books; the motorist&apos;s paid time (or penalty owed) becomes what it would be
          without it, and its receipt check says it was reversed. This cannot be undone.
        </Text>
      </ReasonDialog>
    </>
  );
}
