import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../../lib/clock.ts';
import { registerRoutes } from '../../platform/http/endpoints.ts';
import { createSubscriptionsRepository } from './repository.ts';
import { subscriptionRoutes } from './routes.ts';
import { createSubscriptionsService, type SubscriptionsService } from './service.ts';
import { defineModule, noJobs } from '../../platform/modules.ts';
import type { ApprovalGate } from '../approvals/index.ts';

// The subscriptions module's public face: what other modules may use of it.
export { joinSubscriptions, subscriptionColumns, subscriptionFromColumns } from './repository.ts';
export { addPenalty, lockSubscription, openSubscriptions, updateSubscription } from './in-transaction.ts';
export type { SubscriptionsService, TicketSubscriptionViews } from './service.ts';
export { toTicketSubscription } from './views.ts';
export { subscriptionApprovalKinds } from './approval-kinds.ts';
export { addPlanPeriod, effectiveExpiry, extend, GRACE_SETTING_KEY, statusAt } from './lifecycle.ts';

/** The subscriptions service on a database or a transaction (the demo seed's). */
export function subscriptionsOn(db: Database, clock: Clock): SubscriptionsService {
  return createSubscriptionsService({ repository: createSubscriptionsRepository(db), clock });
}

/** Plans, and pause/resume of a motorist's subscription: their routes; answers the service (penalties and the field reads use it). */
function register(app: FastifyInstance, deps: { db: Database; clock: Clock; approvals: ApprovalGate }): SubscriptionsService {
  const service = subscriptionsOn(deps.db, deps.clock);
  registerRoutes(app, subscriptionRoutes(service, deps.approvals));
  return service;
}

export const descriptor = defineModule({ name: 'subscriptions', routes: register, jobs: noJobs });
