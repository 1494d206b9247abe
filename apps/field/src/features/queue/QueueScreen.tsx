import { useState, type FormEvent } from 'react';
import type { FieldScanResponse, TillCloseResponse } from '@eticket/contracts';
import { naira } from '../../lib/format.ts';
import { dateTime, fromServer, t, tOr } from '../../lib/i18n.ts';
import { guessTarget, targetAs, targetText } from '../../lib/motorist.ts';
import { keptAgentCard } from '../../lib/profile.ts';
import { useOnline } from '../../lib/useOnline.ts';
import { Receipt, inReferenceWords, referenceLabel, referenceProblem } from '../collect/index.ts';
import { inCloseWords } from '../till/index.ts';
import { type QueueItem, remove, resendCorrected, retry, syncNow, useQueue } from '../../lib/outbox/index.ts';

export function QueueScreen() {
  const items = useQueue();
  const online = useOnline();
  const [note, setNote] = useState<string>();
  const [correcting, setCorrecting] = useState<string | null>(null);
  const [opened, setOpened] = useState<QueueItem | null>(null);

  async function sync() {
    const { sent, refused } = await syncNow();
    setNote(refused ? t('queue.syncedRefused', { sent, refused }) : t('queue.synced', { sent }));
  }

  if (opened?.kind === 'subscription-payment' || opened?.kind === 'penalty-payment') {
    const receipt = { ...opened.receipt!, item: opened, agent: keptAgentCard(opened.agentId) };
    return <Receipt receipt={receipt} onDone={() => setOpened(null)} doneLabel={t('queue.back')} />;
  }
  if (!items) return <p className="muted">{t('common.loading')}</p>;
  return (
    <section className="queue">
      <div className="row">
        <h2>{t('tab.queue')}</h2>
        <button className="primary small" onClick={sync} disabled={!online}>
          {t('queue.sync')}
        </button>
      </div>
      {note && (
        <p className="muted" role="status">
          {note}
        </p>
      )}
      {items.length === 0 && <p className="muted">{t('queue.empty')}</p>}
      <ul>
        {items.map((item) => (
          <li key={item.key} className={`item ${item.state}`} data-state={item.state}>
            <div>
              <strong>{item.label}</strong>
              <small>{dateTime(item.createdAt)}</small>
              {item.state === 'refused' && <p className="error">{refusalText(item)}</p>}
              {item.kind === 'scan' && item.state === 'done' && <small className="result">{scanResult(item.result as FieldScanResponse)}</small>}
              {item.kind === 'till-close' && item.state === 'done' && (
                <small className="result">{fromServer((item.result as TillCloseResponse).message)}</small>
              )}
              {item.state === 'waiting' && item.attempts > 0 && <small>{fromServer(item.message ?? '')}</small>}
            </div>
            <span className="state">{t(`queue.state.${item.state}`)}</span>
            {'receipt' in item && item.receipt && (
              <button className="open-receipt" onClick={() => setOpened(item)} aria-label={t('queue.receiptOf', { label: item.label })}>
                {t('receipt.label')}
              </button>
            )}
            {item.state === 'refused' && (
              <div className="actions">
                <button onClick={() => void retry(item.key)}>{t('queue.retry')}</button>
                {(item.kind === 'subscription-payment' || item.kind === 'penalty-payment') && (
                  <button onClick={() => setCorrecting(correcting === item.key ? null : item.key)} aria-expanded={correcting === item.key}>
                    {t('queue.correct')}
                  </button>
                )}
                <button onClick={() => confirm(t('queue.removeConfirm', { label: item.label })) && void remove(item.key)}>{t('queue.remove')}</button>
              </div>
            )}
            {correcting === item.key && item.state === 'refused' && (item.kind === 'subscription-payment' || item.kind === 'penalty-payment') && (
              <Correction item={item} onDone={() => setCorrecting(null)} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

type PaymentItem = Extract<QueueItem, { kind: 'subscription-payment' | 'penalty-payment' }>;

/** A refused payment, corrected (who paid; a penalty's amount) and sent again as a new attempt. */
function Correction({ item, onDone }: { item: PaymentItem; onDone: () => void }) {
  const [typed, setTyped] = useState(targetText(item.body));
  const [kind, setKind] = useState<'plate' | 'code'>(item.body.plateNumber !== undefined ? 'plate' : 'code');
  const [amount, setAmount] = useState(item.kind === 'penalty-payment' ? String(item.body.amount) : '');
  const mode = item.body.modeOfPayment;
  const [reference, setReference] = useState(item.body.reference ?? '');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!typed.trim()) return setError(t('server.motoristRequired'));
    const paid = Number(amount);
    if (item.kind === 'penalty-payment' && !(paid > 0)) return setError(t('collect.amountMissing'));
    const badReference = referenceProblem(mode, reference);
    if (badReference) return setError(badReference);
    setBusy(true);
    try {
      await resendCorrected(item.key, {
        target: targetAs(kind, typed),
        ...(item.kind === 'penalty-payment' ? { amount: paid } : {}),
        ...(mode === 'cash' ? {} : { reference }),
      });
      onDone();
    } catch (failure) {
      setError(fromServer((failure as Error).message));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="correction" onSubmit={(event) => void send(event)}>
      <label>
        {t('queue.plateOrCode')}
        <input
          value={typed}
          onChange={(e) => (setTyped(e.target.value), setKind(guessTarget(e.target.value).plateNumber === undefined ? 'code' : 'plate'))}
          autoCapitalize="characters"
          autoComplete="off"
          autoFocus
        />
      </label>
      <div className="choices" role="group" aria-label={t('collect.whatTyped')}>
        {(['plate', 'code'] as const).map((choice) => (
          <button type="button" key={choice} className={kind === choice ? 'chosen' : ''} aria-pressed={kind === choice} onClick={() => setKind(choice)}>
            {choice === 'plate' ? t('common.plate') : t('common.uniqueId')}
          </button>
        ))}
      </div>
      {item.kind === 'penalty-payment' && (
        <label>
          {t('collect.amount')}
          <input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </label>
      )}
      {mode !== 'cash' && (
        <label>
          {referenceLabel(mode)}
          <input value={reference} onChange={(e) => setReference(e.target.value)} autoComplete="off" autoCapitalize="characters" />
        </label>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button className="primary" disabled={busy}>
        {busy ? t('forgot.sending') : t('queue.sendCorrected')}
      </button>
    </form>
  );
}

/** The server's refusal in the form's words: a payment's reference named for its channel, a close's fields by their labels. */
function refusalText(item: QueueItem): string | undefined {
  if (!item.message) return item.message;
  const message = fromServer(item.message);
  if (item.kind === 'subscription-payment' || item.kind === 'penalty-payment') return inReferenceWords(item.body.modeOfPayment, message);
  if (item.kind === 'till-close') return inCloseWords(message);
  return message;
}

/** An offline scan's real verdict, once the server has it (the phone's was provisional). */
function scanResult({ data }: FieldScanResponse): string {
  const parts = [tOr(`status.${data.subscriptionStatus}`, data.subscriptionStatus).toUpperCase(), data.vehicle.plateNumber.toUpperCase()];
  if (data.penaltyAdded > 0) parts.push(t('queue.penaltyAdded', { amount: naira(data.penaltyAdded) }));
  if (data.repeated) parts.push(t('queue.alreadyScanned'));
  return parts.join(' · ');
}
