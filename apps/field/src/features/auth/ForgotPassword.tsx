import { useState, type FormEvent } from 'react';
import { authEndpoints } from '@eticket/contracts';
import { ApiError } from '@eticket/client';
import { call } from '../../lib/api.ts';

const NO_NETWORK = 'No network: a password reset needs the network.';

const messageOf = (failure: unknown) => (failure instanceof ApiError && failure.status === 0 ? NO_NETWORK : (failure as Error).message);

/** The reset an administrator's mail names (`/field/?reset=<id>`), if the page was opened from one. */
export function resetIdInAddress(): string | undefined {
  const id = new URLSearchParams(location.search).get('reset');
  return id && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? id : undefined;
}

/**
 * Forgot password, through the server's reset-code flow (docs/security.md): a 6-digit code mailed to
 * the account's email, usable only in this browser (its reset cookie), then a new password.
 */
export function ForgotPassword({ onDone, resetId }: { onDone: (message?: string) => void; resetId?: string }) {
  // A code an administrator sent names its reset in the mail's link: it works without this browser's cookie.
  const [sentTo, setSentTo] = useState<string | null>(resetId ? '' : null);
  const [note, setNote] = useState<string | undefined>(resetId && 'Enter the code from the email an administrator sent you, and a new password.');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(undefined);
    try {
      await work();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  function ask(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    void run(async () => {
      const { message } = await call(authEndpoints.forgotPassword, { body: { email } });
      setNote(message);
      setSentTo(email);
    });
  }

  function reset(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = {
      token: String(form.get('token') ?? ''),
      password: String(form.get('password') ?? ''),
      confirmPassword: String(form.get('confirmPassword') ?? ''),
      ...(resetId && sentTo === '' ? { resetId } : {}),
    };
    void run(async () => onDone((await call(authEndpoints.passwordReset, { body })).message));
  }

  return (
    <main className="signin">
      <h1>Forgot password</h1>
      {sentTo === null ? (
        <form onSubmit={ask}>
          <p className="muted">We mail a 6-digit code to your account’s email. Enter it on this phone within 15 minutes.</p>
          <label>
            Email
            <input name="email" type="email" autoComplete="email" autoCapitalize="none" required />
          </label>
          <Problem error={error} />
          <button className="primary" disabled={busy}>
            {busy ? 'Sending…' : 'Send me a code'}
          </button>
        </form>
      ) : (
        <form onSubmit={reset}>
          <p className="muted" role="status">
            {note}
          </p>
          <label>
            Code from the email
            <input name="token" inputMode="numeric" autoComplete="one-time-code" maxLength={6} required />
          </label>
          <label>
            New password (12+ characters)
            <input name="password" type="password" autoComplete="new-password" required />
          </label>
          <label>
            New password again
            <input name="confirmPassword" type="password" autoComplete="new-password" required />
          </label>
          <Problem error={error} />
          <button className="primary" disabled={busy}>
            {busy ? 'Saving…' : 'Set new password'}
          </button>
          <button type="button" className="secondary" onClick={() => (setSentTo(null), setError(undefined))}>
            Send another code
          </button>
        </form>
      )}
      <button type="button" className="secondary" onClick={() => onDone()}>
        Back to sign-in
      </button>
    </main>
  );
}

function Problem({ error }: { error?: string }) {
  return error ? (
    <p className="error" role="alert">
      {error}
    </p>
  ) : null;
}
