import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  TICKET_MESSAGES,
  penaltyEndpoints,
  idParam,
  penaltyCharge,
  penaltyChargeCreateRequest,
  penaltyChargeUpdateRequest,
  specificPenaltyRequest,
  ticketSubscription,
} from '@eticket/contracts';
import { z } from 'zod';
import { requireUser } from '../../platform/http/auth.ts';
import { implement } from '../../platform/http/endpoints.ts';
import type { PenaltiesService } from './service.ts';

/** Penalty charges (one per vehicle type) and altering one motorist's outstanding penalty. */
export function penaltyRoutes(service: PenaltiesService) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const tags = ['penalties'];

    app.post(
      '/api/penalty',
      {
        config: { permission: { capability: 'penalty', access: 'write' } },
        schema: { tags, body: penaltyChargeCreateRequest, response: { 201: z.object({ message: z.string(), data: penaltyCharge }) } },
      },
      async (request, reply) =>
        reply.code(201).send({ message: TICKET_MESSAGES.penaltyCreated, data: await service.createCharge(requireUser(request), request.body) }),
    );

    // Staff who manage penalties, and the field agents who apply or collect them.
    app.get(
      '/api/penalty',
      {
        config: { permission: { capability: ['penalty', 'field-scan', 'field-payment'], access: 'read' } },
        schema: { tags, response: { 200: z.object({ data: z.array(penaltyCharge) }) } },
      },
      async () => ({ data: await service.listCharges() }),
    );

    app.patch(
      '/api/penalty/:id',
      {
        config: { permission: { capability: 'penalty', access: 'write' } },
        schema: { tags, params: idParam, body: penaltyChargeUpdateRequest, response: { 200: z.object({ message: z.string(), data: penaltyCharge }) } },
      },
      async (request) => ({ message: TICKET_MESSAGES.penaltyUpdated, data: await service.updateCharge(requireUser(request), request.params.id, request.body) }),
    );

    app.post(
      '/api/specificPenalty',
      {
        config: { permission: { capability: 'penalty', access: 'write' } },
        schema: {
          tags,
          description:
            "Sets a motorist's outstanding penalty: subID (or id) names the subscription (or its motorist), price is in naira (0 clears it), " +
            'reason (optional) says why. Raising it above the ceiling (the setting penalty_ceiling_multiple, 10 unless changed, × the ' +
            "penalty charge of the motorist's vehicle type) is refused with 400.",
          body: specificPenaltyRequest,
          response: { 200: z.object({ message: z.string(), data: ticketSubscription }) },
        },
      },
      async (request) => ({
        message: TICKET_MESSAGES.specificPenaltyUpdated,
        data: await service.setOutstanding(requireUser(request), request.body),
      }),
    );
  };
}

/** The penalty routes declared as data (packages/contracts/src/endpoints/penalties.ts). */
export function penaltyEndpointRoutes(service: PenaltiesService) {
  return [implement(penaltyEndpoints.changes, async (request) => service.changesOf(request.query))];
}
