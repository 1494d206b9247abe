import { APPROVAL_MESSAGES, approvalEndpoints } from '@eticket/contracts';
import { requireUser } from '../../platform/http/auth.ts';
import { implement } from '../../platform/http/endpoints.ts';
import type { ApprovalsService } from './service.ts';

/** The Approvals page's calls (declared in contracts/endpoints/approvals/endpoints.ts). */
export function approvalRoutes(service: ApprovalsService) {
  return [
    implement(approvalEndpoints.list, async (request) => service.list(requireUser(request), request.query)),
    implement(approvalEndpoints.count, async (request) => ({ data: { pending: await service.pendingCount(requireUser(request)) } })),
    implement(approvalEndpoints.approve, async (request) => ({
      message: APPROVAL_MESSAGES.approved,
      data: await service.approve(requireUser(request), request.params.id, request.body.comment),
    })),
    implement(approvalEndpoints.reject, async (request) => ({
      message: APPROVAL_MESSAGES.rejected,
      data: await service.reject(requireUser(request), request.params.id, request.body.comment),
    })),
  ];
}
