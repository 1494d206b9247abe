import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ApprovalGate } from '../approvals/index.ts';
import { registerRoutes } from '../../platform/http/endpoints.ts';
import { defineModule, noJobs } from '../../platform/modules.ts';
import { reversalRoutes } from './routes.ts';
import { createReversalsService, type ReversalsService } from './service.ts';

// The reversals module's public face: reversePayment runs on a caller's transaction (an approval's,
// when a second person approves the request), the same function the direct endpoint uses.
export { reversePayment } from './service.ts';
export { reversalApprovalKinds } from './approval-kinds.ts';

/** Reversing a payment recorded in error: its route; answers the service. */
function register(app: FastifyInstance, deps: { db: Database; clock: Clock; approvals: ApprovalGate }): ReversalsService {
  const service = createReversalsService(deps);
  registerRoutes(app, reversalRoutes(service, deps.approvals));
  return service;
}

export const descriptor = defineModule({ name: 'reversals', routes: register, jobs: noJobs });
