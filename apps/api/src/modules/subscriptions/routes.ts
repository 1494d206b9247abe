import { TICKET_MESSAGES, subscriptionEndpoints } from '@eticket/contracts';
import { requireUser } from '../../platform/http/auth.ts';
import { implement } from '../../platform/http/endpoints.ts';
import { approvalSent, type ApprovalGate } from '../approvals/index.ts';
import type { SubscriptionsService } from './service.ts';

/** Subscription plans and pause/resume of a motorist's subscription (declared in contracts/endpoints/subscriptions/endpoints.ts). */
export function subscriptionRoutes(service: SubscriptionsService, approvals: ApprovalGate) {
  return [
    implement(subscriptionEndpoints.createPlan, async (request) => ({
      message: TICKET_MESSAGES.planCreated,
      data: await service.createPlan(requireUser(request), request.body),
    })),
    implement(subscriptionEndpoints.plans, async (request) => ({ data: await service.plans(request.query.types) })),
    implement(subscriptionEndpoints.updatePlan, async (request, reply) => {
      const user = requireUser(request);
      const sent = await approvals.submit('plan-price', user, { id: request.params.id, ...request.body }, request.body.reason);
      if (sent) return approvalSent(reply, sent);
      return { message: TICKET_MESSAGES.planUpdated, data: await service.updatePlan(user, request.params.id, request.body) };
    }),
    implement(subscriptionEndpoints.deletePlan, async (request) => {
      await service.deletePlan(requireUser(request), request.params.id);
      return { message: TICKET_MESSAGES.planDeleted };
    }),
    implement(subscriptionEndpoints.pause, async (request) => ({
      message: TICKET_MESSAGES.paused,
      data: await service.pause(requireUser(request), request.params.id, request.body.reason),
    })),
    implement(subscriptionEndpoints.resume, async (request) => ({
      message: TICKET_MESSAGES.resumed,
      data: await service.resume(requireUser(request), request.params.id),
    })),
  ];
}
