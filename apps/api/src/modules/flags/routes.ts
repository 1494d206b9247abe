import { flagEndpoints } from '@eticket/contracts';
import { requireUser } from '../../platform/http/auth.ts';
import { implement } from '../../platform/http/endpoints.ts';
import type { FlagReviewService } from './service.ts';

/** The console's Flags queue (declared in contracts/endpoints/flags/endpoints.ts). */
export function flagRoutes(service: FlagReviewService) {
  return [
    implement(flagEndpoints.list, async (request) => service.list(request.query)),
    implement(flagEndpoints.summary, async () => ({ data: await service.summary() })),
    implement(flagEndpoints.review, async (request) => service.review(requireUser(request), request.params.id, request.body)),
  ];
}
