import { useState } from 'react';
import { Anchor, Button, Checkbox, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_RULE, authEndpoints } from '@eticket/contracts';
import { call } from '../../lib/api.ts';
import { FormMessage } from '../../components/FormMessage.tsx';
import type { LoginScreenState } from './loginScreenState.ts';
import { checkPasswordReset, type PasswordResetValues } from './passwordResetCheck.ts';

export function PasswordResetPage() {
  const navigate = useNavigate();
  const state = useLocation().state as LoginScreenState | null;
  // A code an administrator sent comes with a link naming its reset (issue 26); one asked for here is named by this browser's cookie.
  const resetId = useSearchParams()[0].get('reset') ?? undefined;
  const [error, setError] = useState<string | null>(null);
  // One show/hide toggle for both password fields.
  const [visible, { toggle }] = useDisclosure(false);
  const form = useForm<PasswordResetValues>({ initialValues: { token: '', password: '', confirmPassword: '' } });
  const reset = useMutation({
    mutationFn: (body: PasswordResetValues & { resetId?: string }) => call(authEndpoints.passwordReset, { body }),
    onSuccess: ({ message }) => navigate('/login', { state: { notice: message } satisfies LoginScreenState }),
    onError: (failure) => setError(failure.message),
  });

  const submit = form.onSubmit((values) => {
    const checked = checkPasswordReset(values);
    if (!checked.ok) return setError(checked.message);
    setError(null);
    reset.mutate(resetId ? { ...checked.value, resetId } : checked.value);
  });

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Reset password</Title>
        <Text c="dimmed" size="sm">
          Choose a new password for your account.
        </Text>
      </div>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormMessage
            error={error}
            notice={state?.notice ?? (resetId ? 'Enter the code from the email you were sent, and choose a new password.' : undefined)}
          />
          <TextInput
            label="Token"
            description="Please input the token that was sent to your email address here:"
            inputMode="numeric"
            autoComplete="one-time-code"
            {...form.getInputProps('token')}
          />
          <TextInput
            type={visible ? 'text' : 'password'}
            label="New Password"
            description={PASSWORD_RULE}
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <TextInput type={visible ? 'text' : 'password'} label="Confirm Password" autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
          <Checkbox label="Show passwords" checked={visible} onChange={toggle} />
          <Button type="submit" fullWidth loading={reset.isPending}>
            Reset Password
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            return to login
          </Anchor>
        </Stack>
      </form>
    </Stack>
  );
}
