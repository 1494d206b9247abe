import { useEffect } from 'react';
import { printedName, printedPlate } from '@eticket/contracts';
import { naira } from '../../lib/format.ts';
import { dateOnly, t, tOr } from '../../lib/i18n.ts';

export interface VerdictView {
  /** unpaid: registered, never paid, within the first grace period (not GRACE: nothing was paid). */
  status: 'active' | 'grace' | 'expired' | 'paused' | 'unknown' | 'unpaid';
  provisional: boolean;
  userCode: string;
  fullName?: string;
  plateNumber?: string;
  vehicleType?: string;
  planName?: string | null;
  expiresAt?: string | null;
  /** When the grace period ends: the date the public check (/v/{code}) gives in grace and once expired. */
  graceEndsAt?: string | null;
  outstanding?: number;
  owesPenalty?: boolean;
  penaltyAdded?: number;
  photoUrl?: string | null;
  /** The motorist's registration when not approved yet (pending motorists are on the road and are scanned). */
  registration?: string;
  note?: string;
}

const BUZZ: Record<VerdictView['status'], number[]> = {
  active: [120],
  grace: [120, 80, 120],
  expired: [400, 100, 400],
  paused: [120, 80, 120],
  unknown: [400],
  unpaid: [120, 80, 120],
};

/** The date line, worded and dated as the public check page words and dates it. */
function dateLine(verdict: VerdictView): [string, string] {
  const on = (at: string | null | undefined) => (at ? dateOnly(at) : '—');
  switch (verdict.status) {
    case 'active':
      return [t('verdict.paidUntil'), on(verdict.expiresAt)];
    case 'grace':
    case 'unpaid':
      return [t('verdict.graceUntil'), on(verdict.graceEndsAt)];
    case 'expired':
      return [t('verdict.expiredSince'), on(verdict.graceEndsAt)];
    case 'paused':
      return [t('verdict.paused'), t('verdict.frozen')];
    default:
      return [t('verdict.expires'), on(verdict.expiresAt)];
  }
}

/** The scan's result, filling the screen: colour and word first, then who and what. */
export function Verdict({ verdict, onNext }: { verdict: VerdictView; onNext: () => void }) {
  useEffect(() => {
    navigator.vibrate?.(BUZZ[verdict.status]);
  }, [verdict]);

  return (
    <section className={`verdict ${verdict.status}`} role="alert" aria-live="assertive" data-status={verdict.status}>
      <h2 className="word">{t(`verdict.word.${verdict.status}`)}</h2>
      {verdict.provisional && <p className="provisional">{t('verdict.provisional')}</p>}
      <div className="who">
        {verdict.photoUrl ? <img src={verdict.photoUrl} alt="" /> : <div className="nophoto" aria-hidden />}
        <div>
          <b>{verdict.fullName ? printedName(verdict.fullName) : verdict.userCode}</b>
          <span>{verdict.plateNumber ? printedPlate(verdict.plateNumber) : ''}</span>
          {verdict.registration && verdict.registration !== 'approved' && (
            <span className="registration">{tOr(`verdict.registration.${verdict.registration}`, verdict.registration)}</span>
          )}
          <span>
            {verdict.vehicleType ? tOr(`vehicle.${verdict.vehicleType}`, verdict.vehicleType) : ''}{' '}
            {verdict.planName ? `· ${tOr(`plan.${verdict.planName}`, verdict.planName)}` : ''}
          </span>
        </div>
      </div>
      <dl>
        <dt>{dateLine(verdict)[0]}</dt>
        <dd>{dateLine(verdict)[1]}</dd>
        <dt>{t('verdict.penaltyOwed')}</dt>
        <dd>{verdict.outstanding !== undefined ? naira(verdict.outstanding) : verdict.owesPenalty ? t('common.yes') : t('verdict.noneKnown')}</dd>
        {verdict.penaltyAdded ? (
          <>
            <dt>{t('verdict.added')}</dt>
            <dd>{naira(verdict.penaltyAdded)}</dd>
          </>
        ) : null}
      </dl>
      {verdict.note && <p>{verdict.note}</p>}
      <button className="primary next" onClick={onNext} autoFocus>
        {t('verdict.next')}
      </button>
    </section>
  );
}
