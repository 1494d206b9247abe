import type { FastifyReply, FastifyRequest } from 'fastify';
import { TILL_CLOSE_FILE_FIELDS, TILL_MESSAGES, tillCloseRequest, tillEndpoints } from '@eticket/contracts';
import { requireUser } from '../../platform/http/auth.ts';
import { implement } from '../../platform/http/endpoints.ts';
import { parseOrRefuse } from '../../platform/http/errors.ts';
import { readMultipartForm } from '../../platform/http/multipart.ts';
import { sendIdempotent } from '../../platform/idempotency/index.ts';
import { approvalSent, type ApprovalGate } from '../approvals/index.ts';
import type { TillService } from './service.ts';

/** The remitter's till and its close (field app), and the close's decision (console). */
export function tillRoutes(service: TillService, approvals: ApprovalGate) {
  async function close(request: FastifyRequest<{ Headers: { 'idempotency-key': string } }>, reply: FastifyReply) {
    const form = await readMultipartForm(request, TILL_CLOSE_FILE_FIELDS);
    const input = parseOrRefuse(tillCloseRequest, form.fields);
    const result = await service.closeTill(requireUser(request), request.headers['idempotency-key'], input, form.files.get('slip'));
    return sendIdempotent(reply, result);
  }

  return [
    implement(tillEndpoints.fieldTill, async (request) => ({ data: await service.fieldTill(requireUser(request).id) })),
    implement(tillEndpoints.closeTill, close),
    implement(tillEndpoints.approveClose, async (request, reply) => {
      const user = requireUser(request);
      const { reason } = request.body;
      const sent = await approvals.submit('till-shortage-writeoff', user, { closeId: request.params.id, reason }, reason);
      if (sent) return approvalSent(reply, sent);
      return { message: TILL_MESSAGES.approved, data: await service.approveClose(user, request.params.id, reason) };
    }),
    implement(tillEndpoints.rejectClose, async (request) => ({
      message: TILL_MESSAGES.rejected,
      data: await service.rejectClose(requireUser(request), request.params.id, request.body.reason),
    })),
  ];
}
