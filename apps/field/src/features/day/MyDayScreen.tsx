import { useEffect, useState, type ReactNode } from 'react';
import type { MyDay, PaymentResponse } from '@eticket/contracts';
import { fieldEndpoints } from '@eticket/contracts';
import { ApiError } from '@eticket/client';
import { call } from '../../lib/api.ts';
import { naira } from '../../lib/format.ts';
import { dateTime, fromServer, t, tOr } from '../../lib/i18n.ts';
import { loadAgent } from '../../lib/profile.ts';
import { db } from '../../lib/outbox/index.ts';
import { Receipt, type ReceiptView } from '../collect/index.ts';
import { TillCard, useTill, type KeptTill } from '../till/index.ts';

type DayItem = MyDay['recent'][number];

/**
 * A payment of the day as a receipt: the phone's own item when it still holds it (the receipt as it
 * was printed, plan and new expiry included), else what the server says of it.
 */
async function receiptOf(item: DayItem & { receiptNo: string }): Promise<ReceiptView> {
  const agent = await loadAgent();
  const kept = await db.queue
    .where('state')
    .equals('done')
    .filter((queued) => 'receipt' in queued && (queued.result as PaymentResponse | undefined)?.data?.payment.receiptNo === item.receiptNo)
    .first();
  if (kept && 'receipt' in kept && kept.receipt) return { ...kept.receipt, item: kept, agent };
  const paidFor = item.kind === 'penalty-payment' ? t('collect.paidFor.penalty') : t('day.subscription');
  return {
    amount: item.amount,
    paidFor,
    payerName: item.fullName,
    userCode: item.userCode,
    plateNumber: item.plateNumber,
    modeOfPayment: item.detail,
    capturedAt: item.at,
    receiptNo: item.receiptNo,
    agent,
  };
}

/**
 * Whether the day's cash amount is kept from the remitter: while a till is open, closing or reopened
 * (the count is blind), or while the phone does not know.
 */
function blindCount(kept: KeptTill | null): boolean {
  return !kept || kept.till.till !== null || kept.till.pendingClose !== null || kept.till.rejected !== null;
}

export function MyDayScreen({ role }: { role: string }) {
  if (role === 'remitter') return <RemitterDay />;
  return <Day role={role} blind={false} />;
}

function RemitterDay() {
  const till = useTill();
  return <Day role="remitter" blind={blindCount(till.kept)} till={<TillCard state={till} />} />;
}

function Day({ role, blind, till }: { role: string; blind: boolean; till?: ReactNode }) {
  const [day, setDay] = useState<MyDay | null>(null);
  const [error, setError] = useState<string>();
  const [receipt, setReceipt] = useState<ReceiptView | null>(null);

  useEffect(() => {
    call(fieldEndpoints.myDay).then(
      ({ data }) => setDay(data),
      // A read is not kept for later: without network the day's figures simply wait for it.
      (failure: Error) => setError(failure instanceof ApiError && failure.retryable ? t('day.noNetwork') : fromServer(failure.message)),
    );
  }, []);

  if (receipt) return <Receipt receipt={receipt} onDone={() => setReceipt(null)} doneLabel={t('day.back')} />;
  // The till stays at hand without network (its close is queued like a payment); the day's figures need the server.
  if (error || !day) {
    return (
      <section className="day">
        {till}
        {error ? <p className="error">{error}</p> : <p className="muted">{t('common.loading')}</p>}
      </section>
    );
  }
  return (
    <section className="day">
      <h2>
        {t('tab.day')} · {day.day}
      </h2>
      {till}
      {role === 'enforcer' ? (
        <div className="figures">
          <Figure label={t('day.scans')} value={String(day.scans.count)} />
          <Figure label={t('day.penalties')} value={`${day.scans.penaltiesAdded} · ${naira(day.scans.penaltyAmount)}`} />
        </div>
      ) : (
        <>
          {blind ? (
            // The till is counted blind: counts only, and the amounts of the other modes.
            <div className="figures">
              <Figure label={t('day.collections')} value={String(day.payments.count)} />
              <Figure label={t('day.cashCollections')} value={String(cashCount(day))} strong />
              <Figure label={t('day.otherModes')} value={naira(otherModes(day))} />
            </div>
          ) : (
            <div className="figures">
              <Figure label={t('day.collections')} value={String(day.payments.count)} />
              <Figure label={t('day.total')} value={amountOf(day.payments.total)} />
              <Figure label={t('day.cashToHandIn')} value={amountOf(day.payments.cashToHandIn)} strong />
            </div>
          )}
          <table>
            <tbody>
              {day.payments.byMode.map((mode) => (
                <tr key={mode.modeOfPayment}>
                  <th>{tOr(`mode.${mode.modeOfPayment}`, mode.modeOfPayment)}</th>
                  <td>{mode.count}</td>
                  {(blind && mode.modeOfPayment === 'cash') || mode.amount === null ? (
                    <td className="blind">{t('day.blind')}</td>
                  ) : (
                    <td>{naira(mode.amount)}</td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <h3>{t('day.latest')}</h3>
      {day.recent.length === 0 && <p className="muted">{t('day.nothing')}</p>}
      <ul className="recent">
        {day.recent.map((item) => (
          <li key={item.id}>
            <strong translate="no">{item.fullName}</strong> <small>{item.plateNumber ?? item.userCode}</small>
            <span>
              {item.kind === 'scan' ? item.detail : `${naira(item.amount)} · ${item.detail}`} · {dateTime(item.at)}
            </span>
            {item.receiptNo && (
              <button
                className="open-receipt"
                onClick={() => void receiptOf({ ...item, receiptNo: item.receiptNo! }).then(setReceipt)}
                aria-label={t('day.receipt', { no: item.receiptNo })}
              >
                {t('receipt.label')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The day's amount taken in modes other than cash (the server keeps the cash amount while the count is blind). */
const otherModes = (day: MyDay) => day.payments.byMode.reduce((sum, mode) => (mode.modeOfPayment === 'cash' ? sum : sum + (mode.amount ?? 0)), 0);
/** An amount the server may keep back (null while the till's count is blind). */
const amountOf = (amount: number | null) => (amount === null ? t('day.blind') : naira(amount));
const cashCount = (day: MyDay) => day.payments.byMode.find((mode) => mode.modeOfPayment === 'cash')?.count ?? 0;

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? 'figure strong' : 'figure'}>
      <small>{label}</small>
      <b>{value}</b>
    </div>
  );
}
