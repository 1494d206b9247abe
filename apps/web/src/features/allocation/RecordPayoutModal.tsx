import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { FormMessage } from '../../components/FormMessage.tsx';
import { CALENDAR_ARIA_LABELS } from '../../components/rangePicking.ts';
import { lagosDay } from '../../lib/dayRange.ts';
import { payoutBody, type PayoutDraft } from './payoutForm.ts';
import { useRecordPayout } from './queries.ts';

/** Super-admin records a payout made to the stakeholder's account: amount, the day it was paid, the bank reference. */
export function RecordPayoutModal({ stakeholderId, opened, onClose }: { stakeholderId: string; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Record Payout" centered>
      {opened && <RecordPayoutForm stakeholderId={stakeholderId} onDone={onClose} />}
    </Modal>
  );
}

function RecordPayoutForm({ stakeholderId, onDone }: { stakeholderId: string; onDone: () => void }) {
  const today = lagosDay();
  const [draft, setDraft] = useState<PayoutDraft>({ amount: '', date: today, reference: '' });
  const [error, setError] = useState<string | null>(null);
  const record = useRecordPayout(stakeholderId);
  const change = (patch: Partial<PayoutDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = payoutBody(draft, today);
    if (!checked.ok) return setError(checked.message);
    setError(null);
    record.mutate(checked.body, {
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
        <NumberInput
          label="Amount"
          prefix="₦"
          thousandSeparator=","
          decimalScale={2}
          min={0}
          allowNegative={false}
          value={draft.amount}
          onChange={(amount) => change({ amount })}
          required
          data-autofocus
        />
        <DatePickerInput
          label="Date paid"
          value={draft.date}
          onChange={(date) => change({ date })}
          maxDate={today}
          valueFormat="D MMM YYYY"
          ariaLabels={CALENDAR_ARIA_LABELS}
          required
        />
        <TextInput
          label="Reference"
          description="The bank's reference for the transfer"
          value={draft.reference}
          onChange={(event) => change({ reference: event.currentTarget.value })}
          maxLength={100}
          required
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" type="button" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={record.isPending}>
            Record payout
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
