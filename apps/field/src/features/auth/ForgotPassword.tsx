import { useState, type FormEvent } from 'react';
import { authEndpoints } from '@eticket/contracts';
import { ApiError } from '@eticket/client';
import { call } from '../../lib/api.ts';
import { fromServer, t } from '../../lib/i18n.ts';

const messageOf = (failure: unknown) => (failure instanceof ApiError && failure.status === 0 ? t('forgot.noNetwork') : fromServer((failure as Error).message));

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
  const [note, setNote] = useState<string | undefined>(resetId && t('forgot.adminCode'));
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
      setNote(fromServer(message));
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
    void run(async () => onDone(fromServer((await call(authEndpoints.passwordReset, { body })).message)));
  }

  return (
    <main className="signin">
      <h1>{t('forgot.title')}</h1>
      {sentTo === null ? (
        <form onSubmit={ask}>
          <p className="muted">{t('forgot.help')}</p>
          <label>
            {t('forgot.email')}
            <input name="email" type="email" autoComplete="email" autoCapitalize="none" required />
          </label>
          <Problem error={error} />
          <button className="primary" disabled={busy}>
            {busy ? t('forgot.sending') : t('forgot.send')}
          </button>
        </form>
      ) : (
        <form onSubmit={reset}>
          <p className="muted" role="status">
            {note}
          </p>
          <label>
            {t('forgot.code')}
            <input name="token" inputMode="numeric" autoComplete="one-time-code" maxLength={6} required />
          </label>
          <label>
            {t('forgot.newPassword')}
            <input name="password" type="password" autoComplete="new-password" required />
          </label>
          <label>
            {t('forgot.newPasswordAgain')}
            <input name="confirmPassword" type="password" autoComplete="new-password" required />
          </label>
          <Problem error={error} />
          <button className="primary" disabled={busy}>
            {busy ? t('common.saving') : t('forgot.setPassword')}
          </button>
          <button type="button" className="secondary" onClick={() => (setSentTo(null), setError(undefined))}>
            {t('forgot.another')}
          </button>
        </form>
      )}
      <button type="button" className="secondary" onClick={() => onDone()}>
        {t('forgot.back')}
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
