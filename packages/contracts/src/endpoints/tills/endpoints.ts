import { endpoint } from '../endpoint.ts';

/**
 * Remitters' tills (issue 42; docs/tills.md): the remitter's till and its close (field app), and the
 * close's approval (console). The lists (GET /api/tills…) are declared in till-lists.ts.
 */
const tags = ['tills'];

export const fieldTill = endpoint({
  method: 'GET',
  path: '/api/field/till',
  permission: { capability: 'field-payment', access: 'read' },
  tags,
  description:
    "The signed-in remitter's till: the open one (opened at, cash collections and how many arrived late, the last one), the close waiting for approval, " +
    'the latest rejected close with its reason, whether cash collection is paused and why, and the limits. No expected amount: the count is blind.',
  response: { 200: 'fieldTillResponse' },
});

export const closeTill = endpoint({
  method: 'POST',
  path: '/api/field/till/close',
  permission: { capability: 'field-payment', access: 'write' },
  leavesAccountsAlone: true,
  tags,
  description:
    'The remitter closes their open till(s) with a blind count and the lodgement. multipart/form-data: counted (naira, ≥ 0: the cash counted, which is the amount lodged), ' +
    'lodgementKind (deposit | transfer), for a deposit bankName, tellerNo and the image slip (a photo of the deposit slip: jpeg, png or webp, at most 5 MB, optional), ' +
    'for a transfer transferReference; lodgedOn (YYYY-MM-DD), capturedAt (the phone’s time). Requires an Idempotency-Key header: a repeat answers the first close. ' +
    'The answer has no expected amount; a manager approves or rejects the close. 409 when there is no cash to close or a close is already waiting.',
  headers: 'idempotencyHeaders',
  body: 'multipart',
  response: { 201: 'tillCloseResponse' },
});

export const approveClose = endpoint({
  method: 'POST',
  path: '/api/tills/closes/:id/approve',
  permission: { capability: 'tills', access: 'write' },
  leavesAccountsAlone: true,
  tags,
  description:
    'Approves a pending till close (not one’s own): posts the lodgement (levy bank ← the remitter’s till, the counted amount) and, when the count differs from the ' +
    'expected cash, the variance (a shortage owed by the remitter, or an overage), and closes its tills. reason: required when there is a variance. ' +
    '409 when the close was already decided. A close with a shortage answers 202 with the request sent for a second person’s approval when APPROVALS lists ' +
    'till-shortage-writeoff (docs/approvals.md).',
  params: 'idParam',
  body: 'tillApproveRequest',
  response: { 200: 'tillDecisionResponse', 202: 'approvalSentResponse' },
});

export const rejectClose = endpoint({
  method: 'POST',
  path: '/api/tills/closes/:id/reject',
  permission: { capability: 'tills', access: 'write' },
  leavesAccountsAlone: true,
  tags,
  description:
    'Rejects a pending till close (not one’s own) with a reason the remitter sees: its tills are open again, to be closed anew. Nothing is posted. ' +
    '409 when the close was already decided.',
  params: 'idParam',
  body: 'tillRejectRequest',
  response: { 200: 'tillDecisionResponse' },
});
