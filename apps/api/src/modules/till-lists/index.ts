import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../../lib/clock.ts';
import { registerRoutes } from '../../platform/http/endpoints.ts';
import type { RecordsService } from '../records/index.ts';
import { DEFAULT_TILL_SETTINGS, type TillSettings } from '../tills/index.ts';
import { tillListQueries } from './repository.ts';
import { tillListRoutes } from './routes.ts';
import { createTillListService, type TillListService } from './service.ts';
import { defineModule, noJobs } from '../../platform/modules.ts';

export type { TillListService } from './service.ts';

/** The Tills page's reads (open tills, closes, one close) and the dashboard's till summary; answers the service (the CSV exports read its lists). */
function register(
  app: FastifyInstance,
  deps: { db: Database; records: RecordsService; clock: Clock; settings?: TillSettings; fileUrl: (key: string) => string },
): TillListService {
  const service = createTillListService({
    repository: tillListQueries(deps.db),
    people: deps.records,
    clock: deps.clock,
    settings: deps.settings ?? DEFAULT_TILL_SETTINGS,
    fileUrl: deps.fileUrl,
  });
  registerRoutes(app, tillListRoutes(service));
  return service;
}

export const descriptor = defineModule({ name: 'till-lists', routes: register, jobs: noJobs });
