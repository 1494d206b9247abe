import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../../lib/clock.ts';
import { registerRoutes } from '../../platform/http/endpoints.ts';
import type { ApprovalGate } from '../approvals/index.ts';
import type { SubscriptionsService } from '../subscriptions/index.ts';
import { createPenaltiesRepository } from './repository.ts';
import { penaltyRoutes } from './routes.ts';
import { createPenaltiesService, type PenaltiesService } from './service.ts';
import { defineModule, noJobs } from '../../platform/modules.ts';

// The penalties module's public face: what other modules may use of it.
export type { PenaltiesService } from './service.ts';
export { penaltyApprovalKinds } from './approval-kinds.ts';

/** The penalties service on a database or a transaction (the demo seed's). */
export function penaltiesOn(db: Database, clock: Clock, subscriptions: SubscriptionsService): PenaltiesService {
  return createPenaltiesService({ repository: createPenaltiesRepository(db), subscriptions, clock });
}

/** Penalty charges and a motorist's outstanding penalty: their routes; answers the service. */
function register(app: FastifyInstance, deps: { db: Database; clock: Clock; subscriptions: SubscriptionsService; approvals: ApprovalGate }): PenaltiesService {
  const service = penaltiesOn(deps.db, deps.clock, deps.subscriptions);
  registerRoutes(app, penaltyRoutes(service, deps.approvals));
  return service;
}

export const descriptor = defineModule({ name: 'penalties', routes: register, jobs: noJobs });
