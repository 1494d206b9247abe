import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { unionLabel, type Stakeholder } from '@eticket/contracts';
import { FormMessage } from '../../components/FormMessage.tsx';
import { updateBody } from './allocationForm.ts';
import { PercentageSlider } from './PercentageSlider.tsx';
import { useUpdateStakeholder } from './queries.ts';

/** Update: the same modal with the percentage alone editable (spec section 4). */
export function UpdatePercentageForm({ stakeholder, onDone, remaining }: { stakeholder: Stakeholder; onDone: () => void; remaining: number | undefined }) {
  const [percentage, setPercentage] = useState(stakeholder.percentage);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateStakeholder();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = updateBody(percentage);
    if (!checked.ok) return setError(checked.message);
    setError(null);
    update.mutate(
      { id: stakeholder.id, body: checked.body },
      {
        onSuccess: (reply) => {
          notifications.show({ color: 'teal', message: reply.message });
          onDone();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormMessage error={error} />
        <TextInput label="Partner union" value={unionLabel(stakeholder.partner)} readOnly variant="filled" />
        <Group grow>
          <TextInput label="Bank" value={stakeholder.bankName} readOnly variant="filled" />
          <TextInput label="Account number" value={stakeholder.accountNumber} readOnly variant="filled" />
        </Group>
        <TextInput label="Account name" value={stakeholder.accountName} readOnly variant="filled" />
        <PercentageSlider value={percentage} onChange={setPercentage} available={remaining} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} type="button">
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Update
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
