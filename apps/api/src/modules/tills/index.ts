import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { FileStore } from '../../adapters/files.ts';
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../../lib/clock.ts';
import { registerRoutes } from '../../platform/http/endpoints.ts';
import { DEFAULT_TILL_SETTINGS, type TillSettings } from './collect.ts';
import { createTillRepository } from './repository.ts';
import { tillRoutes } from './routes.ts';
import { createTillService, type TillService } from './service.ts';
import { defineModule, noJobs } from '../../platform/modules.ts';
import type { ApprovalGate } from '../approvals/index.ts';

// The tills module's public face: the field service takes payments' money through takeMoney, in its transaction.
export { CashPaused, cashPause, DEFAULT_TILL_SETTINGS, referenceKey, takeMoney, type Collection, type TillSettings } from './collect.ts';
export type { TillService } from './service.ts';
export { tillApprovalKinds } from './approval-kinds.ts';

export interface TillDeps {
  db: Database;
  files: FileStore;
  clock: Clock;
  settings?: TillSettings;
  captureMaxAgeHours?: number;
}

/** The tills' service on a database or a transaction (the demo seed's). */
export function tillsOn(deps: TillDeps): TillService {
  const { db, files, clock, settings = DEFAULT_TILL_SETTINGS, captureMaxAgeHours } = deps;
  return createTillService({ repository: createTillRepository(db), files, clock, settings, captureMaxAgeHours });
}

/** The till routes; the close is multipart (its slip photo), so the parser is registered in their scope. */
async function register(app: FastifyInstance, deps: TillDeps & { approvals: ApprovalGate }): Promise<TillService> {
  const service = tillsOn(deps);
  await app.register(async (scope) => {
    await scope.register(multipart);
    registerRoutes(scope, tillRoutes(service, deps.approvals));
  });
  return service;
}

export const descriptor = defineModule({ name: 'tills', routes: register, jobs: noJobs });
