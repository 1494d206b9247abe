import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { paginated, paymentRecordList, paymentRecordsQuery, recordsQuery, scanRecord } from '@eticket/contracts';
import type { RecordsService } from './service.ts';

const SEARCH_HELP =
  'search: a vehicle type, a subscription status (scans), a plan name or a mode of payment (payments), exactly; else the start of a Unique ID of the motorist or the agent, or (scans) part of a plate number. ' +
  "startDate/endDate: YYYY-MM-DD is a whole Africa/Lagos day (endDate inclusive); a timestamp is that instant. motorist (an id): that motorist's rows only. Newest first.";

const PAYMENT_HELP =
  SEARCH_HELP +
  ' vehicleType, plan, modeOfPayment, remitter (an id) and status filter too, all together. summary: the count and naira total of the whole filter.';

/** Scan Record, Transaction History and Penalty Payment History lists. */
export function recordRoutes(service: RecordsService) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const tags = ['records'];

    app.get(
      '/api/scan',
      {
        config: { permission: { capability: 'scans', access: 'read' } },
        schema: { tags, description: SEARCH_HELP, querystring: recordsQuery, response: { 200: paginated(scanRecord) } },
      },
      async (request) => service.scans(request.query),
    );

    app.get(
      '/api/sub-history',
      {
        config: { permission: { capability: 'transactions', access: 'read' } },
        schema: { tags, description: PAYMENT_HELP, querystring: paymentRecordsQuery, response: { 200: paymentRecordList } },
      },
      async (request) => service.subscriptionPayments(request.query),
    );

    app.get(
      '/api/penalty-history',
      {
        config: { permission: { capability: ['transactions', 'penalty'], access: 'read' } },
        schema: { tags, description: PAYMENT_HELP, querystring: paymentRecordsQuery, response: { 200: paymentRecordList } },
      },
      async (request) => service.penaltyPayments(request.query),
    );
  };
}
