import { useCallback, useState, type FormEvent } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { FormMessage } from '../../components/FormMessage.tsx';
import { AccountFields } from './AccountFields.tsx';
import { createBody, EMPTY_DRAFT, type AllocationDraft } from './allocationForm.ts';
import { BankSelect } from './BankSelect.tsx';
import { PartnerUnionSelect } from './PartnerUnionSelect.tsx';
import { PercentageSlider } from './PercentageSlider.tsx';
import { useBanks, useCreateStakeholder } from './queries.ts';

/** Assign Percentage: partner union, bank, account number, account name (looked up) and percentage. */
export function AssignPercentageForm({ onDone, allocated, remaining }: { onDone: () => void; allocated: ReadonlySet<string>; remaining: number | undefined }) {
  const [draft, setDraft] = useState<AllocationDraft>(EMPTY_DRAFT);
  const [error, setError] = useState<string | null>(null);
  const banks = useBanks();
  const create = useCreateStakeholder();
  const change = (patch: Partial<AllocationDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const onNameResolved = useCallback((accountName: string) => setDraft((current) => ({ ...current, accountName })), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = createBody(draft, banks.data ?? []);
    if (!checked.ok) return setError(checked.message);
    setError(null);
    create.mutate(checked.body, {
      onSuccess: (reply) => {
        notifications.show({ color: 'teal', message: reply.message });
        onDone();
      },
      onError: (failure) => setError(failure.message),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormMessage error={error} />
        <PartnerUnionSelect value={draft.name} onChange={(name) => change({ name })} allocated={allocated} />
        <BankSelect
          banks={banks.data}
          failed={banks.isError}
          loading={banks.isPending}
          value={draft.bankCode}
          onChange={(bankCode) => change({ bankCode, accountName: '' })}
        />
        <AccountFields
          bankCode={draft.bankCode}
          accountNumber={draft.accountNumber}
          onNumberChange={(accountNumber) => change({ accountNumber, accountName: '' })}
          accountName={draft.accountName}
          onNameResolved={onNameResolved}
        />
        <PercentageSlider value={draft.percentage} onChange={(percentage) => change({ percentage })} available={remaining} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} type="button">
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Assign
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
