import { useState } from 'react';
import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { authEndpoints } from '@eticket/contracts';
import { call } from '../../lib/api.ts';
import { FormMessage } from '../../components/FormMessage.tsx';
import type { LoginScreenState } from './loginScreenState.ts';
import { checkForgotPassword } from './validation.ts';

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ initialValues: { email: '' } });
  // The reply sets an HttpOnly cookie the reset call needs, so it stays a same-origin request.
  const request = useMutation({
    mutationFn: (body: { email: string }) => call(authEndpoints.forgotPassword, { body }),
    onSuccess: ({ message }) => navigate('/login/password-reset', { state: { notice: message } satisfies LoginScreenState }),
    onError: (failure) => setError(failure.message),
  });

  const submit = form.onSubmit((values) => {
    const checked = checkForgotPassword(values);
    if (!checked.ok) return setError(checked.message);
    setError(null);
    request.mutate(checked.value);
  });

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Forgot password</Title>
        <Text c="dimmed" size="sm">
          Enter your email address and we will send you a code to reset your password.
        </Text>
      </div>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormMessage error={error} />
          <TextInput type="email" label="Email" autoComplete="email" placeholder="you@example.com" {...form.getInputProps('email')} />
          <Button type="submit" fullWidth loading={request.isPending}>
            Submit
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            return to login
          </Anchor>
        </Stack>
      </form>
    </Stack>
  );
}
