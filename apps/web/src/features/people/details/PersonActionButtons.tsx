import { Button, Group } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { PersonRecord } from '@eticket/contracts';
import { useSignedInUser } from '../../../lib/useSession.ts';
import { availableActions, DESTRUCTIVE } from '../actions.ts';
import { ACTION_ICONS } from '../components/actionIcons.ts';
import { usePersonActionFlow } from '../components/usePersonActionFlow.tsx';
import { PERSON_ACTIONS } from '../queries.ts';

/** The details page's Approve, Suspend, Delete and Force logout: the row menu's rules; a deleted person's page goes back. */
export function PersonActionButtons({ person }: { person: PersonRecord }) {
  const viewer = useSignedInUser();
  const navigate = useNavigate();
  const flow = usePersonActionFlow(person, (done) => {
    if (done === 'delete') void (window.history.length > 1 ? navigate(-1) : navigate('/'));
  });
  const actions = availableActions(viewer, person);
  if (actions.length === 0) return null;
  return (
    <>
      <Group gap="xs" role="group" aria-label="Actions">
        {actions.map((chosen) => {
          const Icon = ACTION_ICONS[chosen];
          return (
            <Button
              key={chosen}
              size="sm"
              variant={DESTRUCTIVE.has(chosen) ? 'light' : 'filled'}
              color={DESTRUCTIVE.has(chosen) ? 'red' : undefined}
              leftSection={<Icon size={16} aria-hidden />}
              loading={flow.pending}
              onClick={() => flow.choose(chosen)}
            >
              {PERSON_ACTIONS[chosen].label}
            </Button>
          );
        })}
      </Group>
      {flow.dialog}
    </>
  );
}
