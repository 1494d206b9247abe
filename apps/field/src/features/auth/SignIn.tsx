import { useState, type FormEvent } from 'react';
import { authEndpoints } from '@eticket/contracts';
import { call } from '../../lib/api.ts';
import { sessionEndMessage, startSession } from '../../lib/session.ts';

export function SignIn() {
  const [error, setError] = useState<string | undefined>(sessionEndMessage());
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(undefined);
    try {
      const { token } = await call(authEndpoints.login, {
        body: { userCode: String(form.get('userCode') ?? ''), password: String(form.get('password') ?? '') },
      });
      startSession(token);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="signin">
      <h1>E-Ticketing Field</h1>
      <p className="muted">For enforcers, remitters and registrars.</p>
      <form onSubmit={submit}>
        <label>
          Email or Unique ID
          <input name="userCode" autoComplete="username" autoCapitalize="none" required />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <button className="primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
