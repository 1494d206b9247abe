import { useEffect } from 'react';
import { printedName, printedPlate } from '@eticket/contracts';
import { dateOnly, naira } from '../../lib/format.ts';

export interface VerdictView {
  status: 'active' | 'grace' | 'expired' | 'paused' | 'unknown';
  provisional: boolean;
  userCode: string;
  fullName?: string;
  plateNumber?: string;
  vehicleType?: string;
  planName?: string | null;
  expiresAt?: string | null;
  outstanding?: number;
  owesPenalty?: boolean;
  penaltyAdded?: number;
  photoUrl?: string | null;
  /** The motorist's registration when not approved yet (pending motorists are on the road and are scanned). */
  registration?: string;
  note?: string;
}

const WORD: Record<VerdictView['status'], string> = { active: 'ACTIVE', grace: 'GRACE', expired: 'EXPIRED', paused: 'PAUSED', unknown: 'NOT IN LIST' };
const BUZZ: Record<VerdictView['status'], number[]> = {
  active: [120],
  grace: [120, 80, 120],
  expired: [400, 100, 400],
  paused: [120, 80, 120],
  unknown: [400],
};

/** The scan's result, filling the screen: colour and word first, then who and what. */
export function Verdict({ verdict, onNext }: { verdict: VerdictView; onNext: () => void }) {
  useEffect(() => {
    navigator.vibrate?.(BUZZ[verdict.status]);
  }, [verdict]);

  return (
    <section className={`verdict ${verdict.status}`} role="alert" aria-live="assertive" data-status={verdict.status}>
      <h2 className="word">{WORD[verdict.status]}</h2>
      {verdict.provisional && <p className="provisional">Provisional: from the phone’s list. The real verdict comes when the scan is sent.</p>}
      <div className="who">
        {verdict.photoUrl ? <img src={verdict.photoUrl} alt="" /> : <div className="nophoto" aria-hidden />}
        <div>
          <b>{verdict.fullName ? printedName(verdict.fullName) : verdict.userCode}</b>
          <span>{verdict.plateNumber ? printedPlate(verdict.plateNumber) : ''}</span>
          {verdict.registration && verdict.registration !== 'approved' && (
            <span className="registration">Registration {verdict.registration === 'pending' ? 'pending approval' : verdict.registration}</span>
          )}
          <span>
            {verdict.vehicleType ?? ''} {verdict.planName ? `· ${verdict.planName}` : ''}
          </span>
        </div>
      </div>
      <dl>
        <dt>Expires</dt>
        <dd>{verdict.expiresAt ? dateOnly(verdict.expiresAt) : '—'}</dd>
        <dt>Penalty owed</dt>
        <dd>{verdict.outstanding !== undefined ? naira(verdict.outstanding) : verdict.owesPenalty ? 'Yes' : 'None known'}</dd>
        {verdict.penaltyAdded ? (
          <>
            <dt>This scan added</dt>
            <dd>{naira(verdict.penaltyAdded)}</dd>
          </>
        ) : null}
      </dl>
      {verdict.note && <p>{verdict.note}</p>}
      <button className="primary next" onClick={onNext} autoFocus>
        Next scan
      </button>
    </section>
  );
}
