import { ledgerEndpoints } from '@eticket/contracts';
import { implement } from '../../platform/http/endpoints.ts';
import type { LedgerReportService } from './report-service.ts';

/** The Books page's day and month report. */
export function ledgerReportRoutes(service: LedgerReportService) {
  return [implement(ledgerEndpoints.report, async (request) => ({ data: await service.report(request.query) }))];
}
