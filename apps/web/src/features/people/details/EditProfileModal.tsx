import { useState } from 'react';
import { Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { IconPencil } from '@tabler/icons-react';
import { MARITAL_STATUSES, type PersonRecord } from '@eticket/contracts';
import { FormMessage } from '../../../components/FormMessage.tsx';
import { profileChanges, type ProfileFormValues } from '../../../lib/profileChanges.ts';
import { useUpdateProfile } from '../../../lib/profileQueries.ts';
import { choicesOf } from '../../../lib/options.ts';
import { peopleKeys } from '../queries.ts';

const valuesOf = (person: PersonRecord): ProfileFormValues => ({
  fullName: person.fullName,
  phone: person.phone,
  maritalStatus: person.maritalStatus ?? '',
  address: person.address ?? '',
});

function EditProfileForm({ person, onSaved }: { person: PersonRecord; onSaved: () => void }) {
  const [values, setValues] = useState(() => valuesOf(person));
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateProfile();
  const queryClient = useQueryClient();
  const set = (field: keyof ProfileFormValues) => (event: { currentTarget: { value: string } }) => setValues({ ...values, [field]: event.currentTarget.value });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const checked = profileChanges(values);
        if (!checked.ok) return setError(checked.message);
        setError(null);
        update.mutate(
          { id: person.id, changes: checked.changes },
          {
            onSuccess: async (reply) => {
              await queryClient.invalidateQueries({ queryKey: peopleKeys.all });
              notifications.show({ color: 'green', message: reply.message ?? 'Profile updated' });
              onSaved();
            },
            onError: (failure) => setError(failure.message),
          },
        );
      }}
    >
      <Stack gap="md">
        <FormMessage error={error} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Full Name" value={values.fullName} onChange={set('fullName')} />
          <TextInput label="Phone" type="tel" value={values.phone} onChange={set('phone')} />
          <NativeSelect
            label="Marital Status"
            value={values.maritalStatus}
            data={[{ value: '', label: 'Choose…' }, ...choicesOf(MARITAL_STATUSES)]}
            onChange={set('maritalStatus')}
          />
          <Textarea label="Address" autosize minRows={1} value={values.address} onChange={set('address')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Edit Profile (super-admin and admin): full name, phone, marital status and address. */
export function EditProfileModal({ person, reveal, afterSave }: { person: PersonRecord; reveal?: () => Promise<unknown>; afterSave?: () => Promise<unknown> }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [revealing, setRevealing] = useState(false);
  // The form starts from the phone and address as they are: a page that holds them back reveals them first (a recorded look).
  const start = async () => {
    if (reveal) {
      setRevealing(true);
      try {
        await reveal();
      } finally {
        setRevealing(false);
      }
    }
    open();
  };
  return (
    <>
      <Button variant="light" leftSection={<IconPencil size={16} aria-hidden />} loading={revealing} onClick={() => void start()}>
        Edit Profile
      </Button>
      <Modal opened={opened} onClose={close} title="Edit Profile" size="lg" centered>
        <EditProfileForm
          person={person}
          onSaved={() => {
            close();
            void afterSave?.();
          }}
        />
      </Modal>
    </>
  );
}
