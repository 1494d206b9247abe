import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { toNaira } from '../../domain/money.ts';
import { notFound } from '../../platform/http/errors.ts';
import { approvalKind } from '../approvals/index.ts';
import { reversalQueries } from './repository.ts';
import { reversePayment } from './service.ts';

const books = { capability: 'books', access: 'write' } as const;

/** Reversing a payment recorded in error: a request a second person approves (docs/approvals.md). */
export function reversalApprovalKinds(clock: Clock) {
  const reversal = approvalKind({
    name: 'payment-reversal',
    make: books,
    check: books,
    payload: z.object({ paymentId: z.string(), reason: z.string() }),
    async describe(db, payload) {
      const payment = await reversalQueries(db).payment(payload.paymentId, false);
      if (!payment) throw notFound('No payment has that id');
      const shown = { receiptNo: payment.receiptNo, kind: payment.kind, amount: toNaira(payment.amountKobo) };
      return { subject: `Payment ${payment.receiptNo}`, before: { ...shown, status: payment.status }, after: { ...shown, status: 'reversed' } };
    },
    apply: (tx, payload, { maker }) => reversePayment(tx, { paymentId: payload.paymentId, reason: payload.reason, actorId: maker.id, at: clock.now() }),
  });
  return [reversal];
}
