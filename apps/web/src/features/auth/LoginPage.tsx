import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { MESSAGES, type LoginRequest } from '@eticket/contracts';
import { FormMessage } from '../../components/FormMessage.tsx';
import type { LoginScreenState } from './loginScreenState.ts';
import { openFieldAppFor, useLogin } from './useLogin.ts';
import { checkLogin } from './validation.ts';

export function LoginPage() {
  const state = useLocation().state as LoginScreenState | null;
  const [error, setError] = useState<string | null>(state?.message ?? null);
  const login = useLogin();
  // Two fields need no form library; @mantine/form would add 5 KB gzipped to the login screen (issue 6 budget).
  const [values, setValues] = useState<LoginRequest>({ userCode: '', password: '' });
  const field = (name: keyof LoginRequest) => ({
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkLogin(values, navigator.userAgent);
    // A field agent on their phone is sent to the field app; anyone else is refused as the spec says.
    const onPhone = !checked.ok && checked.message === MESSAGES.mobileRefused ? checkLogin(values, '') : null;
    if (onPhone?.ok) {
      setError(null);
      openFieldAppFor(onPhone.value).then(
        (opened) => opened || setError(MESSAGES.mobileRefused),
        (failure: Error) => setError(failure.message),
      );
      return;
    }
    if (!checked.ok) return setError(checked.message);
    setError(null);
    login.mutate(checked.value, { onError: (failure) => setError(failure.message) });
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Login</Title>
        <Text c="dimmed" size="sm">
          Sign in to the E-Ticketing console
        </Text>
      </div>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormMessage error={error} notice={state?.notice} />
          <TextInput label="Email" autoComplete="username" placeholder="you@example.com" {...field('userCode')} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            visibilityToggleButtonProps={{ 'aria-label': 'Show password', tabIndex: 0 }}
            {...field('password')}
          />
          <Button type="submit" fullWidth loading={login.isPending}>
            Login
          </Button>
          <Anchor component={Link} to="/login/forgot-password" size="sm" ta="center">
            did you forget password?
          </Anchor>
        </Stack>
      </form>
    </Stack>
  );
}
