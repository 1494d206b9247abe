import { useState, type FormEvent } from 'react';
import { authEndpoints } from '@eticket/contracts';
import { ApiError } from '@eticket/client';
import { call } from '../../lib/api.ts';
import { checkPin, hasPin, PIN_LENGTH, PIN_WORK_HOURS } from '../../lib/pin.ts';
import { keptAgentCard } from '../../lib/profile.ts';
import { heldSession, startSession, unlockOffline, type HeldSession } from '../../lib/session.ts';
import { fromServer, t } from '../../lib/i18n.ts';
import { LanguagePicker } from '../../components/LanguagePicker.tsx';
import { ForgotPassword, resetIdInAddress } from './ForgotPassword.tsx';

/** Sign-in; after a session that ended on its own, it also offers its agent offline work on their PIN. */
export function SignIn() {
  const held = heldSession();
  const [error, setError] = useState<string | undefined>(held ? fromServer(held.message) : undefined);
  const [busy, setBusy] = useState(false);
  const [resetId] = useState(resetIdInAddress);
  const [forgot, setForgot] = useState(resetId !== undefined);
  const [info, setInfo] = useState<string>();
  const card = held ? keptAgentCard(held.user.id) : null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(undefined);
    try {
      const { token } = await call(authEndpoints.login, {
        body: { userCode: String(form.get('userCode') ?? ''), password: String(form.get('password') ?? ''), app: 'field' },
      });
      startSession(token);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status === 0 ? t('signin.noNetwork') : fromServer((failure as Error).message));
    } finally {
      setBusy(false);
    }
  }

  function leaveReset(message?: string) {
    if (resetId) history.replaceState(null, '', location.pathname);
    setForgot(false);
    setInfo(message);
  }

  if (forgot) return <ForgotPassword onDone={leaveReset} resetId={resetId} />;
  return (
    <main className="signin">
      <h1>{t('app.name')}</h1>
      <p className="muted">{t('signin.forWhom')}</p>
      <LanguagePicker />
      {held && <KeptWork held={held} name={card?.fullName} />}
      <form onSubmit={submit}>
        <label>
          {t('signin.userCode')}
          <input name="userCode" autoComplete="username" autoCapitalize="none" required defaultValue={card?.userCode} />
        </label>
        <label>
          {t('signin.password')}
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        {info && !error && (
          <p className="success" role="status">
            {info}
          </p>
        )}
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <button className="primary" disabled={busy}>
          {busy ? t('signin.busy') : t('signin.submit')}
        </button>
        <button type="button" className="link forgot" onClick={() => setForgot(true)}>
          {t('signin.forgot')}
        </button>
      </form>
      {held && mayUsePin(held) && <PinUnlock held={held} />}
    </main>
  );
}

function KeptWork({ held, name }: { held: HeldSession; name?: string }) {
  return (
    <p className="notice">
      {t('signin.kept', { name: name ?? t('signin.lastAgent') })}
      {!held.expired && ` ${t('signin.keptOther')}`}
    </p>
  );
}

const mayUsePin = (held: HeldSession) => held.expired && hasPin(held.user.id) && Date.now() - held.endedAt < PIN_WORK_HOURS * 3600_000;

function PinUnlock({ held }: { held: HeldSession }) {
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function unlock(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    const checked = await checkPin(held.user.id, pin);
    setBusy(false);
    setPin('');
    if (checked.ok) return unlockOffline(held.user);
    setError(checked.triesLeft > 0 ? t('pin.wrong', { count: checked.triesLeft }) : t('pin.erased'));
  }

  return (
    <form className="pin" onSubmit={unlock} aria-label={t('pin.unlockLabel')}>
      <h2>{t('pin.noNetwork')}</h2>
      <p className="muted">{t('pin.unlockHelp')}</p>
      <label>
        {t('pin.title')}
        <input
          name="pin"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={PIN_LENGTH}
          value={pin}
          onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
          required
        />
      </label>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button className="secondary" disabled={busy || pin.length !== PIN_LENGTH}>
        {busy ? t('pin.checking') : t('pin.workOffline')}
      </button>
    </form>
  );
}
