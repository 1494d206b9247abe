import { REVERSAL_MESSAGES, reversalEndpoints } from '@eticket/contracts';
import { requireUser } from '../../platform/http/auth.ts';
import { implement } from '../../platform/http/endpoints.ts';
import { approvalSent, type ApprovalGate } from '../approvals/index.ts';
import type { ReversalsService } from './service.ts';

/** POST /api/payment/{id}/reverse (declared in contracts/endpoints/reversals/endpoints.ts). */
export function reversalRoutes(service: ReversalsService, approvals: ApprovalGate) {
  return [
    implement(reversalEndpoints.reverse, async (request, reply) => {
      const user = requireUser(request);
      const sent = await approvals.submit('payment-reversal', user, { paymentId: request.params.id, reason: request.body.reason }, request.body.reason);
      if (sent) return approvalSent(reply, sent);
      return { message: REVERSAL_MESSAGES.reversed, data: await service.reverse(user, request.params.id, request.body.reason) };
    }),
  ];
}
