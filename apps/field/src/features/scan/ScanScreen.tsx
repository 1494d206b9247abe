import { useEffect, useState, type FormEvent } from 'react';
import { fieldEndpoints, type FieldScanRequest, type FieldScanResponse } from '@eticket/contracts';
import { call } from '../../lib/api.ts';
import { codeFromQr, dateTime } from '../../lib/format.ts';
import { provisionalVerdict, refreshCompliance } from '../compliance/compliance.ts';
import { db } from '../queue/db.ts';
import { enqueue, newKey } from '../queue/queue.ts';
import { currentPlace } from './place.ts';
import { QrCamera } from './QrCamera.tsx';
import { Verdict, type VerdictView } from './Verdict.tsx';

const REFRESH_EVERY_MS = 15 * 60_000;

function fromServer(data: FieldScanResponse['data']): VerdictView {
  return {
    status: data.subscriptionStatus,
    provisional: false,
    userCode: data.motorist.userCode,
    fullName: data.motorist.fullName,
    plateNumber: data.vehicle.plateNumber,
    vehicleType: data.vehicle.vehicleType,
    planName: data.ticketSubscription.subscription?.name ?? null,
    expiresAt: data.ticketSubscription.subscriptionExpiryDate,
    outstanding: data.outstandingPayment,
    penaltyAdded: data.penaltyAdded,
    photoUrl: data.photoUrl ?? null,
  };
}

/** What the agent typed: a Unique ID the list knows (or the server finds), else a plate. */
async function targetOf(typed: string): Promise<Pick<FieldScanRequest, 'userCode' | 'plateNumber'>> {
  const code = typed.trim().toLowerCase().replace(/\s+/g, '');
  if (await db.compliance.get(code)) return { userCode: code };
  if (navigator.onLine) {
    try {
      return { userCode: (await call(fieldEndpoints.motorist, { query: { q: typed } })).data.userCode };
    } catch {
      // not found or no network: the scan itself says
    }
  }
  return /^[a-z0-9]{8,}$/.test(code) && !/\s|-/.test(typed.trim()) ? { userCode: code } : { plateNumber: typed.trim() };
}

export function ScanScreen() {
  const [verdict, setVerdict] = useState<VerdictView | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [typed, setTyped] = useState('');
  const [list, setList] = useState<{ count: number; asOf: string } | null>(null);

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

  async function scan(target: Pick<FieldScanRequest, 'userCode' | 'plateNumber'>) {
    setBusy(true);
    setError(undefined);
    try {
      const capturedAt = new Date().toISOString();
      const location = await currentPlace();
      const label = `Scan ${target.userCode ?? target.plateNumber}`;
      const item = await enqueue({ key: newKey(), kind: 'scan', label, body: { ...target, capturedAt, location } });
      if (item.state === 'done') setVerdict(fromServer((item.result as FieldScanResponse).data));
      else if (item.state === 'refused') setError(item.message);
      else {
        const guess = target.userCode ? await provisionalVerdict(target.userCode) : null;
        setVerdict({
          status: guess?.status ?? 'unknown',
          provisional: true,
          userCode: target.userCode ?? '',
          plateNumber: target.plateNumber,
          expiresAt: guess?.paidUntil?.toISOString() ?? null,
          owesPenalty: guess?.owesPenalty,
          note: 'Kept on the phone; it is sent when the network returns.',
        });
      }
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  function onQr(text: string) {
    if (busy || verdict) return;
    const code = codeFromQr(text);
    if (code) void scan({ userCode: code });
    else setError('This QR code is not a motorist’s code');
  }

  async function onTyped(event: FormEvent) {
    event.preventDefault();
    if (!typed.trim()) return;
    setBusy(true);
    const target = await targetOf(typed);
    setTyped('');
    await scan(target);
  }

  if (verdict) return <Verdict verdict={verdict} onNext={() => setVerdict(null)} />;
  return (
    <section className="scan">
      <QrCamera onCode={onQr} paused={busy} />
      <form onSubmit={onTyped} className="typed">
        <label>
          Unique ID or plate number
          <input value={typed} onChange={(e) => setTyped(e.target.value)} autoCapitalize="characters" autoComplete="off" enterKeyHint="go" />
        </label>
        <button className="primary" disabled={busy}>
          {busy ? 'Checking…' : 'Check'}
        </button>
      </form>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <p className="muted" data-testid="compliance-list">
        {list ? `Offline list: ${list.count} motorists, as of ${dateTime(list.asOf)}` : 'Offline list not loaded yet'}
      </p>
    </section>
  );
}
