import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { Database } from '../../db/connect.ts';
import { createAccessRecorder } from '../access-record/index.ts';
import { registerRoutes } from '../../platform/http/endpoints.ts';
import { exportLists } from './lists.ts';
import { exportRoutes, routePermissions } from './routes.ts';
import { createExportService, type ExportServiceDependencies } from './service.ts';
import { createExportTokens } from './token.ts';
import { defineModule, noJobs } from '../../platform/modules.ts';

/** Downloads of whole lists as CSV, from the services that serve those lists. */
function register(
  app: FastifyInstance,
  deps: {
    lists: Parameters<typeof exportLists>[0];
    db: Database;
    jwtSecret: string;
    clock: Clock;
    loadSessionUser: ExportServiceDependencies['loadSessionUser'];
  },
): void {
  const service = createExportService({
    lists: exportLists(deps.lists),
    tokens: createExportTokens(deps.jwtSecret),
    clock: deps.clock,
    permissionOf: routePermissions(app),
    loadSessionUser: deps.loadSessionUser,
    recordLooks: createAccessRecorder(deps.db),
  });
  registerRoutes(app, exportRoutes(service));
}

export const descriptor = defineModule({ name: 'exports', routes: register, jobs: noJobs });
