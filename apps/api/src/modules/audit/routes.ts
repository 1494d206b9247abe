import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditLogList, auditLogQuery } from '@eticket/contracts';
import type { AuditService } from './service.ts';

const DESCRIPTION =
  'Every change staff made (registrations, approvals, suspensions, deletions, forced logouts, profiles, passwords, plans, ' +
  'pauses, penalty charges and penalties, allocations and payouts), newest first, with who, when, and the record before and after. ' +
  'startDate/endDate: YYYY-MM-DD is a whole Africa/Lagos day (endDate inclusive), a timestamp that instant. ' +
  'action: one action exactly. search: a record id; else part of a name, email, phone or Unique ID of the person who acted, or of the person ' +
  "the record is of (the person; a subscription's motorist; an allocation's or a payout's union), as they were when the change was made.";

/** GET /api/audit-logs: the super-admin's Audit Log. */
export function auditRoutes(service: AuditService) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/audit-logs',
      {
        config: { permission: { capability: 'audit', access: 'read' } },
        schema: { tags: ['audit'], description: DESCRIPTION, querystring: auditLogQuery, response: { 200: auditLogList } },
      },
      async (request) => service.list(request.query),
    );
  };
}
