import { useState } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconDots, IconLogout, IconPlayerPause, IconTrash } from '@tabler/icons-react';
import type { PersonRecord } from '@eticket/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { useSignedInUser } from '../../../lib/useSession.ts';
import { availableActions, DESTRUCTIVE } from '../actions.ts';
import { PERSON_ACTIONS, usePersonAction, type PersonAction } from '../queries.ts';

const ICONS = { approve: IconCheck, suspend: IconPlayerPause, delete: IconTrash, logout: IconLogout } as const;

const QUESTIONS: Record<PersonAction, (name: string) => string> = {
  approve: (name) => `Approve ${name}?`,
  suspend: (name) => `Suspend ${name}? They will be signed out and cannot sign in until approved again.`,
  delete: (name) => `Delete ${name}? They disappear from every list and cannot sign in.`,
  logout: (name) => `Sign ${name} out of every device now?`,
};

/** The Actions cell of a people row: a menu of what may be done, destructive ones confirmed first. */
export function PersonActions({ person }: { person: PersonRecord }) {
  const viewer = useSignedInUser();
  const action = usePersonAction();
  const [asking, setAsking] = useState<PersonAction | null>(null);
  const actions = availableActions(viewer, person);
  if (actions.length === 0) return null;

  const run = (chosen: PersonAction) =>
    action.mutate(
      { action: chosen, id: person.id },
      {
        onSuccess: (reply) => {
          setAsking(null);
          notifications.show({ color: 'green', message: reply.message ?? `${PERSON_ACTIONS[chosen].label}: done` });
        },
        onError: (error) => {
          setAsking(null);
          notifications.show({ color: 'red', title: `Could not ${PERSON_ACTIONS[chosen].label.toLowerCase()}`, message: error.message });
        },
      },
    );

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${person.fullName}`} loading={action.isPending && asking === null}>
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {actions.map((chosen) => {
            const Icon = ICONS[chosen];
            return (
              <Menu.Item
                key={chosen}
                color={DESTRUCTIVE.has(chosen) ? 'red' : undefined}
                leftSection={<Icon size={16} aria-hidden />}
                onClick={() => (DESTRUCTIVE.has(chosen) ? setAsking(chosen) : run(chosen))}
              >
                {PERSON_ACTIONS[chosen].label}
              </Menu.Item>
            );
          })}
        </Menu.Dropdown>
      </Menu>
      {asking && (
        <ConfirmDialog
          opened
          title={PERSON_ACTIONS[asking].label}
          confirmLabel={PERSON_ACTIONS[asking].label}
          danger
          loading={action.isPending}
          onConfirm={() => run(asking)}
          onCancel={() => setAsking(null)}
        >
          {QUESTIONS[asking](person.fullName)}
        </ConfirmDialog>
      )}
    </>
  );
}
