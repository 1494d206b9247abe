import { useState } from 'react';
import { Button, Group, Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { can, peopleEndpoints, TEXT_LANGUAGE_NAMES, TEXT_LANGUAGES, type PersonRecord, type TextLanguage } from '@eticket/contracts';
import { call } from '../../../lib/api.ts';
import { useSignedInUser } from '../../../lib/useSession.ts';
import { textLanguageChoices } from '../forms/fields.ts';
import { peopleKeys } from '../queries.ts';
import { DetailGrid, DetailItem, DetailSection } from './DetailSection.tsx';

const isTextLanguage = (value: string | null): value is TextLanguage => TEXT_LANGUAGES.includes(value as TextLanguage);

/**
 * The language of a motorist's texts (receipts, reminders; issue 45), and, for whoever may change
 * motorists, a select and Save: POST /api/motorist/{id}/text-language (audited).
 */
export function TextLanguageBlock({ person }: { person: PersonRecord }) {
  const viewer = useSignedInUser();
  const queryClient = useQueryClient();
  const current = person.textLanguage ?? 'en';
  const [chosen, setChosen] = useState<TextLanguage>(current);
  const change = useMutation({
    mutationFn: (textLanguage: TextLanguage) => call(peopleEndpoints.textLanguage, { params: { id: person.id }, body: { textLanguage } }),
    onSuccess: (reply) => {
      notifications.show({
        color: 'green',
        title: 'Text language changed',
        message: `Texts now go in ${TEXT_LANGUAGE_NAMES[chosen].english}. ${reply.message}`,
      });
      return queryClient.invalidateQueries({ queryKey: peopleKeys.detail(person.id) });
    },
    onError: (failure) => notifications.show({ color: 'red', title: 'Could not change the text language', message: failure.message }),
  });
  const mayChange = can(viewer, 'motorists', 'write') && !person.isDeleted;
  return (
    <DetailSection title="Text messages">
      {mayChange ? (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Text message language"
            description="Receipts and reminders go to the motorist's phone in this language"
            data={textLanguageChoices}
            value={chosen}
            onChange={(value) => isTextLanguage(value) && setChosen(value)}
            allowDeselect={false}
            w={260}
          />
          <Button variant="light" loading={change.isPending} disabled={chosen === current} onClick={() => change.mutate(chosen)}>
            Save language
          </Button>
        </Group>
      ) : (
        <DetailGrid>
          <DetailItem label="Text message language" value={TEXT_LANGUAGE_NAMES[current].english} />
        </DetailGrid>
      )}
    </DetailSection>
  );
}
