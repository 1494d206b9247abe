import { endpoint } from '../endpoint.ts';

const tags = ['disputes'];
const read = { capability: 'disputes', access: 'read' } as const;
const write = { capability: 'disputes', access: 'write' } as const;

export const list = endpoint({
  method: 'GET',
  path: '/api/disputes',
  permission: read,
  tags,
  description:
    'Disputes sent from the public check pages, newest first, each with what it is about (motorist and plate, agent, receipt, the latest scan), ' +
    'its assignee, its age against 72 hours and the reporter’s phone masked. state, reason, age (overdue | due), search (the reference, the page’s code or the receipt number), ' +
    'startDate/endDate (sent).',
  query: 'disputeListQuery',
  response: { 200: 'disputeList' },
});

export const summary = endpoint({
  method: 'GET',
  path: '/api/disputes/summary',
  permission: read,
  tags,
  description: 'The admin dashboard’s counts: open, in review, overdue (unresolved after 72 hours), resolved in the last 7 days.',
  response: { 200: 'disputeSummaryResponse' },
});

export const assignees = endpoint({
  method: 'GET',
  path: '/api/disputes/assignees',
  permission: read,
  tags,
  description: 'The staff a dispute may be assigned to: approved admins and super-admins.',
  response: { 200: 'disputeAssignees' },
});

export const detail = endpoint({
  method: 'GET',
  path: '/api/disputes/:id',
  permission: read,
  tags,
  description: 'One dispute with its notes, oldest first.',
  params: 'idParam',
  response: { 200: 'disputeDetailResponse', 404: 'messageResponse' },
});

export const assign = endpoint({
  method: 'POST',
  path: '/api/disputes/:id/assign',
  permission: write,
  leavesAccountsAlone: true,
  tags,
  description: 'Assigns an unresolved dispute to a staff member (one of the assignees); it is then in review. 409 when it is resolved.',
  params: 'idParam',
  body: 'disputeAssignRequest',
  response: { 200: 'disputeActionResponse', 404: 'messageResponse', 409: 'messageResponse' },
});

export const addNote = endpoint({
  method: 'POST',
  path: '/api/disputes/:id/notes',
  permission: write,
  leavesAccountsAlone: true,
  tags,
  description: 'Adds a staff note to a dispute (at most 1,000 characters).',
  params: 'idParam',
  body: 'disputeNoteRequest',
  response: { 200: 'disputeActionResponse', 404: 'messageResponse' },
});

export const resolve = endpoint({
  method: 'POST',
  path: '/api/disputes/:id/resolve',
  permission: write,
  leavesAccountsAlone: true,
  tags,
  description:
    'Resolves a dispute once: upheld or not_upheld, with an outcome text (at most 300 characters) texted to the phone the reporter gave ' +
    '(through the SMS outbox, in the same transaction). 409 when it is resolved already.',
  params: 'idParam',
  body: 'disputeResolveRequest',
  response: { 200: 'disputeActionResponse', 404: 'messageResponse', 409: 'messageResponse' },
});
