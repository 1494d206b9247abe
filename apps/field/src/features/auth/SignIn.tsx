import { useState, type FormEvent } from 'react';
import { authEndpoints } from '@eticket/contracts';
import { ApiError } from '@eticket/client';
import { call } from '../../lib/api.ts';
import { checkPin, hasPin, PIN_LENGTH, PIN_WORK_HOURS } from '../../lib/pin.ts';
import { keptAgentCard } from '../../lib/profile.ts';
import { heldSession, startSession, unlockOffline, type HeldSession } from '../../lib/session.ts';
import { ForgotPassword, resetIdInAddress } from './ForgotPassword.tsx';

const NO_NETWORK = 'No network: signing in needs the network. Nothing was sent.';

/** Sign-in; after a session that ended on its own, it also offers its agent offline work on their PIN. */
export function SignIn() {
  const held = heldSession();
  const [error, setError] = useState<string | undefined>(held?.message);
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
      setError(failure instanceof ApiError && failure.status === 0 ? NO_NETWORK : (failure as Error).message);
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
      <h1>E-Ticketing Field</h1>
      <p className="muted">For enforcers, remitters and registrars.</p>
      {held && <KeptWork held={held} name={card?.fullName} />}
      <form onSubmit={submit}>
        <label>
          Email or Unique ID
          <input name="userCode" autoComplete="username" autoCapitalize="none" required defaultValue={card?.userCode} />
        </label>
        <label>
          Password
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
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <button type="button" className="link forgot" onClick={() => setForgot(true)}>
          Forgot password?
        </button>
      </form>
      {held && mayUsePin(held) && <PinUnlock held={held} />}
    </main>
  );
}

function KeptWork({ held, name }: { held: HeldSession; name?: string }) {
  return (
    <p className="notice">
      {name ?? 'The last agent'}’s work is kept on this phone: signing in again as them sends it and brings back any open form.
      {!held.expired && ' Signing in as someone else leaves it on the phone, unsent.'}
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
    setError(
      checked.triesLeft > 0
        ? `Wrong PIN: ${checked.triesLeft} ${checked.triesLeft === 1 ? 'try' : 'tries'} left`
        : 'Wrong PIN: it is erased from this phone. Sign in with your password.',
    );
  }

  return (
    <form className="pin" onSubmit={unlock} aria-label="Work offline with your PIN">
      <h2>No network?</h2>
      <p className="muted">Keep working offline with your PIN. Your captures stay on the phone until you sign in with your password.</p>
      <label>
        Offline PIN
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
        {busy ? 'Checking…' : 'Work offline'}
      </button>
    </form>
  );
}
