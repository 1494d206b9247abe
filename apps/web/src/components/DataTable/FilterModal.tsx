import { Button, Group, Modal, Radio, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload, IconFilter } from '@tabler/icons-react';
import { ACTIVITY_CHOICES, STATUS_CHOICES, type ActivityChoice, type StatusChoice } from './tableState.ts';

interface FilterModalProps {
  /** Omitted: the list has no status filter. */
  status?: { value: StatusChoice; onChange: (choice: StatusChoice) => void };
  /** Omitted: the list has no activities filter. */
  activity?: { value: ActivityChoice; onChange: (choice: ActivityChoice) => void };
  onDownload: () => void;
  downloading: boolean;
  /** Rows ticked in the table: Download exports those instead of the whole list. */
  selectedCount: number;
}

function ChoiceGroup<T extends string>({ label, choices, value, onChange }: { label: string; choices: readonly T[]; value: T; onChange: (choice: T) => void }) {
  return (
    <Radio.Group label={label} value={value} onChange={(next) => onChange(next as T)}>
      <Group gap="md" mt="xs">
        {choices.map((choice) => (
          <Radio key={choice} value={choice} label={choice} />
        ))}
      </Group>
    </Radio.Group>
  );
}

/** The filter modal of the shared table (spec): Status, Activities and Download. */
export function FilterModal({ status, activity, onDownload, downloading, selectedCount }: FilterModalProps) {
  const [opened, { open, close }] = useDisclosure(false);
  const active = (status && status.value !== 'All') || (activity && activity.value !== 'All');
  return (
    <>
      <Button variant={active ? 'light' : 'default'} leftSection={<IconFilter size={16} aria-hidden />} onClick={open}>
        Filter
      </Button>
      <Modal opened={opened} onClose={close} title="Filter" centered>
        <Stack gap="lg">
          {status && <ChoiceGroup label="Status" choices={STATUS_CHOICES} value={status.value} onChange={status.onChange} />}
          {activity && <ChoiceGroup label="Activities" choices={ACTIVITY_CHOICES} value={activity.value} onChange={activity.onChange} />}
          <Group justify="space-between">
            <Button leftSection={<IconDownload size={16} aria-hidden />} loading={downloading} onClick={onDownload}>
              {selectedCount > 0 ? `Download ${selectedCount} selected` : 'Download'}
            </Button>
            <Button variant="default" onClick={close}>
              Done
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
