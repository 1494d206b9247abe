import { ActionIcon, Menu } from '@mantine/core';
import type { PersonRecord } from '@eticket/contracts';
import { IconDots } from '@tabler/icons-react';
import { useSignedInUser } from '../../../lib/useSession.ts';
import { availableActions, DESTRUCTIVE } from '../actions.ts';
import { PERSON_ACTIONS } from '../queries.ts';
import { ACTION_ICONS } from './actionIcons.ts';
import { usePersonActionFlow } from './usePersonActionFlow.tsx';

/** The Actions cell of a people row: a menu of what may be done, destructive ones confirmed first. */
export function PersonActions({ person }: { person: PersonRecord }) {
  const viewer = useSignedInUser();
  const flow = usePersonActionFlow(person);
  const actions = availableActions(viewer, person);
  if (actions.length === 0) return null;

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${person.fullName}`} loading={flow.pending}>
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {actions.map((chosen) => {
            const Icon = ACTION_ICONS[chosen];
            return (
              <Menu.Item
                key={chosen}
                color={DESTRUCTIVE.has(chosen) ? 'red' : undefined}
                leftSection={<Icon size={16} aria-hidden />}
                onClick={() => flow.choose(chosen)}
              >
                {PERSON_ACTIONS[chosen].label}
              </Menu.Item>
            );
          })}
        </Menu.Dropdown>
      </Menu>
      {flow.dialog}
    </>
  );
}
