import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../../lib/clock.ts';
import { registerRoutes } from '../../platform/http/endpoints.ts';
import type { SubscriptionsService } from '../subscriptions/index.ts';
import { createAgentReadsRepository } from './agent-reads-repository.ts';
import { agentReadsRoutes } from './agent-reads-routes.ts';
import { createAgentReadsService } from './agent-reads-service.ts';
import { createFieldRepository } from './repository.ts';
import { fieldRoutes } from './routes.ts';
import { createFieldService, type FieldService } from './service.ts';
import type { FieldOptions } from './types.ts';
import { defineModule, noJobs } from '../../platform/modules.ts';

// The field module's public face: what other modules may use of it.
export type { FieldService } from './service.ts';
export type { FieldOptions } from './types.ts';

/** The field agents' writes (scans, payments) on a database or a transaction (the demo seed's). */
export function fieldOn(db: Database, clock: Clock, options: FieldOptions = {}): FieldService {
  return createFieldService({ repository: createFieldRepository(db), clock, options });
}

/** What field agents write and read from their phones: the routes. */
function register(
  app: FastifyInstance,
  deps: { db: Database; clock: Clock; subscriptions: SubscriptionsService; options?: FieldOptions; compliancePageTtlMs?: number },
): void {
  const reads = createAgentReadsService({
    repository: createAgentReadsRepository(deps.db),
    subscriptions: deps.subscriptions,
    clock: deps.clock,
    fileUrl: deps.options?.fileUrl,
    compliancePageTtlMs: deps.compliancePageTtlMs,
  });
  registerRoutes(app, [...fieldRoutes(fieldOn(deps.db, deps.clock, deps.options)), ...agentReadsRoutes(reads)]);
}

export const descriptor = defineModule({ name: 'field', routes: register, jobs: noJobs });
