import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../platform/http/errors.ts';
import { approvalKind } from '../approvals/index.ts';
import { suspenseList } from './list.ts';
import type { CreditPayment } from './online-credit.ts';
import { assignSuspenseItem, refundSuspenseItem } from './resolve.ts';

const books = { capability: 'books', access: 'write' } as const;

/** Assigning or refunding a suspense item: requests a second person approves (docs/approvals.md). */
export function suspenseApprovalKinds(deps: { clock: Clock; credit: CreditPayment }) {
  async function itemOf(db: Parameters<typeof suspenseList>[0], itemId: string) {
    const item = await suspenseList(db).lookup(itemId);
    if (!item) throw notFound('No suspense item has this id');
    return { reference: item.reference, amount: item.amount, status: item.status };
  }

  const assign = approvalKind({
    name: 'suspense-assign',
    make: books,
    check: books,
    payload: z.object({
      itemId: z.string(),
      userCode: z.string(),
      kind: z.enum(['subscription', 'penalty']),
      subscriptionId: z.string().optional(),
      note: z.string(),
    }),
    async describe(db, payload) {
      const item = await itemOf(db, payload.itemId);
      return {
        subject: `Suspense item ${item.reference}`,
        before: item,
        after: { ...item, status: 'assigned', userCode: payload.userCode, paysFor: payload.kind },
      };
    },
    apply: (tx, payload, { maker }) =>
      assignSuspenseItem(tx, deps.credit, {
        itemId: payload.itemId,
        actorId: maker.id,
        userCode: payload.userCode,
        kind: payload.kind,
        planId: payload.subscriptionId,
        note: payload.note,
        at: deps.clock.now(),
      }),
  });

  const refund = approvalKind({
    name: 'suspense-refund',
    make: books,
    check: books,
    payload: z.object({ itemId: z.string(), refundReference: z.string(), note: z.string() }),
    async describe(db, payload) {
      const item = await itemOf(db, payload.itemId);
      return { subject: `Suspense item ${item.reference}`, before: item, after: { ...item, status: 'refunded', refundReference: payload.refundReference } };
    },
    apply: (tx, payload, { maker }) =>
      refundSuspenseItem(tx, { itemId: payload.itemId, actorId: maker.id, refundReference: payload.refundReference, note: payload.note, at: deps.clock.now() }),
  });

  return [assign, refund];
}
