import { REVERSAL_MESSAGES, reversalEndpoints } from '@eticket/contracts';
import { requireUser } from '../../platform/http/auth.ts';
import { implement } from '../../platform/http/endpoints.ts';
import type { ReversalsService } from './service.ts';

/** POST /api/payment/{id}/reverse (declared in contracts/endpoints/reversals/endpoints.ts). */
export function reversalRoutes(service: ReversalsService) {
  return [
    implement(reversalEndpoints.reverse, async (request) => ({
      message: REVERSAL_MESSAGES.reversed,
      data: await service.reverse(requireUser(request), request.params.id, request.body.reason),
    })),
  ];
}
