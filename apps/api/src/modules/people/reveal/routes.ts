import { personalDataEndpoints } from '@eticket/contracts';
import { requireUser } from '../../../platform/http/auth.ts';
import { implement } from '../../../platform/http/endpoints.ts';
import { originOf } from '../../access-record/index.ts';
import type { RevealService } from './service.ts';

/** POST /api/user/{id}/personal-data */
export function revealRoutes(service: RevealService) {
  return [
    implement(personalDataEndpoints.reveal, async (request) => ({
      data: await service.reveal(requireUser(request), request.params.id, originOf(request)),
    })),
  ];
}
