import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FileStore } from '../../adapters/files.ts';
import { registerRoutes } from '../../platform/http/endpoints.ts';
import { createThrottle } from '../auth/index.ts';
import { subscriptionsOn } from '../subscriptions/index.ts';
import { actionRoutes } from './actions/routes.ts';
import { createPeopleActionService } from './actions/service.ts';
import { listRoutes } from './lists/routes.ts';
import { createPeopleListService, type PeopleListService } from './lists/service.ts';
import { lookupRoutes } from './lookup/routes.ts';
import { revealRoutes } from './reveal/routes.ts';
import { createRevealService } from './reveal/service.ts';
import { createAccessRecorder } from '../access-record/index.ts';
import { createLookupService } from './lookup/service.ts';
import { createPersonQuery } from './person-query.ts';
import type { FileUrl } from './person-record.ts';
import { createPersonRecords } from './person-records.ts';
import { registrationRoutes } from './registration/routes.ts';
import { createRegistrationService } from './registration/service.ts';
import { createPeopleRepository } from './repository.ts';
import { defineModule, noJobs } from '../../platform/modules.ts';

// The people module's public face: what other modules may use of it.
export type { PeopleListService } from './lists/service.ts';
export { rolesOf as peopleListRoles } from './lists/service.ts';

/**
 * People: lookups, registration, the lists and a person's record, approve/suspend/delete: their
 * routes; answers the lists (the CSV exports read them).
 */
async function register(
  app: FastifyInstance,
  deps: { db: Database; files: FileStore; clock: Clock; fileUrl: FileUrl; levyName: string; uploadsPerAccount?: number },
): Promise<PeopleListService> {
  const repository = createPeopleRepository(deps.db);
  const query = createPersonQuery(deps.db);
  /** Motorists' ticket subscriptions, by person id (the subscriptions capability). */
  const ticketSubscriptions = subscriptionsOn(deps.db, deps.clock).viewsForUsers;
  const toRecords = createPersonRecords({ clock: deps.clock });
  const recordLooks = createAccessRecorder(deps.db);
  const lists = createPeopleListService({ query, toRecords, recordLooks, clock: deps.clock });
  registerRoutes(app, [
    ...lookupRoutes(createLookupService({ repository, ticketSubscriptions })),
    ...listRoutes(lists),
    ...revealRoutes(createRevealService({ query, fileUrl: deps.fileUrl, recordLooks, clock: deps.clock })),
    ...actionRoutes(createPeopleActionService({ repository, query, clock: deps.clock, toRecords })),
  ]);
  // Registration forms are multipart: the parser only where they are served, as before.
  await app.register(async (scope) => {
    await scope.register(multipart);
    const registration = createRegistrationService({
      repository,
      files: deps.files,
      clock: deps.clock,
      levyName: deps.levyName,
      throttle: createThrottle(deps.db),
      uploadsPerAccount: deps.uploadsPerAccount,
    });
    registerRoutes(scope, registrationRoutes(registration));
  });
  return lists;
}

export const descriptor = defineModule({ name: 'people', routes: register, jobs: noJobs });
