import { TICKET_MESSAGES, penaltyEndpoints } from '@eticket/contracts';
import { requireUser } from '../../platform/http/auth.ts';
import { implement } from '../../platform/http/endpoints.ts';
import { approvalSent, type ApprovalGate } from '../approvals/index.ts';
import type { PenaltiesService } from './service.ts';

/** Penalty charges (one per vehicle type), one motorist's outstanding penalty and its changes (declared in contracts/endpoints/penalties/endpoints.ts). */
export function penaltyRoutes(service: PenaltiesService, approvals: ApprovalGate) {
  return [
    implement(penaltyEndpoints.createCharge, async (request) => ({
      message: TICKET_MESSAGES.penaltyCreated,
      data: await service.createCharge(requireUser(request), request.body),
    })),
    implement(penaltyEndpoints.charges, async () => ({ data: await service.charges() })),
    implement(penaltyEndpoints.updateCharge, async (request, reply) => {
      const user = requireUser(request);
      const sent = await approvals.submit('penalty-charge-price', user, { id: request.params.id, ...request.body }, request.body.reason);
      if (sent) return approvalSent(reply, sent);
      return { message: TICKET_MESSAGES.penaltyUpdated, data: await service.updateCharge(user, request.params.id, request.body) };
    }),
    implement(penaltyEndpoints.setOutstanding, async (request, reply) => {
      const user = requireUser(request);
      const sent = await approvals.submit('penalty-waive', user, request.body, request.body.reason);
      if (sent) return approvalSent(reply, sent);
      return { message: TICKET_MESSAGES.specificPenaltyUpdated, data: await service.setOutstanding(user, request.body) };
    }),
    implement(penaltyEndpoints.changes, async (request) => service.changes(request.query)),
  ];
}
