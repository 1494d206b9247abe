import type { FastifyInstance, FastifyReply } from 'fastify';
import { APPROVAL_SENT_MESSAGE, DEFAULT_APPROVALS_EXPIRE_HOURS, type ApprovalRequest } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../../lib/clock.ts';
import { registerRoutes } from '../../platform/http/endpoints.ts';
import type { Job } from '../../platform/jobs/index.ts';
import { defineModule } from '../../platform/modules.ts';
import type { ApprovalKind } from './kind.ts';
import { createApprovalsRepository } from './repository.ts';
import { approvalRoutes } from './routes.ts';
import { createApprovalsService, type ApprovalSettings, type ApprovalsService } from './service.ts';

// The approvals module's public face: a module declares its kinds with approvalKind (its own
// approval-kinds.ts) and asks the gate before it applies such an action (docs/approvals.md).
export { approvalKind, type ApprovalKind } from './kind.ts';
export type { ApprovalGate, ApprovalSettings } from './service.ts';

/** No kind needs a second person: every action applies at once (the spec's behaviour; tests' default). */
export const DIRECT_APPROVALS: ApprovalSettings = { kinds: [], expireHours: DEFAULT_APPROVALS_EXPIRE_HOURS };

/** Made before the modules are mounted: the wrapped modules' routes hold its gate. */
export function createApprovals(deps: { db: Database; clock: Clock; kinds: readonly ApprovalKind[]; settings: ApprovalSettings }): ApprovalsService {
  return createApprovalsService({ repository: createApprovalsRepository(deps.db), clock: deps.clock, kinds: deps.kinds, settings: deps.settings });
}

/** The 202 a wrapped action answers when it was sent for a second person's approval instead of applied. */
export function approvalSent(reply: FastifyReply, request: ApprovalRequest) {
  reply.code(202);
  return { message: APPROVAL_SENT_MESSAGE, data: request } as const;
}

interface ApprovalsDeps {
  service: ApprovalsService;
}

function register(app: FastifyInstance, deps: ApprovalsDeps): void {
  registerRoutes(app, approvalRoutes(deps.service));
}

/** Every 10 minutes: pending requests past APPROVALS_EXPIRE_HOURS become expired (an approval after that time is refused anyway). */
function jobs(deps: ApprovalsDeps): Job[] {
  return [
    {
      name: 'approvals-expire',
      everyMs: 10 * 60_000,
      run: async ({ now }) => {
        const expired = await deps.service.expireDue(now);
        return expired > 0 ? `${expired} approval request(s) expired` : undefined;
      },
    },
  ];
}

export const descriptor = defineModule({ name: 'approvals', routes: register, jobs });
