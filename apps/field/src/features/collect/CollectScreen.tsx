import { useEffect, useState, type FormEvent } from 'react';
import {
  AGENT_MODES_OF_PAYMENT,
  VEHICLE_TYPES,
  fieldEndpoints,
  type Bank,
  type FieldMotoristView,
  type FieldTill,
  type FieldPlan,
  type AgentModeOfPayment,
  type VehicleType,
} from '@eticket/contracts';
import { ApiError } from '@eticket/client';
import { call } from '../../lib/api.ts';
import { dateOnly, fromServer, t, tOr } from '../../lib/i18n.ts';
import { codeFromQr, naira } from '../../lib/format.ts';
import { guessTarget, targetAs, targetText, type MotoristTarget } from '../../lib/motorist.ts';
import type { AgentCard } from '../../lib/profile.ts';
import { enqueue, newKey, remove } from '../../lib/outbox/index.ts';
import { QrCamera } from '../../components/QrCamera.tsx';
import { cashPausedOf, useTill } from '../till/index.ts';
import { banksOf } from './banks.ts';
import { keepAllPlans, plansOf } from './plans.ts';
import { Receipt, type ReceiptView } from './Receipt.tsx';
import { inReferenceWords, referenceLabel, referenceProblem } from './reference.ts';

/** Who pays: as the server knows them, or (offline) only what was typed: a plate or a Unique ID. */
type Payer = { known: true; view: FieldMotoristView } | { known: false; typed: string };

/** Naira with at most 2 decimals, more than 0 and at most what is owed; never rounded to fit. */
function penaltyProblem(typed: string, owed: number | null): string | undefined {
  const text = typed.trim();
  if (!text || !(Number(text) > 0)) return t('collect.amountMissing');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return t('collect.amountDecimals');
  if (owed !== null && Number(text) > owed) return t('collect.amountTooMuch', { owed: naira(owed) });
  return undefined;
}

export function CollectScreen({ agent }: { agent: AgentCard | null }) {
  const [payer, setPayer] = useState<Payer | null>(null);
  const [receipt, setReceipt] = useState<ReceiptView | null>(null);
  useEffect(() => void keepAllPlans(VEHICLE_TYPES), []);
  // Before a collection starts: whether the server refuses this remitter's cash now (the limits), kept for offline use.
  const till = useTill();
  const cashPaused = cashPausedOf(till.kept);

  if (receipt) return <Receipt receipt={receipt} onDone={() => (setReceipt(null), setPayer(null))} />;
  if (!payer) return <FindPayer onFound={setPayer} cashPaused={cashPaused} />;
  return <Payment payer={payer} agent={agent} cashPaused={cashPaused} onRefused={till.reload} onCancel={() => setPayer(null)} onPaid={setReceipt} />;
}

/** Why cash is not taken now, and what to do (the server's words); the other modes still work. */
function CashPaused({ paused }: { paused: NonNullable<FieldTill['cashPaused']> }) {
  return (
    <p className="notice paused" data-testid="cash-paused">
      {fromServer(paused.message)}
    </p>
  );
}

function FindPayer({ onFound, cashPaused }: { onFound: (payer: Payer) => void; cashPaused: FieldTill['cashPaused'] }) {
  const [typed, setTyped] = useState('');
  const [camera, setCamera] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function find(q: string) {
    setBusy(true);
    setError(undefined);
    try {
      onFound({ known: true, view: (await call(fieldEndpoints.motorist, { query: { q } })).data });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 0) onFound({ known: false, typed: q.trim() });
      else setError(fromServer((failure as Error).message));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="collect">
      <h2>{t('collect.title')}</h2>
      {cashPaused && <CashPaused paused={cashPaused} />}
      <form
        className="typed"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          if (typed.trim()) void find(typed);
        }}
      >
        <label>
          {t('collect.find')}
          <input value={typed} onChange={(e) => setTyped(e.target.value)} autoCapitalize="characters" autoComplete="off" enterKeyHint="search" />
        </label>
        <button className="primary" disabled={busy}>
          {busy ? t('collect.finding') : t('collect.findButton')}
        </button>
      </form>
      <button className="secondary" onClick={() => setCamera(!camera)}>
        {camera ? t('scan.closeCamera') : t('scan.open')}
      </button>
      {camera && <QrCamera paused={busy} onCode={(text) => void find(codeFromQr(text) ?? text)} />}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

interface PaymentProps {
  payer: Payer;
  agent: AgentCard | null;
  cashPaused: FieldTill['cashPaused'];
  /** The server refused the payment here (the till's limits may be why). */
  onRefused: () => void;
  onCancel: () => void;
  onPaid: (receipt: ReceiptView) => void;
}

function Payment({ payer, agent, cashPaused, onRefused, onCancel, onPaid }: PaymentProps) {
  const [vehicleType, setVehicleType] = useState<VehicleType | null>(payer.known ? payer.view.vehicleType : null);
  const [plans, setPlans] = useState<FieldPlan[] | null>(null);
  const [what, setWhat] = useState<'subscription' | 'penalty'>(payer.known && payer.view.outstandingPayment > 0 ? 'penalty' : 'subscription');
  const [planId, setPlanId] = useState('');
  const [amount, setAmount] = useState(payer.known && payer.view.outstandingPayment > 0 ? String(payer.view.outstandingPayment) : '');
  const [mode, setMode] = useState<AgentModeOfPayment>(cashPaused ? 'transfer' : 'cash');
  // Learnt after the form opened (the server's answer, or a refusal): cash is off, another mode is chosen.
  useEffect(() => {
    if (cashPaused) setMode((current) => (current === 'cash' ? 'transfer' : current));
  }, [cashPaused]);
  const [bankName, setBankName] = useState('');
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // Offline, the server resolves a plate or a Unique ID when the payment arrives; the remitter says which was typed.
  const [typedKind, setTypedKind] = useState<'plate' | 'code'>(payer.known || guessTarget(payer.typed).plateNumber === undefined ? 'code' : 'plate');
  const target: MotoristTarget = payer.known ? { userCode: payer.view.userCode } : targetAs(typedKind, payer.typed);
  const who = payer.known ? payer.view.fullName : targetText(target);
  const owed = payer.known ? payer.view.outstandingPayment : null;

  const currentPlan = payer.known ? payer.view.planName : null;
  useEffect(() => {
    if (!vehicleType) return;
    plansOf(vehicleType).then(
      // The plan starts at the one the motorist is on.
      (found) => (setPlans(found), setPlanId((current) => current || (found.find((p) => p.name === currentPlan) ?? found[0])?.id || '')),
      (failure: Error) => setError(fromServer(failure.message)),
    );
  }, [vehicleType, currentPlan]);
  const [banks, setBanks] = useState<Bank[] | null>(null);
  useEffect(() => {
    if (mode !== 'cash' && !banks) banksOf().then(setBanks, () => setBanks([]));
  }, [mode, banks]);

  const plan = plans?.find((p) => p.id === planId);
  const penaltyAmount = Number(amount);
  const amountProblem = what === 'penalty' ? penaltyProblem(amount, owed) : undefined;

  async function confirmPayment() {
    if (what === 'subscription' && !plan) return setError(t('collect.choosePlan'));
    if (amountProblem) return setError(amountProblem);
    if (mode === 'cash' && cashPaused) return setError(fromServer(cashPaused.message));
    if (mode !== 'cash' && !bankName.trim()) return setError(t('collect.chooseBank'));
    const badReference = referenceProblem(mode, reference);
    if (badReference) return setError(badReference);
    const total = what === 'subscription' ? plan!.price : penaltyAmount;
    const paidFor =
      what === 'subscription'
        ? t('collect.paidFor.subscription', { plan: tOr(`plan.${plan!.name}`, plan!.name), vehicle: tOr(`vehicle.${plan!.vehicleType}`, plan!.vehicleType) })
        : t('collect.paidFor.penalty');
    if (!confirm(t('collect.confirm', { amount: naira(total), mode: t(`mode.${mode}`), paidFor, who }))) return;
    setBusy(true);
    setError(undefined);
    try {
      const capturedAt = new Date().toISOString();
      const means = { modeOfPayment: mode, ...(mode === 'cash' ? {} : { bankName: bankName.trim(), reference: reference.trim() }), capturedAt };
      const label = `${naira(total)} ${paidFor} · ${who}`;
      const receipt = {
        amount: total,
        paidFor,
        payerName: payer.known ? payer.view.fullName : null,
        userCode: target.userCode ?? null,
        plateNumber: payer.known ? payer.view.plateNumber : (target.plateNumber ?? null),
        modeOfPayment: mode === 'cash' ? t('modeLabel.cash') : `${t(`modeLabel.${mode}`)} (${bankName.trim()})`,
        ...(mode === 'cash' ? {} : { reference: reference.trim() }),
        capturedAt,
      };
      const item =
        what === 'subscription'
          ? await enqueue({ key: newKey(), kind: 'subscription-payment', label, receipt, body: { ...target, subscriptionId: plan!.id, ...means } })
          : await enqueue({ key: newKey(), kind: 'penalty-payment', label, receipt, body: { ...target, amount: penaltyAmount, ...means } });
      if (item.state === 'refused') {
        // Refused while the remitter is here: said on the form, which keeps every entry; not left in the queue.
        await remove(item.key);
        onRefused();
        return setError(inReferenceWords(mode, fromServer(item.message ?? t('collect.refused'))));
      }
      onPaid({ item, ...receipt, agent });
    } catch (failure) {
      setError(fromServer((failure as Error).message));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="collect">
      <div className="payer">
        {payer.known ? (
          <>
            <b translate="no">{payer.view.fullName}</b>
            <span>
              {payer.view.plateNumber} · {tOr(`vehicle.${payer.view.vehicleType}`, payer.view.vehicleType)} · {payer.view.userCode}
            </span>
            <PayerStatus view={payer.view} />
            <span>{t('collect.owed', { amount: naira(payer.view.outstandingPayment) })}</span>
            {payer.view.registrationStatus !== 'approved' && (
              <span className="muted">{tOr(`verdict.registration.${payer.view.registrationStatus}`, payer.view.registrationStatus)}</span>
            )}
          </>
        ) : (
          <>
            <b>{payer.typed}</b>
            <div className="choices" role="group" aria-label={t('collect.whatTyped')}>
              {(['plate', 'code'] as const).map((kind) => (
                <button key={kind} className={typedKind === kind ? 'chosen' : ''} aria-pressed={typedKind === kind} onClick={() => setTypedKind(kind)}>
                  {kind === 'plate' ? t('common.plate') : t('common.uniqueId')}
                </button>
              ))}
            </div>
            <span className="muted">{t('collect.offline')}</span>
          </>
        )}
      </div>

      {!payer.known && (
        <fieldset>
          <legend>{t('common.vehicleType')}</legend>
          <div className="choices">
            {VEHICLE_TYPES.map((type) => (
              <button key={type} className={vehicleType === type ? 'chosen' : ''} onClick={() => setVehicleType(type)} aria-pressed={vehicleType === type}>
                {t(`vehicle.${type}`)}
              </button>
            ))}
          </div>
        </fieldset>
      )}

      <fieldset>
        <legend>{t('collect.payingFor')}</legend>
        <div className="choices">
          <button className={what === 'subscription' ? 'chosen' : ''} aria-pressed={what === 'subscription'} onClick={() => setWhat('subscription')}>
            {t('collect.subscription')}
          </button>
          <button className={what === 'penalty' ? 'chosen' : ''} aria-pressed={what === 'penalty'} onClick={() => setWhat('penalty')} disabled={owed === 0}>
            {t('collect.penalty')}
          </button>
        </div>
      </fieldset>

      {what === 'subscription' ? (
        <fieldset>
          <legend>{t('collect.plan')}</legend>
          {!vehicleType && <p className="muted">{t('collect.vehicleFirst')}</p>}
          {vehicleType && !plans && <p className="muted">{t('collect.loadingPlans')}</p>}
          {plans?.length === 0 && <p className="muted">{t('collect.noPlans', { vehicle: t(`vehicle.${vehicleType}`) })}</p>}
          <div className="choices column">
            {plans?.map((p) => (
              <button key={p.id} className={planId === p.id ? 'chosen' : ''} aria-pressed={planId === p.id} onClick={() => setPlanId(p.id)}>
                {tOr(`plan.${p.name}`, p.name)} · {naira(p.price)}
              </button>
            ))}
          </div>
        </fieldset>
      ) : (
        <label>
          {t('collect.amount')}
          {owed !== null ? ` · ${t('collect.atMost', { amount: naira(owed) })}` : ''}
          <input inputMode="decimal" value={amount} onChange={(e) => (setAmount(e.target.value), setError(undefined))} />
        </label>
      )}

      <fieldset>
        <legend>{t('collect.mode')}</legend>
        {cashPaused && <CashPaused paused={cashPaused} />}
        <div className="choices">
          {AGENT_MODES_OF_PAYMENT.map((m) => (
            <button
              key={m}
              className={mode === m ? 'chosen' : ''}
              aria-pressed={mode === m}
              disabled={m === 'cash' && cashPaused !== null}
              onClick={() => (setMode(m), setError(undefined))}
            >
              {t(`mode.${m}`)}
            </button>
          ))}
        </div>
      </fieldset>
      {mode !== 'cash' && (
        <label>
          {t('collect.bank')}
          {banks?.length ? (
            <select value={bankName} onChange={(e) => (setBankName(e.target.value), setError(undefined))}>
              <option value="">{t('collect.bankChoose')}</option>
              {banks.map((bank) => (
                <option key={bank.code} value={bank.name}>
                  {bank.name}
                </option>
              ))}
            </select>
          ) : (
            // No list on the phone yet (offline since install): the bank as the motorist names it.
            <input value={bankName} onChange={(e) => (setBankName(e.target.value), setError(undefined))} placeholder={banks ? '' : t('collect.loadingBanks')} />
          )}
        </label>
      )}
      {mode !== 'cash' && (
        <label>
          {referenceLabel(mode)}
          <input value={reference} onChange={(e) => (setReference(e.target.value), setError(undefined))} autoComplete="off" autoCapitalize="characters" />
        </label>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button className="primary" onClick={() => void confirmPayment()} disabled={busy}>
        {busy ? t('collect.recording') : t('collect.confirmButton')}
      </button>
      <button className="secondary" onClick={onCancel}>
        {t('common.cancel')}
      </button>
    </section>
  );
}

/** The motorist's status as the verdict words it: "not paid yet" (not GRACE) for a registrant who never paid. */
function PayerStatus({ view }: { view: FieldMotoristView }) {
  const unpaid = !view.everPaid && view.subscriptionStatus !== 'expired';
  return (
    <span className={`status ${unpaid ? 'unpaid' : view.subscriptionStatus}`}>
      {unpaid ? t('status.unpaid') : t(`status.${view.subscriptionStatus}`)} · {unpaid ? t('status.firstDue') : t('status.expires')} {dateOnly(view.expiresAt)}
    </span>
  );
}
