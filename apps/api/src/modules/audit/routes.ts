import { auditEndpoints } from '@eticket/contracts';
import { implement } from '../../platform/http/endpoints.ts';
import type { AuditService } from './service.ts';

/** The super-admin's Audit Log. */
export function auditRoutes(service: AuditService) {
  return [implement(auditEndpoints.list, async (request) => service.list(request.query))];
}
