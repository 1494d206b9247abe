import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/connect.ts';
import { registerRoutes } from '../../platform/http/endpoints.ts';
import { recordQueries } from './repository.ts';
import { recordRoutes } from './routes.ts';
import { createRecordsService, type RecordsService } from './service.ts';
import { defineModule, noJobs } from '../../platform/modules.ts';

// The records module's public face: what other modules may use of it.
export { type RecordsService } from './service.ts';
export { toPaymentRecord } from './views.ts';

/** Scan Record, Transaction History and Penalty Payment History: their routes; answers the service (the CSV exports read its lists). */
function register(app: FastifyInstance, deps: { db: Database }): RecordsService {
  const service = createRecordsService({ repository: recordQueries(deps.db) });
  registerRoutes(app, recordRoutes(service));
  return service;
}

export const descriptor = defineModule({ name: 'records', routes: register, jobs: noJobs });
