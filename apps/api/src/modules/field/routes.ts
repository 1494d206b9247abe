import { fieldEndpoints, TICKET_MESSAGES } from '@eticket/contracts';
import { requireUser } from '../../platform/http/auth.ts';
import { implement } from '../../platform/http/endpoints.ts';
import { sendIdempotent } from '../../platform/idempotency/index.ts';
import { recordBatch } from './batch.ts';
import type { FieldService } from './service.ts';

/** The writes field agents make from their phones (declared in contracts/endpoints/field/endpoints.ts). */
export function fieldRoutes(service: FieldService) {
  return [
    implement(fieldEndpoints.scan, async (request, reply) => {
      const result = await service.scan(requireUser(request), request.body, request.headers['idempotency-key']);
      return sendIdempotent(reply, result, { message: TICKET_MESSAGES.scanRecorded, data: result.body });
    }),
    implement(fieldEndpoints.subscriptionPayment, async (request, reply) =>
      sendIdempotent(reply, await service.subscriptionPayment(requireUser(request), request.headers['idempotency-key'], request.body)),
    ),
    implement(fieldEndpoints.penaltyPayment, async (request, reply) =>
      sendIdempotent(reply, await service.penaltyPayment(requireUser(request), request.headers['idempotency-key'], request.body)),
    ),
    implement(fieldEndpoints.batch, async (request) => ({
      data: { results: await recordBatch(service, requireUser(request), request.body.items, request.log) },
    })),
  ];
}
