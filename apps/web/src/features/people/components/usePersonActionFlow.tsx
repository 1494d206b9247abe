import { useState, type ReactNode } from 'react';
import { notifications } from '@mantine/notifications';
import type { PersonRecord } from '@eticket/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { CONFIRMED, DESTRUCTIVE } from '../actions.ts';
import { PERSON_ACTIONS, usePersonAction, type PersonAction } from '../queries.ts';
import { QUESTIONS } from './actionQuestions.ts';

interface PersonActionFlow {
  /** Runs at once, or asks first when the action takes something away. */
  choose: (action: PersonAction) => void;
  pending: boolean;
  /** The confirmation, while one is asked. */
  dialog: ReactNode;
}

/** One person's actions as the row menu and the details page run them: confirmed, then reported in a toast. */
export function usePersonActionFlow(person: PersonRecord, onDone?: (action: PersonAction) => void): PersonActionFlow {
  const action = usePersonAction();
  const [asking, setAsking] = useState<PersonAction | null>(null);

  const run = (chosen: PersonAction) =>
    action.mutate(
      { action: chosen, id: person.id },
      {
        onSuccess: (reply) => {
          setAsking(null);
          notifications.show({ color: 'green', message: reply.message ?? `${PERSON_ACTIONS[chosen].label}: done` });
          onDone?.(chosen);
        },
        onError: (error) => {
          setAsking(null);
          notifications.show({ color: 'red', title: `Could not ${PERSON_ACTIONS[chosen].label.toLowerCase()}`, message: error.message });
        },
      },
    );

  const dialog = asking && (
    <ConfirmDialog
      opened
      title={PERSON_ACTIONS[asking].label}
      confirmLabel={PERSON_ACTIONS[asking].label}
      danger={DESTRUCTIVE.has(asking)}
      loading={action.isPending}
      onConfirm={() => run(asking)}
      onCancel={() => setAsking(null)}
    >
      {QUESTIONS[asking](person)}
    </ConfirmDialog>
  );

  return { choose: (chosen) => (CONFIRMED.has(chosen) ? setAsking(chosen) : run(chosen)), pending: action.isPending && asking === null, dialog };
}
