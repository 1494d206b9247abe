import { useState } from 'react';
import { Button, Group, NativeSelect, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { TICKET_MESSAGES, VEHICLE_TYPES, type PenaltyCharge } from '@eticket/contracts';
import { FormMessage } from '../../components/FormMessage.tsx';
import { NairaInput } from '../../components/NairaInput.tsx';
import { choicesWithPrompt } from '../../lib/options.ts';
import { chargeFormValues, chargeRequest, type ChargeFormValues } from './chargeForm.ts';
import { useSavePenaltyCharge } from './queries.ts';

const VEHICLE_CHOICES = choicesWithPrompt(VEHICLE_TYPES, 'Choose a vehicle type');

/** Vehicle type and price of a penalty charge; creates it, or updates `charge`. */
export function PenaltyChargeForm({ charge, onSaved }: { charge: PenaltyCharge | null; onSaved: () => void }) {
  const form = useForm<ChargeFormValues>({ initialValues: chargeFormValues(charge) });
  const save = useSavePenaltyCharge();
  const [error, setError] = useState<string | null>(null);

  const submit = form.onSubmit((values) => {
    const checked = chargeRequest(values);
    if (!checked.ok) return setError(checked.message);
    setError(null);
    save.mutate(
      { id: charge?.id, request: checked.request },
      {
        onSuccess: (reply) => {
          notifications.show({ color: 'green', message: reply.message ?? (charge ? TICKET_MESSAGES.penaltyUpdated : TICKET_MESSAGES.penaltyCreated) });
          onSaved();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormMessage error={error} />
        <NativeSelect label="Vehicle Type" data={VEHICLE_CHOICES} required {...form.getInputProps('vehicleType')} />
        <NairaInput label="Price" required {...form.getInputProps('price')} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save Charge
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
