import { tillListEndpoints } from '@eticket/contracts';
import { implement } from '../../platform/http/endpoints.ts';
import type { TillListService } from './service.ts';

/** The Tills page's lists and the remitter dashboard's till cards (reads only; decisions are the tills module's). */
export function tillListRoutes(service: TillListService) {
  return [
    implement(tillListEndpoints.openTills, async (request) => service.openTills(request.query)),
    implement(tillListEndpoints.closes, async (request) => service.closes(request.query)),
    implement(tillListEndpoints.close, async (request) => ({ data: await service.close(request.params.id) })),
    implement(tillListEndpoints.summary, async () => ({ data: await service.summary() })),
  ];
}
