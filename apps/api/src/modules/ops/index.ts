import type { FastifyInstance } from 'fastify';
import type { FileStore } from '../../adapters/files.ts';
import type { DatabaseHandle } from '../../db/connect.ts';
import { migrationNames } from '../../db/migrate.ts';
import { registerRoutes } from '../../platform/http/endpoints.ts';
import type { MetricsAccess } from './metrics-route.ts';
import { createReadiness } from './readiness.ts';
import { opsRoutes } from './routes.ts';
import { defineModule, noJobs } from '../../platform/modules.ts';

interface OpsDependencies {
  database: DatabaseHandle;
  files: FileStore;
  /** Unset: GET /metrics answers 404 (METRICS_TOKEN not set). */
  metrics?: MetricsAccess;
}

/** What operators' probes and scrapers call: /healthz (alive), /readyz (database, migrations, file store), /metrics. */
function register(app: FastifyInstance, deps: OpsDependencies): void {
  const readiness = createReadiness({ database: deps.database, files: deps.files, migrations: migrationNames(), log: app.log });
  registerRoutes(app, opsRoutes(readiness, deps.metrics));
}

export const descriptor = defineModule({ name: 'ops', routes: register, jobs: noJobs });
