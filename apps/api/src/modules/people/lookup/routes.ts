import { peopleEndpoints } from '@eticket/contracts';
import { requireUser } from '../../../platform/http/auth.ts';
import { implement } from '../../../platform/http/endpoints.ts';
import type { LookupService } from './service.ts';

/** GET /api/user/{id} (a name) and POST /api/user (a person by Unique ID), declared in contracts/endpoints/people/endpoints.ts. */
export function lookupRoutes(service: LookupService) {
  return [
    implement(peopleEndpoints.name, async (request) => ({ data: await service.name(request.params.id) })),
    implement(peopleEndpoints.byCode, async (request) => ({ data: await service.byCode(requireUser(request), request.body.userCode) })),
  ];
}
