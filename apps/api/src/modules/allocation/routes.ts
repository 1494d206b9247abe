import { ALLOCATION_MESSAGES, allocationEndpoints } from '@eticket/contracts';
import { requireUser } from '../../platform/http/auth.ts';
import { implement } from '../../platform/http/endpoints.ts';
import type { Clock } from '../../lib/clock.ts';
import { resolveRange } from '../../lists/date-range.ts';
import { approvalSent, type ApprovalGate } from '../approvals/index.ts';
import type { AllocationService } from './service.ts';

export function allocationRoutes(service: AllocationService, clock: Clock, approvals: ApprovalGate) {
  const range = (query: { startDate?: string; endDate?: string }) => resolveRange(query, clock.now());
  return [
    implement(allocationEndpoints.banks, async () => ({ data: await service.banks() })),
    implement(allocationEndpoints.accountName, async (request) => {
      const data = await service.accountName(request.query.bank_code, request.query.accountNumber);
      return { data, accountName: data.accountName };
    }),
    implement(allocationEndpoints.stakeholders, async () => service.stakeholders()),
    implement(allocationEndpoints.createStakeholder, async (request) => ({
      data: await service.createStakeholder(requireUser(request), request.body),
      message: ALLOCATION_MESSAGES.stakeholderCreated,
    })),
    implement(allocationEndpoints.updatePercentage, async (request, reply) => {
      const user = requireUser(request);
      const { percentage, reason } = request.body;
      const sent = await approvals.submit('stakeholder-percentage', user, { id: request.params.id, percentage }, reason);
      if (sent) return approvalSent(reply, sent);
      return { data: await service.updatePercentage(user, request.params.id, percentage), message: ALLOCATION_MESSAGES.stakeholderUpdated };
    }),
    implement(allocationEndpoints.stakeholder, async (request) => ({ data: await service.stakeholder(request.params.id, range(request.query)) })),
    implement(allocationEndpoints.payouts, async (request) =>
      service.payouts(request.params.id, range(request.query), request.query.page, request.query.limit),
    ),
    implement(allocationEndpoints.recordPayout, async (request, reply) => {
      const user = requireUser(request);
      const sent = await approvals.submit('payout', user, { stakeholderId: request.params.id, ...request.body }, request.body.reason);
      if (sent) return approvalSent(reply, sent);
      return { data: await service.recordPayout(user, request.params.id, request.body), message: ALLOCATION_MESSAGES.payoutRecorded };
    }),
    implement(allocationEndpoints.allocation, async (request) => service.allocation(range(request.query))),
  ];
}
