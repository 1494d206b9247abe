import { endpoint } from '../endpoint.ts';

/** Second approvals (issue 44; docs/approvals.md): the requests a second person approves or rejects. */
const tags = ['approvals'];
const read = { capability: 'approvals', access: 'read' } as const;

export const list = endpoint({
  method: 'GET',
  path: '/api/approvals',
  permission: read,
  tags,
  description:
    'Approval requests the caller may decide (they hold the kind’s permission) and the caller’s own, paged: pending first (oldest first), then the decided, newest first. ' +
    'state: one state; mine=true: only the caller’s own requests. Each says who asked, why, what changes (before and after) and what became of it.',
  query: 'approvalListQuery',
  response: { 200: 'approvalList' },
});

export const count = endpoint({
  method: 'GET',
  path: '/api/approvals/count',
  permission: read,
  tags,
  description: 'How many pending requests the caller may decide (not their own): the sidebar’s badge.',
  response: { 200: 'approvalCountResponse' },
});

export const approve = endpoint({
  method: 'POST',
  path: '/api/approvals/:id/approve',
  permission: read,
  tags,
  description:
    'Approves a pending request and applies it, in one transaction, as the action would have been applied. Only someone holding the kind’s permission who is not the maker. ' +
    'comment: optional. 403 for one’s own request; 409 when already decided or expired; the action’s own refusals (400, 404, 409) leave the request pending.',
  params: 'idParam',
  body: 'approvalApproveRequest',
  response: { 200: 'approvalDecisionResponse' },
});

export const reject = endpoint({
  method: 'POST',
  path: '/api/approvals/:id/reject',
  permission: read,
  tags,
  description: 'Rejects a pending request with a comment (required): nothing changes. Only someone holding the kind’s permission who is not the maker.',
  params: 'idParam',
  body: 'approvalRejectRequest',
  response: { 200: 'approvalDecisionResponse' },
});
