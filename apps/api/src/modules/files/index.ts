import type { FastifyInstance } from 'fastify';
import type { FileStore } from '../../adapters/files.ts';
import type { Clock } from '../../lib/clock.ts';
import { registerRoutes } from '../../platform/http/endpoints.ts';
import { fileRoutes } from './routes.ts';
import { defineModule, noJobs } from '../../platform/modules.ts';

/** Stored images behind signed links. */
function register(app: FastifyInstance, deps: { files: FileStore; clock: Clock }): void {
  registerRoutes(app, fileRoutes(deps.files, deps.clock));
}

export const descriptor = defineModule({ name: 'files', routes: register, jobs: noJobs });
