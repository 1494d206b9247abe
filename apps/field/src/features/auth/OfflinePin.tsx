import { useState, type FormEvent } from 'react';
import { t } from '../../lib/i18n.ts';
import { PIN_LENGTH, pinProblem, setPin } from '../../lib/pin.ts';

/** Sets the agent's offline PIN on this phone (signed in, so the password has just been proven). */
export function PinSetup({ agentId, onDone }: { agentId: string; onDone: (saved: boolean) => void }) {
  const [pin, setPinText] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    const problem = pinProblem(pin) ?? (pin !== again ? t('pin.differ') : undefined);
    if (problem) return setError(problem);
    setBusy(true);
    try {
      await setPin(agentId, pin);
      onDone(true);
    } catch (failure) {
      setError((failure as Error).message);
      setBusy(false);
    }
  }

  const digits = (set: (text: string) => void) => (event: { target: { value: string } }) => set(event.target.value.replace(/\D/g, ''));
  return (
    <form className="pin-setup" onSubmit={save} aria-label={t('pin.title')}>
      <h2>{t('pin.title')}</h2>
      <p className="muted">{t('pin.setupHelp', { digits: PIN_LENGTH })}</p>
      <label>
        {t('pin.new')}
        <input type="password" inputMode="numeric" autoComplete="off" maxLength={PIN_LENGTH} value={pin} onChange={digits(setPinText)} required />
      </label>
      <label>
        {t('pin.again')}
        <input type="password" inputMode="numeric" autoComplete="off" maxLength={PIN_LENGTH} value={again} onChange={digits(setAgain)} required />
      </label>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button className="primary" disabled={busy}>
        {busy ? t('common.saving') : t('pin.save')}
      </button>
      <button type="button" className="secondary" onClick={() => onDone(false)}>
        {t('common.cancel')}
      </button>
    </form>
  );
}
