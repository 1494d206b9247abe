import { useState } from 'react';
import { Button, Group, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { MESSAGES, PASSWORD_RULE, passwordWeakness, profileEndpoints } from '@eticket/contracts';
import { FormMessage } from '../../components/FormMessage.tsx';
import { call } from '../../lib/api.ts';
import { startSession } from '../../lib/session.ts';

interface Values {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const EMPTY: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Profile: the signed-in person's own password; every other session ends, this browser goes on with the new token. */
export function PasswordChangeForm() {
  const form = useForm<Values>({
    initialValues: EMPTY,
    validate: {
      currentPassword: (value) => (value ? null : 'Enter your current password'),
      newPassword: (value, values) => {
        const weakness = passwordWeakness(value);
        if (weakness) return `New password ${weakness}`;
        return value === values.currentPassword ? MESSAGES.newPasswordSame : null;
      },
      confirmPassword: (value, values) => (value === values.newPassword ? null : MESSAGES.passwordsDiffer),
    },
  });
  const change = useMutation({
    mutationFn: (values: Values) =>
      call(profileEndpoints.changePassword, { body: { currentPassword: values.currentPassword, newPassword: values.newPassword } }),
  });
  const [outcome, setOutcome] = useState<{ error?: string; notice?: string }>({});

  const submit = form.onSubmit((values) => {
    setOutcome({});
    change.mutate(values, {
      onSuccess: (reply) => {
        startSession(reply.token);
        form.setValues(EMPTY);
        setOutcome({ notice: reply.message });
      },
      onError: (failure) => setOutcome({ error: failure.message }),
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="password-change-title">
      <Stack gap="md">
        <div>
          <Title order={4} id="password-change-title">
            Change password
          </Title>
          <Text size="sm" c="dimmed">
            You stay signed in here; every other device is signed out.
          </Text>
        </div>
        <FormMessage error={outcome.error} notice={outcome.notice} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <PasswordInput label="Current password" autoComplete="current-password" {...form.getInputProps('currentPassword')} />
          <PasswordInput label="New password" autoComplete="new-password" description={PASSWORD_RULE} {...form.getInputProps('newPassword')} />
          <PasswordInput label="Confirm new password" autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
