import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  TICKET_MESSAGES,
  idParam,
  messageResponse,
  pauseSubscriptionRequest,
  plan,
  planCreateRequest,
  planListQuery,
  planUpdateRequest,
  subscriptionActionResponse,
} from '@eticket/contracts';
import { z } from 'zod';
import { requireUser } from '../../platform/http/auth.ts';
import type { SubscriptionsService } from './service.ts';

/** Subscription plans (POST/GET/PATCH/DELETE /api/subscription) and pause/resume of a motorist's subscription. */
export function subscriptionRoutes(service: SubscriptionsService) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const tags = ['subscriptions'];

    app.post(
      '/api/subscription',
      {
        config: { permission: { capability: 'subscriptions', access: 'write' } },
        schema: { tags, body: planCreateRequest, response: { 201: z.object({ message: z.string(), data: plan }) } },
      },
      async (request, reply) => reply.code(201).send({ message: TICKET_MESSAGES.planCreated, data: await service.createPlan(requireUser(request), request.body) }),
    );

    // Staff who manage plans, registrars (a motorist registers for a plan) and remitters (who take payments).
    app.get(
      '/api/subscription',
      {
        config: { permission: { capability: ['subscriptions', 'motorists', 'field-payment'], access: 'read' } },
        schema: { tags, querystring: planListQuery, response: { 200: z.object({ data: z.array(plan) }) } },
      },
      async (request) => ({ data: await service.listPlans(request.query.types) }),
    );

    app.patch(
      '/api/subscription/:id',
      {
        config: { permission: { capability: 'subscriptions', access: 'write' } },
        schema: { tags, params: idParam, body: planUpdateRequest, response: { 200: z.object({ message: z.string(), data: plan }) } },
      },
      async (request) => ({ message: TICKET_MESSAGES.planUpdated, data: await service.updatePlan(requireUser(request), request.params.id, request.body) }),
    );

    app.delete(
      '/api/subscription/:id',
      {
        config: { permission: { capability: 'subscriptions', access: 'write' } },
        schema: {
          tags,
          description: 'Retires the plan: it can no longer be paid for; subscriptions and payments that name it keep their history.',
          params: idParam,
          response: { 200: messageResponse },
        },
      },
      async (request) => {
        await service.deletePlan(requireUser(request), request.params.id);
        return { message: TICKET_MESSAGES.planDeleted };
      },
    );

    // Pause and resume: super-admin and admin (spec section 6). id: the subscription's, or its motorist's.
    app.patch(
      '/api/subscription/pause/:id',
      {
        config: { permission: { capability: 'subscriptions', access: 'write' } },
        schema: {
          tags,
          description: 'Pauses the subscription (its remaining time is frozen). The body may say why ({ reason }); the audit log keeps it.',
          params: idParam,
          body: pauseSubscriptionRequest,
          response: { 200: subscriptionActionResponse },
        },
      },
      async (request) => ({ message: TICKET_MESSAGES.paused, data: await service.pause(requireUser(request), request.params.id, request.body.reason) }),
    );

    app.patch(
      '/api/subscription/resume/:id',
      {
        config: { permission: { capability: 'subscriptions', access: 'write' } },
        schema: { tags, params: idParam, response: { 200: subscriptionActionResponse } },
      },
      async (request) => ({ message: TICKET_MESSAGES.resumed, data: await service.resume(requireUser(request), request.params.id) }),
    );
  };
}
