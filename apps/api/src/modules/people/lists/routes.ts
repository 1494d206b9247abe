import { peopleEndpoints } from '@eticket/contracts';
import { requireUser } from '../../../platform/http/auth.ts';
import { implement } from '../../../platform/http/endpoints.ts';
import { originOf } from '../../access-record/index.ts';
import type { PeopleListService } from './service.ts';

/** GET /api/{admin,manager,union,motorist}/user, /api/agent/user?role=…, /api/user/{id}/details */
export function listRoutes(service: PeopleListService) {
  return [
    implement(peopleEndpoints.admins, async (request) => service.list(requireUser(request), { kind: 'admin' }, request.query)),
    implement(peopleEndpoints.managers, async (request) => service.list(requireUser(request), { kind: 'manager' }, request.query)),
    implement(peopleEndpoints.agents, async (request) => service.list(requireUser(request), { kind: 'agent', role: request.query.role }, request.query)),
    implement(peopleEndpoints.unions, async (request) => service.list(requireUser(request), { kind: 'union' }, request.query)),
    implement(peopleEndpoints.motorists, async (request) => service.list(requireUser(request), { kind: 'motorist' }, request.query)),
    implement(peopleEndpoints.detail, async (request) => ({ data: await service.detail(requireUser(request), request.params.id, originOf(request)) })),
  ];
}
