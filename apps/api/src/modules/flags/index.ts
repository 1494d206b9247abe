import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../../lib/clock.ts';
import { registerRoutes } from '../../platform/http/endpoints.ts';
import { defineModule, noJobs } from '../../platform/modules.ts';
import { registerContactRecorder } from './contact.ts';
import { flagQueries } from './repository.ts';
import { flagRoutes } from './routes.ts';
import { createFieldFlags, createFlagReviewService, type FieldFlags, type FlagLog } from './service.ts';
import { DEFAULT_FLAGS, type FlagSettings } from './rules.ts';

// The flags module's public face: what other modules may use of it.
export type { FieldFlags } from './service.ts';
export type { FlagSettings } from './rules.ts';

/** The rules as the field service runs them, on a database (the app's, or the demo seed's). */
export function fieldFlagsOn(db: Database, settings: FlagSettings = DEFAULT_FLAGS, log?: FlagLog): FieldFlags {
  return createFieldFlags({ db, settings, log });
}

/**
 * Flags on field activity (docs/flags.md): records each field agent's contact with the server, serves
 * the Flags queue, and answers the rules the field service runs (null when FLAGS=off).
 */
function register(app: FastifyInstance, deps: { db: Database; clock: Clock; settings?: FlagSettings | false }): FieldFlags | null {
  const repository = flagQueries(deps.db);
  const settings = deps.settings === false ? null : (deps.settings ?? DEFAULT_FLAGS);
  if (settings) registerContactRecorder(app, { repository, clock: deps.clock, settings });
  registerRoutes(app, flagRoutes(createFlagReviewService({ repository, clock: deps.clock })));
  return settings ? fieldFlagsOn(deps.db, settings, app.log) : null;
}

export const descriptor = defineModule({ name: 'flags', routes: register, jobs: noJobs });
