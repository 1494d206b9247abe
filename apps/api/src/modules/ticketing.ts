/**
 * Wiring of the ticket capabilities (subscriptions, penalties, field, records): the app and the
 * demo seed build their services the same way, on a database or inside a transaction.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/connect.ts';
import type { Clock } from '../lib/clock.ts';
import { registerRoutes } from '../platform/http/endpoints.ts';
import { agentReadsRoutes } from './field/agent-reads-routes.ts';
import { createAgentReadsRepository } from './field/agent-reads-repository.ts';
import { createAgentReadsService } from './field/agent-reads-service.ts';
import { fieldRoutes } from './field/routes.ts';
import { createFieldRepository } from './field/repository.ts';
import { createFieldService, type FieldOptions } from './field/service.ts';
import { penaltyEndpointRoutes, penaltyRoutes } from './penalties/routes.ts';
import { createPenaltiesRepository } from './penalties/repository.ts';
import { createPenaltiesService } from './penalties/service.ts';
import { recordRoutes } from './records/routes.ts';
import { recordQueries } from './records/repository.ts';
import { createRecordsService } from './records/service.ts';
import { subscriptionRoutes } from './subscriptions/routes.ts';
import { createSubscriptionsRepository } from './subscriptions/repository.ts';
import { createSubscriptionsService } from './subscriptions/service.ts';

export function createTicketServices(db: Database, clock: Clock, fieldOptions: FieldOptions = {}) {
  const subscriptions = createSubscriptionsService({ repository: createSubscriptionsRepository(db), clock });
  return {
    subscriptions,
    penalties: createPenaltiesService({ repository: createPenaltiesRepository(db), subscriptions, clock }),
    field: createFieldService({ repository: createFieldRepository(db), clock, options: fieldOptions }),
    agentReads: createAgentReadsService({ repository: createAgentReadsRepository(db), subscriptions, clock, fileUrl: fieldOptions.fileUrl }),
    records: createRecordsService({ repository: recordQueries(db) }),
  };
}
export type TicketServices = ReturnType<typeof createTicketServices>;

export async function registerTicketRoutes(app: FastifyInstance, services: TicketServices): Promise<void> {
  await app.register(subscriptionRoutes(services.subscriptions));
  await app.register(penaltyRoutes(services.penalties));
  registerRoutes(app, [
    ...fieldRoutes(services.field),
    ...agentReadsRoutes(services.agentReads),
    ...penaltyEndpointRoutes(services.penalties),
    ...recordRoutes(services.records),
  ]);
}
