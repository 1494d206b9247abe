import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { LODGEMENT_KINDS, type Bank, type LodgementKind } from '@eticket/contracts';
import { naira } from '../../lib/format.ts';
import { fromServer, t } from '../../lib/i18n.ts';
import { enqueue, newKey, remove } from '../../lib/outbox/index.ts';
import { banksOf } from '../collect/index.ts';
import { scaleImage } from '../../lib/scaleImage.ts';
import { closeFields, closeProblems, newDraft, type CloseDraft } from './closeForm.ts';
import { inCloseWords } from './closeWords.ts';

const kindLabel = (kind: LodgementKind) => t(`close.kind.${kind}`);

/**
 * Closing the till: the blind count (the cash counted, never compared on the phone with what the
 * server expects) and how it was lodged; then a confirmation; then it is kept on the phone and sent
 * through the queue like a payment (Idempotency-Key, capturedAt).
 */
export default function CloseTill({ again, onDone }: { again: boolean; onDone: () => void }) {
  const [draft, setDraft] = useState<CloseDraft>(newDraft);
  const [step, setStep] = useState<'count' | 'confirm'>('count');
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const set = (changes: Partial<CloseDraft>) => (setDraft((current) => ({ ...current, ...changes })), setProblems([]));

  function review() {
    const found = closeProblems(draft);
    setProblems(found);
    if (found.length === 0) setStep('confirm');
  }

  async function submit() {
    const found = closeProblems(draft);
    if (found.length > 0) return (setProblems(found), setStep('count'));
    setBusy(true);
    try {
      const fields = closeFields(draft, new Date().toISOString());
      const label = t('close.queueLabel', { amount: naira(Number(draft.counted)), kind: kindLabel(draft.kind).toLowerCase() });
      const item = await enqueue({ key: newKey(), kind: 'till-close', label, body: { fields, ...(draft.kind === 'deposit' ? { slip: draft.slip } : {}) } });
      if (item.state === 'refused') {
        // Refused while the remitter is on the form (nothing to close, a close already waiting, a field): said here.
        await remove(item.key);
        setStep('count');
        return setProblems([inCloseWords(fromServer(item.message ?? t('close.refused')))]);
      }
      onDone();
    } catch (failure) {
      setProblems([(failure as Error).message]);
    } finally {
      setBusy(false);
    }
  }

  // Enter reviews the form, then sends it from the confirmation.
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (step === 'count') review();
    else if (!busy) void submit();
  };

  return (
    <form className="close-till" aria-label={again ? t('till.closeAgain') : t('till.close')} onSubmit={onSubmit}>
      <h3>{again ? t('till.closeAgain') : t('till.close')}</h3>
      {step === 'count' ? <CountForm draft={draft} set={set} /> : <Confirmation draft={draft} />}
      {problems.length > 0 && (
        <ul className="error" role="alert">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      <div className="actions">
        {step === 'count' ? (
          <>
            <button type="button" className="secondary" onClick={onDone}>
              {t('common.cancel')}
            </button>
            <button className="primary">{t('close.review')}</button>
          </>
        ) : (
          <>
            <button type="button" className="secondary" onClick={() => setStep('count')} disabled={busy}>
              {t('close.back')}
            </button>
            <button className="primary" disabled={busy}>
              {busy ? t('forgot.sending') : t('close.send')}
            </button>
          </>
        )}
      </div>
    </form>
  );
}

function CountForm({ draft, set }: { draft: CloseDraft; set: (changes: Partial<CloseDraft>) => void }) {
  const [banks, setBanks] = useState<Bank[] | null>(null);
  useEffect(() => void banksOf().then(setBanks, () => setBanks([])), []);
  const [slipError, setSlipError] = useState<string>();

  async function takeSlip(file: File | undefined) {
    if (!file) return;
    setSlipError(undefined);
    try {
      set({ slip: await scaleImage(file) });
    } catch (failure) {
      setSlipError((failure as Error).message);
    }
  }

  return (
    <>
      <p className="muted">{t('close.help')}</p>
      <Labelled label={`${t('close.counted')} (₦)`}>
        <input inputMode="decimal" autoComplete="off" value={draft.counted} onChange={(e) => set({ counted: e.target.value })} />
      </Labelled>
      <fieldset>
        <legend>{t('close.lodgementKind')}</legend>
        <div className="choices">
          {LODGEMENT_KINDS.map((kind) => (
            <button type="button" key={kind} className={draft.kind === kind ? 'chosen' : ''} aria-pressed={draft.kind === kind} onClick={() => set({ kind })}>
              {kindLabel(kind)}
            </button>
          ))}
        </div>
      </fieldset>
      {draft.kind === 'deposit' ? (
        <>
          <Labelled label={t('collect.bank')}>
            {banks?.length ? (
              <select value={draft.bankName} onChange={(e) => set({ bankName: e.target.value })}>
                <option value="">{t('collect.bankChoose')}</option>
                {banks.map((bank) => (
                  <option key={bank.code} value={bank.name}>
                    {bank.name}
                  </option>
                ))}
              </select>
            ) : (
              <input value={draft.bankName} onChange={(e) => set({ bankName: e.target.value })} placeholder={banks ? '' : t('collect.loadingBanks')} />
            )}
          </Labelled>
          <Labelled label={t('close.tellerNo')}>
            <input autoComplete="off" value={draft.tellerNo} onChange={(e) => set({ tellerNo: e.target.value })} />
          </Labelled>
        </>
      ) : (
        <Labelled label={t('reference.transfer')}>
          <input autoComplete="off" autoCapitalize="characters" value={draft.transferReference} onChange={(e) => set({ transferReference: e.target.value })} />
        </Labelled>
      )}
      <Labelled label={t('close.lodgedOn')}>
        <input type="date" value={draft.lodgedOn} onChange={(e) => set({ lodgedOn: e.target.value })} />
      </Labelled>
      {draft.kind === 'deposit' && (
        <div className="photo-input">
          {/* No `capture`: the phone offers its camera or a photo already taken. */}
          <Labelled label={`${t('close.slip')}${draft.slip ? ` · ${Math.round(draft.slip.size / 1024)} KB` : ''}`}>
            <input name="slip" type="file" accept="image/*" onChange={(e) => void takeSlip(e.target.files?.[0])} />
          </Labelled>
          <SlipPreview slip={draft.slip} />
          {slipError && <p className="error">{slipError}</p>}
        </div>
      )}
    </>
  );
}

/** What is about to be sent, to be checked before it is: once sent, the count is not changed. */
function Confirmation({ draft }: { draft: CloseDraft }) {
  const lines: [string, string][] = [
    [t('close.counted'), naira(Number(draft.counted))],
    [t('close.lodgementKind'), kindLabel(draft.kind)],
    ...(draft.kind === 'deposit'
      ? ([
          [t('collect.bank'), draft.bankName.trim()],
          [t('close.tellerNo'), draft.tellerNo.trim()],
        ] as [string, string][])
      : ([[t('reference.transfer'), draft.transferReference.trim()]] as [string, string][])),
    [t('close.lodgedOn'), draft.lodgedOn],
  ];
  return (
    <>
      <p className="notice">{t('close.check')}</p>
      <dl className="confirm">
        {lines.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {draft.kind === 'deposit' && <SlipPreview slip={draft.slip} />}
    </>
  );
}

function SlipPreview({ slip }: { slip: Blob | undefined }) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!slip) return setUrl(undefined);
    const made = URL.createObjectURL(slip);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [slip]);
  return url ? <img className="preview" src={url} alt="Photo of the slip" /> : null;
}

function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label>
      {label}
      {children}
    </label>
  );
}
