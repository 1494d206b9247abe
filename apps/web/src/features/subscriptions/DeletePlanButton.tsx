import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { TICKET_MESSAGES, type Plan } from '@eticket/contracts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useDeletePlan } from './queries.ts';

/** Delete, after a confirmation: the plan stops being offered; payments made on it keep their history. */
export function DeletePlanButton({ plan }: { plan: Plan }) {
  const [opened, { open, close }] = useDisclosure(false);
  const remove = useDeletePlan();
  const planLabel = `${plan.name} ${plan.vehicleType}`;

  const confirm = () =>
    remove.mutate(plan.id, {
      onSuccess: (reply) => notifications.show({ color: 'green', message: reply.message || TICKET_MESSAGES.planDeleted }),
      onError: (failure) => notifications.show({ color: 'red', title: 'The plan was not deleted', message: failure.message }),
      onSettled: close,
    });

  return (
    <>
      <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={open}>
        Delete
      </Button>
      <ConfirmDialog opened={opened} title="Delete plan?" confirmLabel="Delete plan" danger loading={remove.isPending} onConfirm={confirm} onCancel={close}>
        The {planLabel} plan will no longer be offered to motorists. Payments already made on it keep their history.
      </ConfirmDialog>
    </>
  );
}
