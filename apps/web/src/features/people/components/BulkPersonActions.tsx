import { useState } from 'react';
import { Button, Group, List, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconCheck, IconX } from '@tabler/icons-react';
import { personName, type PersonRecord } from '@eticket/contracts';
import { call } from '../../../lib/api.ts';
import { useSignedInUser } from '../../../lib/useSession.ts';
import { availableActions } from '../actions.ts';
import { PERSON_ACTIONS, peopleKeys } from '../queries.ts';
import { ACTION_ICONS } from './actionIcons.ts';

type BulkAction = 'approve' | 'suspend';
const BULK_ACTIONS: readonly BulkAction[] = ['approve', 'suspend'];

interface RowResult {
  person: PersonRecord;
  ok: boolean;
  message: string;
}

interface BulkPersonActionsProps {
  rows: PersonRecord[];
  clearSelection: () => void;
}

/**
 * Approve or suspend the ticked rows: asks first (naming whom it applies to and whom it skips), then
 * runs each person's own call, one after another, and shows each row's result.
 */
export function BulkPersonActions({ rows, clearSelection }: BulkPersonActionsProps) {
  const viewer = useSignedInUser();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<BulkAction | null>(null);
  const [running, setRunning] = useState(false);
  const [results, setResults] = useState<RowResult[] | null>(null);
  // Who the run acts on, fixed when it starts (the list reloads under it).
  const [targets, setTargets] = useState<PersonRecord[]>([]);
  const eligible = (action: BulkAction) => rows.filter((row) => availableActions(viewer, row).includes(action));
  const offered = BULK_ACTIONS.filter((action) => eligible(action).length > 0);
  if (offered.length === 0 && !asking) return null;

  async function run(action: BulkAction) {
    const chosenNow = eligible(action);
    setTargets(chosenNow);
    setRunning(true);
    setResults([]);
    const done: RowResult[] = [];
    for (const person of chosenNow) {
      try {
        const reply = await call(PERSON_ACTIONS[action].endpoint, { params: { id: person.id } });
        done.push({ person, ok: true, message: reply.message ?? 'Done' });
      } catch (error) {
        done.push({ person, ok: false, message: (error as Error).message });
      }
      setResults([...done]);
    }
    setRunning(false);
    await queryClient.invalidateQueries({ queryKey: peopleKeys.all });
  }

  function close() {
    if (running) return;
    if (results) clearSelection();
    setAsking(null);
    setResults(null);
  }

  const label = asking ? PERSON_ACTIONS[asking].label : '';
  const chosen = results ? targets : asking ? eligible(asking) : [];
  const skipped = rows.length - chosen.length;
  return (
    <>
      <Group gap="xs">
        {offered.map((action) => {
          const Icon = ACTION_ICONS[action];
          return (
            <Button
              key={action}
              size="sm"
              variant="light"
              color={action === 'suspend' ? 'red' : undefined}
              leftSection={<Icon size={16} aria-hidden />}
              onClick={() => setAsking(action)}
            >
              {PERSON_ACTIONS[action].label} selected ({eligible(action).length})
            </Button>
          );
        })}
      </Group>
      <Modal opened={asking !== null} onClose={close} title={`${label} selected`} centered closeOnClickOutside={!running} withCloseButton={!running}>
        {results ? (
          <Stack gap="md">
            <Text fw={500} aria-live="polite">
              {running ? `Working… ${results.length} of ${chosen.length}` : `${results.filter((result) => result.ok).length} of ${results.length} done`}
            </Text>
            <List spacing="xs" aria-label="Results" center>
              {results.map((result) => (
                <List.Item
                  key={result.person.id}
                  icon={
                    <ThemeIcon size={20} radius="xl" color={result.ok ? 'green' : 'red'}>
                      {result.ok ? <IconCheck size={14} aria-label="Done" /> : <IconX size={14} aria-label="Failed" />}
                    </ThemeIcon>
                  }
                >
                  <Text size="sm" span>
                    {personName(result.person.fullName)}
                  </Text>
                  <Text size="sm" c={result.ok ? 'dimmed' : 'red'} span>
                    {' '}
                    — {result.message}
                  </Text>
                </List.Item>
              ))}
            </List>
            <Group justify="flex-end">
              <Button onClick={close} disabled={running}>
                Close
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="lg">
            <Text>
              {label} {chosen.length === 1 ? 'this person' : `these ${chosen.length} people`}?
              {asking === 'suspend' && ' Suspended staff are signed out and cannot sign in until approved again; no payment is taken for a suspended motorist.'}
            </Text>
            <List size="sm" spacing={2}>
              {chosen.map((person) => (
                <List.Item key={person.id}>{personName(person.fullName)}</List.Item>
              ))}
            </List>
            {skipped > 0 && (
              <Text size="sm" c="dimmed">
                {skipped} ticked {skipped === 1 ? 'row is' : 'rows are'} left out: {asking === 'approve' ? 'already approved' : 'already suspended'} or not
                yours to change.
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} data-autofocus>
                Cancel
              </Button>
              <Button color={asking === 'suspend' ? 'red' : undefined} onClick={() => asking && void run(asking)}>
                {label} {chosen.length}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
