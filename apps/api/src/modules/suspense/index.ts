import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ApprovalGate } from '../approvals/index.ts';
import { registerRoutes } from '../../platform/http/endpoints.ts';
import { defineModule, noJobs } from '../../platform/modules.ts';
import type { CreditPayment } from './online-credit.ts';
import { suspenseRoutes } from './routes.ts';

/**
 * Suspense (issue 43): money received through the online payment provider that pays nothing yet —
 * a transfer of an amount that matches no plan or penalty, a checkout whose amount or currency is not
 * what the server initialised. Kept once per provider reference and posted provider clearing →
 * suspense; staff assign or refund it (the console's Suspense page, under Books).
 */
export { receiveIntoSuspense, type SuspenseReason } from './service.ts';
/** Each staff action is one function on the caller's transaction, wrapped by a second person's approval (APPROVALS). */
export { suspenseApprovalKinds } from './approval-kinds.ts';
export { ONLINE_PAYMENTS_AGENT, ensureOnlinePaymentsUser, onlineCredit, type CreditPayment } from './online-credit.ts';

/** The Suspense page's routes: the list, assign, refund. */
function register(app: FastifyInstance, deps: { db: Database; clock: Clock; credit: CreditPayment; approvals: ApprovalGate }): void {
  registerRoutes(app, suspenseRoutes(deps));
}

export const descriptor = defineModule({ name: 'suspense', routes: register, jobs: noJobs });
