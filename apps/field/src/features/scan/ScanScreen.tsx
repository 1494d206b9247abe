import { useEffect, useState, type FormEvent } from 'react';
import { fieldEndpoints, type FieldScanRequest, type FieldScanResponse } from '@eticket/contracts';
import { call } from '../../lib/api.ts';
import { dateTime, fromServer as serverWords, t } from '../../lib/i18n.ts';
import { codeFromQr } from '../../lib/format.ts';
import { guessTarget, uniqueIdOf } from '../../lib/motorist.ts';
import { db, enqueue, newKey, remove } from '../../lib/outbox/index.ts';
import { codeOfPlate, listedEntry, provisionalVerdict, refreshCompliance } from '../compliance/index.ts';
import { currentPlace } from './place.ts';
import { QrCamera } from '../../components/QrCamera.tsx';
import { Verdict, type VerdictView } from './Verdict.tsx';

const REFRESH_EVERY_MS = 15 * 60_000;

/** A registrant who has never paid: no subscription payment yet. */
const neverPaid = (subscription: FieldScanResponse['data']['ticketSubscription']) => subscription.accumulated === 0 && subscription.lastReceiptNo === null;

function fromServer(data: FieldScanResponse['data']): VerdictView {
  return {
    status: neverPaid(data.ticketSubscription) && data.subscriptionStatus !== 'expired' ? 'unpaid' : data.subscriptionStatus,
    provisional: false,
    userCode: data.motorist.userCode,
    fullName: data.motorist.fullName,
    plateNumber: data.vehicle.plateNumber,
    vehicleType: data.vehicle.vehicleType,
    planName: data.ticketSubscription.subscription?.name ?? null,
    expiresAt: data.ticketSubscription.subscriptionExpiryDate,
    graceEndsAt: data.ticketSubscription.graceEndsAt,
    outstanding: data.outstandingPayment,
    penaltyAdded: data.penaltyAdded,
    photoUrl: data.photoUrl ?? null,
    registration: data.motorist.registrationStatus,
    note: data.repeated ? t('scan.repeated', { at: dateTime(data.scannedAt) }) : undefined,
  };
}

/** What the agent typed: a Unique ID the list knows (or the server finds), else a plate. */
async function targetOf(typed: string): Promise<Pick<FieldScanRequest, 'userCode' | 'plateNumber'>> {
  const code = uniqueIdOf(typed);
  if (await listedEntry(code)) return { userCode: code };
  // A plate the phone's list knows: its Unique ID, so the offline verdict is the list's.
  const byPlate = await codeOfPlate(typed);
  if (byPlate) return { userCode: byPlate };
  if (navigator.onLine) {
    try {
      return { userCode: (await call(fieldEndpoints.motorist, { query: { q: typed } })).data.userCode };
    } catch {
      // not found or no network: the scan itself says
    }
  }
  return guessTarget(typed);
}

export function ScanScreen() {
  const [verdict, setVerdict] = useState<VerdictView | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [typed, setTyped] = useState('');
  const [list, setList] = useState<{ count: number; asOf: string } | null>(null);
  // The camera waits for a tap, after sign-in and after each verdict: a sticker still in view is not read again.
  const [camera, setCamera] = useState(false);

  useEffect(() => {
    const show = () => void db.meta.get('compliance').then((meta) => setList(meta ? { count: meta.count, asOf: meta.asOf } : null));
    const refresh = () => navigator.onLine && refreshCompliance().then(show, show);
    show();
    void refresh();
    const timer = setInterval(refresh, REFRESH_EVERY_MS);
    addEventListener('online', refresh);
    return () => {
      clearInterval(timer);
      removeEventListener('online', refresh);
    };
  }, []);

  /** Sends a scan; false when the server refused it (the message is shown). */
  async function scan(target: Pick<FieldScanRequest, 'userCode' | 'plateNumber'>): Promise<boolean> {
    setBusy(true);
    setError(undefined);
    try {
      const capturedAt = new Date().toISOString();
      const location = await currentPlace();
      const label = t('queue.label.scan', { who: target.userCode ?? target.plateNumber ?? '' });
      const item = await enqueue({ key: newKey(), kind: 'scan', label, body: { ...target, capturedAt, location } });
      if (item.state === 'done') setVerdict(fromServer((item.result as FieldScanResponse).data));
      else if (item.state === 'refused') {
        // Refused while the agent is here (a mistyped code): said on this screen, not left in the queue.
        await remove(item.key);
        setError(serverWords(item.message ?? ''));
        return false;
      } else {
        const guess = target.userCode ? await provisionalVerdict(target.userCode) : null;
        setVerdict({
          status: guess?.status ?? 'unknown',
          provisional: true,
          userCode: target.userCode ?? '',
          plateNumber: target.plateNumber,
          expiresAt: guess?.paidUntil?.toISOString() ?? null,
          graceEndsAt: guess?.graceEndsAt?.toISOString() ?? null,
          owesPenalty: guess?.owesPenalty,
          note: t('scan.kept'),
        });
      }
      return true;
    } catch (failure) {
      setError(serverWords((failure as Error).message));
      return false;
    } finally {
      setBusy(false);
    }
  }

  function onQr(text: string) {
    if (busy || verdict) return;
    const code = codeFromQr(text);
    if (code) void scan({ userCode: code });
    else setError(t('scan.notMotoristQr'));
  }

  async function onTyped(event: FormEvent) {
    event.preventDefault();
    if (!typed.trim()) return;
    setBusy(true);
    // A refused code stays in the box to be corrected.
    if (await scan(await targetOf(typed))) setTyped('');
  }

  if (verdict) return <Verdict verdict={verdict} onNext={() => (setVerdict(null), setCamera(false))} />;
  return (
    <section className="scan">
      {camera ? (
        <>
          <QrCamera onCode={onQr} paused={busy} />
          <button className="secondary" onClick={() => setCamera(false)}>
            {t('scan.closeCamera')}
          </button>
        </>
      ) : (
        <button className="primary" onClick={() => (setError(undefined), setCamera(true))} autoFocus>
          {t('scan.open')}
        </button>
      )}
      <form onSubmit={onTyped} className="typed">
        <label>
          {t('scan.typed')}
          <input value={typed} onChange={(e) => setTyped(e.target.value)} autoCapitalize="characters" autoComplete="off" enterKeyHint="go" />
        </label>
        <button className="primary" disabled={busy}>
          {busy ? t('pin.checking') : t('scan.check')}
        </button>
      </form>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <p className="muted" data-testid="compliance-list">
        {list ? t('scan.list', { count: list.count, at: dateTime(list.asOf) }) : t('scan.noList')}
      </p>
    </section>
  );
}
