import { onlineAccountEndpoints, paginatorOf } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../../lib/clock.ts';
import { requireUser } from '../../platform/http/auth.ts';
import { implement } from '../../platform/http/endpoints.ts';
import { notFound } from '../../platform/http/errors.ts';
import { approvalSent, type ApprovalGate } from '../approvals/index.ts';
import { suspenseList } from './list.ts';
import type { CreditPayment } from './online-credit.ts';
import { assignSuspenseItem, refundSuspenseItem } from './resolve.ts';

/** The Suspense page's calls: the list, assign, refund; each action one transaction. */
export function suspenseRoutes(deps: { db: Database; clock: Clock; credit: CreditPayment; approvals: ApprovalGate }) {
  const { db, clock } = deps;
  const list = suspenseList(db);
  const answer = async (id: string, message: string) => {
    const data = await list.lookup(id);
    if (!data) throw notFound('No suspense item has this id');
    return { message, data };
  };
  return [
    implement(onlineAccountEndpoints.suspenseList, async (request) => {
      const { page, limit, status } = request.query;
      const { rows, total } = await list.page({ status }, { offset: (page - 1) * limit, limit });
      return { data: rows, paginator: paginatorOf(page, limit, total) };
    }),
    implement(onlineAccountEndpoints.assignSuspense, async (request, reply) => {
      const { userCode, kind, subscriptionId, note } = request.body;
      const payload = { itemId: request.params.id, userCode, kind, subscriptionId, note };
      const sent = await deps.approvals.submit('suspense-assign', requireUser(request), payload, note);
      if (sent) return approvalSent(reply, sent);
      const paid = await db.transaction((tx) =>
        assignSuspenseItem(tx, deps.credit, {
          itemId: request.params.id,
          actorId: requireUser(request).id,
          userCode,
          kind,
          planId: subscriptionId,
          note,
          at: clock.now(),
        }),
      );
      return answer(request.params.id, `Assigned: receipt ${paid.receiptNo}`);
    }),
    implement(onlineAccountEndpoints.refundSuspense, async (request, reply) => {
      const { refundReference, note } = request.body;
      const sent = await deps.approvals.submit('suspense-refund', requireUser(request), { itemId: request.params.id, refundReference, note }, note);
      if (sent) return approvalSent(reply, sent);
      await db.transaction((tx) =>
        refundSuspenseItem(tx, { itemId: request.params.id, actorId: requireUser(request).id, refundReference, note, at: clock.now() }),
      );
      return answer(request.params.id, 'Refund recorded');
    }),
  ];
}
