import { recordEndpoints } from '@eticket/contracts';
import { implement } from '../../platform/http/endpoints.ts';
import type { RecordsService } from './service.ts';

/** Scan Record, Transaction History and Penalty Payment History lists. */
export function recordRoutes(service: RecordsService) {
  return [
    implement(recordEndpoints.scans, async (request) => service.scans(request.query)),
    implement(recordEndpoints.subscriptionPayments, async (request) => service.subscriptionPayments(request.query)),
    implement(recordEndpoints.penaltyPayments, async (request) => service.penaltyPayments(request.query)),
  ];
}
