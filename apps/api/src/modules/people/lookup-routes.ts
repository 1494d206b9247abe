import { CAPABILITY_FOR_ROLE, can, peopleEndpoints } from '@eticket/contracts';
import { requireUser } from '../../platform/http/auth.ts';
import { implement } from '../../platform/http/endpoints.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import type { TicketSubscriptionViews } from '../subscriptions/index.ts';
import type { PeopleRepository } from './repository.ts';

/** GET /api/user/{id} (a name) and POST /api/user (a person by Unique ID), declared in contracts/endpoints/people.ts. */
export function lookupRoutes(repository: PeopleRepository, ticketSubscriptions: TicketSubscriptionViews) {
  return [
    implement(peopleEndpoints.name, async (request) => {
      const row = await repository.findName(request.params.id);
      if (!row) throw notFound('User not found');
      return { data: { _id: row.id, id: row.id, fullName: row.fullName } };
    }),
    implement(peopleEndpoints.byCode, async (request) => {
      const row = await repository.findByUserCode(request.body.userCode);
      if (!row) throw notFound('No one has that Unique ID');
      // Only people whose list the caller may see (as GET /api/user/{id}/details): a registrar or a
      // union's user looks up motorists, not an admin's email and phone.
      const capability = CAPABILITY_FOR_ROLE[row.role];
      if (!capability || !can(requireUser(request), capability, 'read')) throw forbidden();
      const views = row.role === 'motorist' ? await ticketSubscriptions([row.id], { open: true }) : null;
      return { data: { _id: row.id, ...row, ticketSubscription: views?.get(row.id) ?? null } };
    }),
  ];
}
