import { personalDataEndpoints } from '@eticket/contracts';
import { implement } from '../../platform/http/endpoints.ts';
import type { AccessRecordService } from './service.ts';

/** GET /api/personal-data-access (the 'access-record' capability: the super-admin). */
export function accessRecordRoutes(service: AccessRecordService) {
  return [implement(personalDataEndpoints.accessRecord, async (request) => service.list(request.query))];
}
