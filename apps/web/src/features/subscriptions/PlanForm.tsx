import { useState } from 'react';
import { Button, Group, NativeSelect, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { PLAN_NAMES, TICKET_MESSAGES, VEHICLE_TYPES, type Plan, type VehicleType } from '@eticket/contracts';
import { FormMessage } from '../../components/FormMessage.tsx';
import { NairaInput } from '../../components/NairaInput.tsx';
import { choicesWithPrompt } from '../../lib/options.ts';
import { planFormValues, planRequest, type PlanFormValues } from './planForm.ts';
import { useSavePlan } from './queries.ts';

const NAME_CHOICES = choicesWithPrompt(PLAN_NAMES, 'Choose a plan');
const VEHICLE_CHOICES = choicesWithPrompt(VEHICLE_TYPES, 'Choose a vehicle type');

/** Name, vehicle type and price of a plan; creates it, or updates `plan`. */
export function PlanForm({ plan, vehicleType, onSaved }: { plan: Plan | null; vehicleType: VehicleType; onSaved: () => void }) {
  const form = useForm<PlanFormValues>({ initialValues: planFormValues(plan, vehicleType) });
  const save = useSavePlan();
  const [error, setError] = useState<string | null>(null);

  const submit = form.onSubmit((values) => {
    const checked = planRequest(values);
    if (!checked.ok) return setError(checked.message);
    setError(null);
    save.mutate(
      { id: plan?.id, request: checked.request },
      {
        onSuccess: (reply) => {
          // Spec section 4: the modal closes on 201 (create) or on 'Plan updated successfully'.
          if (plan && reply.message !== TICKET_MESSAGES.planUpdated) return setError(reply.message ?? null);
          notifications.show({ color: 'green', message: reply.message ?? (plan ? TICKET_MESSAGES.planUpdated : TICKET_MESSAGES.planCreated) });
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
        <NativeSelect label="Plan Name" data={NAME_CHOICES} required {...form.getInputProps('name')} />
        <NativeSelect label="Vehicle Type" data={VEHICLE_CHOICES} required {...form.getInputProps('vehicleType')} />
        <NairaInput label="Price" required {...form.getInputProps('price')} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save Plan
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
