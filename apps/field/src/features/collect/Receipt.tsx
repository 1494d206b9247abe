import { useEffect, useState } from 'react';
import type { PaymentResponse } from '@eticket/contracts';
import { dateOnly, dateTime, naira } from '../../lib/format.ts';
import type { AgentCard } from '../../lib/profile.ts';
import { db, type QueueItem } from '../queue/db.ts';
import { subscribeQueue } from '../queue/queue.ts';

export interface ReceiptView {
  item: QueueItem;
  amount: number;
  paidFor: string;
  payerName: string | null;
  userCode: string;
  modeOfPayment: string;
  capturedAt: string;
  agent: AgentCard | null;
}


function linesOf(receipt: ReceiptView, answer: PaymentResponse['data'] | null): [string, string][] {
  return [
    ['Receipt no.', answer ? answer.payment.receiptNo : 'Given when sent'],
    ['Amount', naira(receipt.amount)],
    ['For', receipt.paidFor],
    ['Motorist', `${receipt.payerName ?? answer?.payment.motorist.fullName ?? ''} (${receipt.userCode})`],
    ['Mode', receipt.modeOfPayment],
    ['New expiry', answer ? dateOnly(answer.ticketSubscription.subscriptionExpiryDate) : '—'],
    ['Collected by', receipt.agent ? `${receipt.agent.fullName} (${receipt.agent.userCode})` : ''],
    ['Date', dateTime(receipt.capturedAt)],
  ];
}

/** A payment's receipt: on screen, shared (Web Share) or printed on a 58 mm thermal printer. */
export function Receipt({ receipt, onDone }: { receipt: ReceiptView; onDone: () => void }) {
  const [item, setItem] = useState(receipt.item);
  useEffect(() => subscribeQueue(() => void db.queue.get(receipt.item.key).then((found) => found && setItem(found))), [receipt.item.key]);
  const answer = item.state === 'done' ? (item.result as PaymentResponse).data : null;
  const lines = linesOf(receipt, answer);
  const text = ['E-Ticketing receipt', ...lines.map(([label, value]) => `${label}: ${value}`)].join('\n');

  return (
    <section className="receipt-screen">
      <article className="receipt" aria-label="Receipt">
        <h2>E-Ticketing</h2>
        <p className="center">Transport levy receipt</p>
        {!answer && <p className="provisional">{item.state === 'refused' ? `Refused: ${item.message}` : 'Not sent yet: kept on the phone.'}</p>}
        <dl>
          {lines.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </article>
      <div className="no-print actions">
        {'share' in navigator && (
          <button className="secondary" onClick={() => void navigator.share({ title: 'E-Ticketing receipt', text }).catch(() => undefined)}>
            Share
          </button>
        )}
        <button className="secondary" onClick={() => print()}>
          Print
        </button>
        <button className="primary" onClick={onDone}>
          Next payment
        </button>
      </div>
    </section>
  );
}
