import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { printedName, printedPlate, receiptCheckUrl, type PaymentResponse } from '@eticket/contracts';
import { naira } from '../../lib/format.ts';
import { dateOnly, dateTime, fromServer, t } from '../../lib/i18n.ts';
import { keptLinks } from '../../lib/links.ts';
import type { AgentCard } from '../../lib/profile.ts';
import { db, type QueueItem, type ReceiptFacts, subscribeQueue } from '../../lib/outbox/index.ts';
import { useQrCode } from '../../lib/useQrCode.ts';
import { useRollPage } from '../../lib/useRollPage.ts';

/**
 * A receipt: of a payment on the phone (its queue item, followed until the server answers), or of
 * one the server recorded today (My day: its receipt number, without the new expiry).
 */
export type ReceiptView = ReceiptFacts & { agent: AgentCard | null } & ({ item: QueueItem; receiptNo?: never } | { item?: never; receiptNo: string });

/** The plate as typed or found on the phone, else the server's answer's (a payment taken offline by Unique ID). */
function plateOf(receipt: ReceiptView, answer: PaymentResponse['data'] | null): string {
  const plate = receipt.plateNumber ?? answer?.plateNumber;
  return plate ? printedPlate(plate) : '—';
}

function linesOf(receipt: ReceiptView, answer: PaymentResponse['data'] | null): [string, string][] {
  return [
    [t('receipt.no'), answer?.payment.receiptNo ?? receipt.receiptNo ?? t('receipt.noLater')],
    [t('receipt.amount'), naira(receipt.amount)],
    [t('receipt.for'), receipt.paidFor],
    [
      t('receipt.motorist'),
      `${printedName(receipt.payerName ?? answer?.payment.motorist.fullName ?? '')} (${receipt.userCode ?? answer?.payment.motorist.uniqueId ?? '—'})`,
    ],
    [t('common.plate'), plateOf(receipt, answer)],
    [t('receipt.mode'), receipt.modeOfPayment],
    ...(receipt.reference ? ([[t('receipt.reference'), receipt.reference]] as [string, string][]) : []),
    [t('receipt.newExpiry'), answer ? dateOnly(answer.ticketSubscription.subscriptionExpiryDate) : '—'],
    [t('receipt.collectedBy'), receipt.agent ? `${printedName(receipt.agent.fullName)} (${receipt.agent.userCode})` : ''],
    [t('receipt.date'), dateTime(receipt.capturedAt)],
  ];
}

interface ReceiptText {
  levyName: string;
  lines: [string, string][];
  /** Whether the server has the payment: the receipt is then official and can be checked. */
  official: boolean;
  provisionalNote: string;
  /** {PUBLIC_URL}/r/{receiptNo} once the receipt number is known, and its QR code. */
  checkUrl: string | null;
  qrDataUrl: string | null;
}

/** What a receipt says, on screen and on the roll alike. */
function ReceiptBody({ text }: { text: ReceiptText }) {
  return (
    <>
      <h2>{text.levyName}</h2>
      <p className="center">{text.official ? t('receipt.official') : t('receipt.provisional')}</p>
      {!text.official && <p className="provisional">{text.provisionalNote}</p>}
      <dl>
        {text.lines.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {text.checkUrl && (
        <div className="verify">
          {text.qrDataUrl && <img src={text.qrDataUrl} alt={t('receipt.qrAlt', { url: text.checkUrl })} />}
          <p>
            {t('receipt.check')}
            <br />
            {text.checkUrl}
          </p>
        </div>
      )}
    </>
  );
}

/** The receipt as a 58 mm thermal printer prints it: a copy at the roll's width, shown only in print. */
function RollCopy({ text }: { text: ReceiptText }) {
  const roll = useRef<HTMLDivElement>(null);
  const page = useRollPage(roll);
  return createPortal(
    <div className="receipt receipt-roll" ref={roll} aria-hidden="true">
      <style>{page}</style>
      <ReceiptBody text={text} />
    </div>,
    document.body,
  );
}

/** A payment's receipt: on screen, shared (Web Share) or printed on a 58 mm thermal printer. */
export function Receipt({ receipt, onDone, doneLabel = t('receipt.next') }: { receipt: ReceiptView; onDone: () => void; doneLabel?: string }) {
  const [item, setItem] = useState(receipt.item);
  const [links] = useState(keptLinks);
  const key = receipt.item?.key;
  useEffect(() => (key ? subscribeQueue(() => void db.queue.get(key).then((found) => found && setItem(found))) : undefined), [key]);
  const answer = item?.state === 'done' ? (item.result as PaymentResponse).data : null;
  const receiptNo = answer?.payment.receiptNo ?? receipt.receiptNo ?? null;
  const checkUrl = receiptNo ? receiptCheckUrl(links.publicUrl, receiptNo) : null;
  const text: ReceiptText = {
    levyName: links.levyName,
    lines: linesOf(receipt, answer),
    official: receiptNo !== null,
    provisionalNote: item?.state === 'refused' ? t('receipt.refused', { message: fromServer(item.message ?? '') }) : t('receipt.notSent'),
    checkUrl,
    qrDataUrl: useQrCode(checkUrl),
  };
  const shared = [
    t('receipt.shareTitle', { levy: links.levyName }),
    ...text.lines.map(([label, value]) => `${label}: ${value}`),
    ...(checkUrl ? [t('receipt.shareCheck', { url: checkUrl })] : []),
  ].join('\n');

  return (
    <section className="receipt-screen">
      <article className="receipt" aria-label={t('receipt.label')}>
        <ReceiptBody text={text} />
      </article>
      <RollCopy text={text} />
      <div className="actions">
        {'share' in navigator && (
          <button
            className="secondary"
            onClick={() => void navigator.share({ title: t('receipt.shareTitle', { levy: links.levyName }), text: shared }).catch(() => undefined)}
          >
            {t('receipt.share')}
          </button>
        )}
        <button className="secondary" onClick={() => print()}>
          {t('receipt.print')}
        </button>
        <button className="primary" onClick={onDone}>
          {doneLabel}
        </button>
      </div>
    </section>
  );
}
