import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CAPABILITY_FOR_ROLE, can, idParam, personByCode, userByCodeRequest, userName } from '@eticket/contracts';
import { z } from 'zod';
import { requireUser } from '../../platform/http/auth.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import type { TicketSubscriptionViews } from '../subscriptions/index.ts';
import type { PeopleRepository } from './repository.ts';

export function lookupRoutes(repository: PeopleRepository, ticketSubscriptions: TicketSubscriptionViews) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/user/:id',
      {
        config: { permission: { capability: 'dashboard', access: 'read' } },
        schema: { tags: ['people'], params: idParam, response: { 200: z.object({ data: userName }) } },
      },
      async (request) => {
        const row = await repository.findName(request.params.id);
        if (!row) throw notFound('User not found');
        return { data: { _id: row.id, id: row.id, fullName: row.fullName } };
      },
    );

    app.post(
      '/api/user',
      {
        config: { permission: { capability: ['motorists', 'penalty'], access: 'read' } },
        schema: { tags: ['people'], body: userByCodeRequest, response: { 200: z.object({ data: personByCode }) } },
      },
      async (request) => {
        const row = await repository.findByUserCode(request.body.userCode);
        if (!row) throw notFound('No one has that Unique ID');
        // Only people whose list the caller may see (as GET /api/user/{id}/details): a registrar or a
        // union's user looks up motorists, not an admin's email and phone.
        const capability = CAPABILITY_FOR_ROLE[row.role];
        if (!capability || !can(requireUser(request), capability, 'read')) throw forbidden();
        const views = row.role === 'motorist' ? await ticketSubscriptions([row.id], { open: true }) : null;
        return { data: { _id: row.id, ...row, ticketSubscription: views?.get(row.id) ?? null } };
      },
    );
  };
}
