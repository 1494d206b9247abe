import { endpoint } from '../endpoint.ts';

export const list = endpoint({
  method: 'GET',
  path: '/api/audit-logs',
  permission: { capability: 'audit', access: 'read' },
  tags: ['audit'],
  description:
    'Every change staff made (registrations, approvals, suspensions, deletions, forced logouts, profiles, passwords, plans, ' +
    'pauses, penalty charges and penalties, allocations and payouts), newest first, with who, when, and the record before and after. ' +
    'startDate/endDate: YYYY-MM-DD is a whole Africa/Lagos day (endDate inclusive), a timestamp that instant. ' +
    'action: one action exactly. search: a record id; else part of a name, email, phone or Unique ID of the person who acted, or of the person ' +
    "the record is of (the person; a subscription's motorist; an allocation's or a payout's union), as they were when the change was made.",
  query: 'auditLogQuery',
  response: { 200: 'auditLogList' },
  exportable: true,
});
