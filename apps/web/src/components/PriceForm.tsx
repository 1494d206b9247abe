import { useState, type ReactNode } from 'react';
import { Button, Group, NativeSelect, Stack } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { VEHICLE_TYPES } from '@eticket/contracts';
import { choicesWithPrompt } from '../lib/options.ts';
import { FormMessage } from './FormMessage.tsx';
import { NairaInput } from './NairaInput.tsx';

const VEHICLE_CHOICES = choicesWithPrompt(VEHICLE_TYPES, 'Choose a vehicle type');

type PricedValues = { vehicleType: string; price: number | string };
type Checked<R> = { ok: true; request: R } | { ok: false; message: string };
type Reply = { message?: string };

type PriceFormProps<V extends PricedValues, R, T extends Reply> = {
  initialValues: V;
  /** The request from the form's values, or why there is none. */
  check: (values: V) => Checked<R>;
  /** Creates the record, or updates the one with `id`. */
  save: UseMutationResult<T, Error, { id?: string; request: R }>;
  id: string | undefined;
  /** Shown when saved, when the reply says nothing. */
  savedMessage: string;
  /** A reply that did not save: the form stays open with its message. */
  refused?: (reply: T) => boolean;
  submitLabel: string;
  /** Fields above the vehicle type and price. */
  fields?: (form: UseFormReturnType<V>) => ReactNode;
  onSaved: () => void;
};

/** A priced record's form (a plan, a penalty charge): its fields, vehicle type and price; saves, then shows the reply's message. */
export function PriceForm<V extends PricedValues, R, T extends Reply>({
  initialValues,
  check,
  save,
  id,
  savedMessage,
  refused,
  submitLabel,
  fields,
  onSaved,
}: PriceFormProps<V, R, T>) {
  const form = useForm<V>({ initialValues });
  const [error, setError] = useState<string | null>(null);

  const submit = form.onSubmit((values) => {
    const checked = check(values);
    if (!checked.ok) return setError(checked.message);
    setError(null);
    save.mutate(
      { id, request: checked.request },
      {
        onSuccess: (reply) => {
          if (refused?.(reply)) return setError(reply.message ?? null);
          notifications.show({ color: 'green', message: reply.message ?? savedMessage });
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
        {fields?.(form)}
        <NativeSelect label="Vehicle Type" data={VEHICLE_CHOICES} required {...form.getInputProps('vehicleType')} />
        <NairaInput label="Price" required {...form.getInputProps('price')} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
