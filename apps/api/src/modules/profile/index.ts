import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../../lib/clock.ts';
import { registerRoutes } from '../../platform/http/endpoints.ts';
import { createProfileRepository } from './repository.ts';
import { profileRoutes } from './routes.ts';
import { createProfileService, type FileUrl } from './service.ts';
import { defineModule, noJobs } from '../../platform/modules.ts';

/** The Profile page's calls: one's own profile, and editing a person's. */
function register(app: FastifyInstance, deps: { db: Database; clock: Clock; fileUrl: FileUrl }): void {
  registerRoutes(app, profileRoutes(createProfileService({ repository: createProfileRepository(deps.db), clock: deps.clock, fileUrl: deps.fileUrl })));
}

export const descriptor = defineModule({ name: 'profile', routes: register, jobs: noJobs });
