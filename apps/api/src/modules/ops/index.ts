import type { FastifyInstance } from 'fastify';
import type { FileStore } from '../../adapters/files.ts';
import type { DatabaseHandle } from '../../db/connect.ts';
import { migrationNames } from '../../db/migrate.ts';
import { registerRoutes } from '../../platform/http/endpoints.ts';
import { createReadiness } from './readiness.ts';
import { opsRoutes } from './routes.ts';

export interface OpsDependencies {
  database: DatabaseHandle;
  files: FileStore;
}

/** What operators' probes call: /healthz (alive) and /readyz (database, migrations, file store). */
export function register(app: FastifyInstance, deps: OpsDependencies): void {
  const readiness = createReadiness({ database: deps.database, files: deps.files, migrations: migrationNames(), log: app.log });
  registerRoutes(app, opsRoutes(readiness));
}
