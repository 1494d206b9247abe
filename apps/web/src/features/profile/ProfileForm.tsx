import { useState } from 'react';
import { Button, Group, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MARITAL_STATUSES, type Profile } from '@eticket/contracts';
import { choicesOf } from '../../lib/options.ts';
import { FormMessage } from '../../components/FormMessage.tsx';
import { profileChanges, profileFormValues, type ProfileFormValues } from '../../lib/profileChanges.ts';
import { useUpdateProfile } from '../../lib/profileQueries.ts';

const MARITAL_OPTIONS = choicesOf(MARITAL_STATUSES);

/** The editable fields; read-only until edit mode, with Save in edit mode. */
export function ProfileForm({ profile, editing, onSaved }: { profile: Profile; editing: boolean; onSaved: () => void }) {
  const form = useForm<ProfileFormValues>({ initialValues: profileFormValues(profile) });
  const update = useUpdateProfile();
  const [outcome, setOutcome] = useState<{ error?: string; notice?: string }>({});

  const submit = form.onSubmit((values) => {
    const checked = profileChanges(values);
    if (!checked.ok) return setOutcome({ error: checked.message });
    setOutcome({});
    update.mutate(
      { id: profile.id, changes: checked.changes },
      {
        onSuccess: (reply) => {
          form.setValues(profileFormValues(reply.data));
          form.resetDirty(profileFormValues(reply.data));
          setOutcome({ notice: reply.message ?? 'Profile updated' });
          onSaved();
        },
        onError: (failure) => setOutcome({ error: failure.message }),
      },
    );
  });

  const readOnly = !editing;
  // Filled while read-only, so it is plain which fields can be typed in.
  const variant = editing ? 'default' : 'filled';
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormMessage error={outcome.error} notice={outcome.notice} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Full Name" variant={variant} readOnly={readOnly} autoComplete="name" {...form.getInputProps('fullName')} />
          <TextInput label="Phone" variant={variant} type="tel" readOnly={readOnly} autoComplete="tel" {...form.getInputProps('phone')} />
          <Select
            label="Marital Status"
            variant={variant}
            data={MARITAL_OPTIONS}
            readOnly={readOnly}
            allowDeselect={false}
            placeholder={editing ? 'Choose' : 'Not set'}
            {...form.getInputProps('maritalStatus')}
          />
          <Textarea
            label="Address"
            variant={variant}
            readOnly={readOnly}
            autosize
            minRows={1}
            autoComplete="street-address"
            {...form.getInputProps('address')}
          />
        </SimpleGrid>
        {editing && (
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
