import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/connect.ts';
import { registerRoutes } from '../../platform/http/endpoints.ts';
import { createAccessRepository } from './repository.ts';
import { accessRecordRoutes } from './routes.ts';
import { createAccessRecordService } from './service.ts';
import { defineModule, noJobs } from '../../platform/modules.ts';

// The record of every look at personal data (issue 46): its public face. Services that serve
// personal data record their looks with an AccessRecorder (or recordLooks in their transaction).
export { createAccessRecorder, originOf, recordLooks, type AccessRecorder, type Look, type LookOrigin } from './record.ts';

/** The record's search route, for the super-admin. */
function register(app: FastifyInstance, deps: { db: Database }): void {
  registerRoutes(app, accessRecordRoutes(createAccessRecordService({ repository: createAccessRepository(deps.db) })));
}

export const descriptor = defineModule({ name: 'access-record', routes: register, jobs: noJobs });
