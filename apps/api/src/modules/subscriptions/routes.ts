import { TICKET_MESSAGES, subscriptionEndpoints } from '@eticket/contracts';
import { requireUser } from '../../platform/http/auth.ts';
import { implement } from '../../platform/http/endpoints.ts';
import type { SubscriptionsService } from './service.ts';

/** Subscription plans and pause/resume of a motorist's subscription (declared in contracts/endpoints/subscriptions/endpoints.ts). */
export function subscriptionRoutes(service: SubscriptionsService) {
  return [
    implement(subscriptionEndpoints.createPlan, async (request) => ({
      message: TICKET_MESSAGES.planCreated,
      data: await service.createPlan(requireUser(request), request.body),
    })),
    implement(subscriptionEndpoints.plans, async (request) => ({ data: await service.plans(request.query.types) })),
    implement(subscriptionEndpoints.updatePlan, async (request) => ({
      message: TICKET_MESSAGES.planUpdated,
      data: await service.updatePlan(requireUser(request), request.params.id, request.body),
    })),
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
