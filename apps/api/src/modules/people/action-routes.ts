import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PEOPLE_MESSAGES, personActionResponse, personIdParam, type Capability } from '@eticket/contracts';
import { requireUser } from '../../platform/http/auth.ts';
import type { PeopleActionService } from './action-service.ts';

/** Whoever manages some kind of person; the service checks the person's own role. */
const MANAGES_PEOPLE: readonly Capability[] = ['admins', 'managers', 'remitters', 'enforcers', 'registrars', 'unions', 'motorists'];

/** Deleting also needs the viewer's 'delete-people' (spec section 6: not for admin, manager, union, user). */
const ACTIONS = [
  { path: 'approve', run: 'approve', message: PEOPLE_MESSAGES.approved, capability: MANAGES_PEOPLE },
  { path: 'suspend', run: 'suspend', message: PEOPLE_MESSAGES.suspended, capability: MANAGES_PEOPLE },
  { path: 'deleted', run: 'remove', message: PEOPLE_MESSAGES.deleted, capability: ['delete-people'] as readonly Capability[] },
] as const;

/** POST /api/approve/{id}, /api/suspend/{id}, /api/deleted/{id} (forced logout is /api/logout/{id}, in auth). */
export function actionRoutes(service: PeopleActionService) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    for (const action of ACTIONS) {
      app.post(
        `/api/${action.path}/:id`,
        {
          config: { permission: { capability: action.capability, access: 'write' } },
          schema: { tags: ['people'], params: personIdParam, response: { 200: personActionResponse } },
        },
        async (request) => ({
          message: action.message,
          data: await service[action.run](requireUser(request), request.params.id),
        }),
      );
    }
  };
}
