import type { Database } from '../../db/connect.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FileStore } from '../../adapters/files.ts';
import { createSubscriptionsRepository } from '../subscriptions/index.ts';
import { createSubscriptionsService } from '../subscriptions/index.ts';
import { createPeopleActionService } from './action-service.ts';
import { createPeopleListService } from './list-service.ts';
import { createPersonQuery } from './person-query.ts';
import type { FileUrl } from './person-record.ts';
import { createPersonRecords } from './person-records.ts';
import { createRegistrationService } from './registration-service.ts';
import { createPeopleRepository } from './repository.ts';

/** The people capability's services, wired to one database, file store and clock. */
export function createPeopleServices(deps: { db: Database; files: FileStore; clock: Clock; fileUrl: FileUrl }) {
  const repository = createPeopleRepository(deps.db);
  const query = createPersonQuery(deps.db);
  /** Motorists' ticket subscriptions, by person id (the subscriptions capability). */
  const ticketSubscriptions = createSubscriptionsService({ repository: createSubscriptionsRepository(deps.db), clock: deps.clock }).viewsForUsers;
  const toRecords = createPersonRecords({ fileUrl: deps.fileUrl, clock: deps.clock });
  return {
    lookups: repository,
    ticketSubscriptions,
    registration: createRegistrationService({ repository, files: deps.files, clock: deps.clock }),
    lists: createPeopleListService({ query, toRecords }),
    actions: createPeopleActionService({ repository, query, clock: deps.clock, toRecords }),
  };
}
export type PeopleServices = ReturnType<typeof createPeopleServices>;
