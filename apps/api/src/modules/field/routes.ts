import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  fieldScanRequest,
  fieldScanResponse,
  idempotencyHeaders,
  optionalIdempotencyHeaders,
  paymentResponse,
  penaltyPaymentRequest,
  subscriptionPaymentRequest,
  TICKET_MESSAGES,
} from '@eticket/contracts';
import { requireUser } from '../../platform/http/auth.ts';
import type { FieldService } from './service.ts';

const REPLAYED_HEADER = 'idempotent-replayed';

const IDEMPOTENCY_HELP =
  'Requires an Idempotency-Key header (any unique text per payment, e.g. a UUID made on the device). ' +
  'A repeat with the same key answers the first result again (header Idempotent-Replayed: true) and records nothing new; ' +
  'the same key with a different body is refused with 422.';

/** The calls field agents make from their devices (they sign in with POST /api/login). */
export function fieldRoutes(service: FieldService) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const tags = ['field'];

    app.post(
      '/api/field/scan',
      {
        config: { permission: { capability: 'field-scan', access: 'write' }, leavesAccountsAlone: true },
        schema: {
          tags,
          description:
            "An enforcer scans a motorist's QR code (userCode), or types the plate (plateNumber). Writes a scan record as the subscription stood at capturedAt (the phone's time; unset: now; at most 5 minutes ahead and 72 hours back, FIELD_CAPTURE_MAX_AGE_HOURS); for an expired subscription adds the vehicle type's penalty charge to the outstanding payment, at most once per motorist per Lagos day of capture. location: where the phone was, when the agent allows it. An optional Idempotency-Key header makes a repeat answer the first result and record nothing new.",
          headers: optionalIdempotencyHeaders,
          body: fieldScanRequest,
          response: { 201: fieldScanResponse },
        },
      },
      async (request, reply) => {
        const result = await service.scan(requireUser(request), request.body, request.headers['idempotency-key']);
        return reply
          .code(201)
          .header(REPLAYED_HEADER, String(result.replayed))
          .send({ message: TICKET_MESSAGES.scanRecorded, data: result.body });
      },
    );

    app.post(
      '/api/field/subscription-payment',
      {
        config: { permission: { capability: 'field-payment', access: 'write' }, leavesAccountsAlone: true },
        schema: {
          tags,
          description: `A remitter records a subscription payment (subscriptionId: the plan's id) at the plan's price; the subscription is extended from max(capturedAt, its expiry); capturedAt: when the money was taken, by the phone (unset: now; at most 5 minutes ahead and 72 hours back). ${IDEMPOTENCY_HELP}`,
          headers: idempotencyHeaders,
          body: subscriptionPaymentRequest,
          response: { 201: paymentResponse },
        },
      },
      async (request, reply) => {
        const result = await service.paySubscription(requireUser(request), request.headers['idempotency-key'], request.body);
        return reply.code(result.statusCode as 201).header(REPLAYED_HEADER, String(result.replayed)).send(result.body);
      },
    );

    app.post(
      '/api/field/penalty-payment',
      {
        config: { permission: { capability: 'field-payment', access: 'write' }, leavesAccountsAlone: true },
        schema: {
          tags,
          description: `A remitter records a penalty payment (amount in naira); more than the motorist owes is refused. capturedAt: when the money was taken, by the phone (unset: now). ${IDEMPOTENCY_HELP}`,
          headers: idempotencyHeaders,
          body: penaltyPaymentRequest,
          response: { 201: paymentResponse },
        },
      },
      async (request, reply) => {
        const result = await service.payPenalty(requireUser(request), request.headers['idempotency-key'], request.body);
        return reply.code(result.statusCode as 201).header(REPLAYED_HEADER, String(result.replayed)).send(result.body);
      },
    );
  };
}
