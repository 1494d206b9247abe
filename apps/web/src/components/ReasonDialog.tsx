import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { CHANGE_REASON_MAX_LENGTH } from '@eticket/contracts';

interface ReasonDialogProps {
  opened: boolean;
  title: string;
  /** What is about to happen (e.g. the old and the new amount). */
  children: ReactNode;
  confirmLabel: string;
  loading?: boolean;
  /** Called with the reason, trimmed and never empty. */
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/** Asks before a change that needs a reason (kept in the audit log); the reason is required. */
export function ReasonDialog({ opened, title, onCancel, ...form }: ReasonDialogProps) {
  // The form unmounts when the dialog closes, so each opening starts with an empty reason.
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <ReasonForm onCancel={onCancel} {...form} />
    </Modal>
  );
}

function ReasonForm({ children, confirmLabel, loading, onConfirm, onCancel }: Omit<ReasonDialogProps, 'opened' | 'title'>) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        // The dialog sits in a portal, but React still bubbles its submit to a form around the opener.
        event.stopPropagation();
        const text = reason.trim();
        if (!text) return setError('Reason is required');
        setError(null);
        onConfirm(text);
      }}
    >
      <Stack gap="md">
        {children}
        <Textarea
          label="Reason"
          description="Kept in the audit log and the motorist's history"
          withAsterisk
          autosize
          minRows={2}
          maxLength={CHANGE_REASON_MAX_LENGTH}
          value={reason}
          error={error}
          onChange={(event) => setReason(event.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
