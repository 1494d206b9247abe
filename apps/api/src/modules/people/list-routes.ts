import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { agentListQuery, listQuery, personDetailResponse, personIdParam, personList, type Capability } from '@eticket/contracts';
import { requireUser } from '../../platform/http/auth.ts';
import type { PeopleList, PeopleListService } from './list-service.ts';

type SimpleList = Exclude<PeopleList['kind'], 'agent'>;

const SIMPLE_LISTS: Record<SimpleList, Capability> = {
  admin: 'admins',
  manager: 'managers',
  union: 'unions',
  motorist: 'motorists',
};

/** GET /api/{admin,manager,union,motorist}/user, /api/agent/user?role=…, /api/user/{id}/details */
export function listRoutes(service: PeopleListService) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    for (const kind of Object.keys(SIMPLE_LISTS) as SimpleList[]) {
      app.get(
        `/api/${kind}/user`,
        {
          config: { permission: { capability: SIMPLE_LISTS[kind], access: 'read' } },
          schema: { tags: ['people'], querystring: listQuery, response: { 200: personList } },
        },
        async (request) => service.list(requireUser(request), { kind }, request.query),
      );
    }

    app.get(
      '/api/agent/user',
      {
        config: { permission: { capability: ['remitters', 'enforcers', 'registrars'], access: 'read' } },
        schema: { tags: ['people'], querystring: agentListQuery, response: { 200: personList } },
      },
      async (request) => service.list(requireUser(request), { kind: 'agent', role: request.query.role }, request.query),
    );

    app.get(
      '/api/user/:id/details',
      {
        config: { permission: { signedIn: true } },
        schema: { tags: ['people'], params: personIdParam, response: { 200: personDetailResponse } },
      },
      async (request) => ({ data: await service.detail(requireUser(request), request.params.id) }),
    );
  };
}
