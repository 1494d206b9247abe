import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { printedName, printedPlate, receiptCheckUrl, type PaymentResponse } from '@eticket/contracts';
import { dateOnly, dateTime, naira } from '../../lib/format.ts';
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
    ['Receipt no.', answer?.payment.receiptNo ?? receipt.receiptNo ?? 'Given when sent'],
    ['Amount', naira(receipt.amount)],
    ['For', receipt.paidFor],
    [
      'Motorist',
      `${printedName(receipt.payerName ?? answer?.payment.motorist.fullName ?? '')} (${receipt.userCode ?? answer?.payment.motorist.uniqueId ?? '—'})`,
    ],
    ['Plate number', plateOf(receipt, answer)],
    ['Mode', receipt.modeOfPayment],
    ...(receipt.reference ? ([['Reference', receipt.reference]] as [string, string][]) : []),
    ['New expiry', answer ? dateOnly(answer.ticketSubscription.subscriptionExpiryDate) : '—'],
    ['Collected by', receipt.agent ? `${printedName(receipt.agent.fullName)} (${receipt.agent.userCode})` : ''],
    ['Date', dateTime(receipt.capturedAt)],
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
      <p className="center">{text.official ? 'Official receipt' : 'Provisional receipt'}</p>
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
          {text.qrDataUrl && <img src={text.qrDataUrl} alt={`QR code of ${text.checkUrl}`} />}
          <p>
            Scan to check this receipt is genuine:
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
export function Receipt({ receipt, onDone, doneLabel = 'Next payment' }: { receipt: ReceiptView; onDone: () => void; doneLabel?: string }) {
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
    provisionalNote: item?.state === 'refused' ? `Refused: ${item.message}` : 'Not sent yet: kept on the phone.',
    checkUrl,
    qrDataUrl: useQrCode(checkUrl),
  };
  const shared = [
    `${links.levyName} receipt`,
    ...text.lines.map(([label, value]) => `${label}: ${value}`),
    ...(checkUrl ? [`Check it: ${checkUrl}`] : []),
  ].join('\n');

  return (
    <section className="receipt-screen">
      <article className="receipt" aria-label="Receipt">
        <ReceiptBody text={text} />
      </article>
      <RollCopy text={text} />
      <div className="actions">
        {'share' in navigator && (
          <button className="secondary" onClick={() => void navigator.share({ title: `${links.levyName} receipt`, text: shared }).catch(() => undefined)}>
            Share
          </button>
        )}
        <button className="secondary" onClick={() => print()}>
          Print
        </button>
        <button className="primary" onClick={onDone}>
          {doneLabel}
        </button>
      </div>
    </section>
  );
}
