import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/connect.ts';
import { registerRoutes } from '../../platform/http/endpoints.ts';
import { createAuditRepository } from './repository.ts';
import { auditRoutes } from './routes.ts';
import { createAuditService, type AuditService } from './service.ts';
import { defineModule, noJobs } from '../../platform/modules.ts';

// The audit module's public face: what other modules may use of it.
export type { AuditService } from './service.ts';

/** The Audit Log's route; answers its service, whose list the CSV exports read too. */
function register(app: FastifyInstance, deps: { db: Database }): AuditService {
  const service = createAuditService({ repository: createAuditRepository(deps.db) });
  registerRoutes(app, auditRoutes(service));
  return service;
}

export const descriptor = defineModule({ name: 'audit', routes: register, jobs: noJobs });
