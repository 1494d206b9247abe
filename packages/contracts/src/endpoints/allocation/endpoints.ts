import { endpoint } from '../endpoint.ts';

const read = { capability: 'allocation', access: 'read' } as const;
const write = { capability: 'allocation', access: 'write' } as const;
const tags = ['allocation'];

export const banks = endpoint({
  method: 'GET',
  path: '/api/banks',
  // Remitters too: the bank of a transfer, POS or card payment is chosen from this list in the field app.
  permission: { capability: ['allocation', 'field-payment'], access: 'read' },
  tags,
  description: 'Banks for the allocation modal and for a remitter recording a payment that is not cash (from the configured bank provider).',
  response: { 200: 'bankListResponse' },
});

export const accountName = endpoint({
  method: 'GET',
  path: '/api/searchForBank',
  permission: read,
  tags,
  description: 'Account-name lookup. The account number is checked (NUBAN check digit) before the bank provider is asked.',
  query: 'searchForBankQuery',
  response: { 200: 'searchForBankResponse' },
});

export const stakeholders = endpoint({
  method: 'GET',
  path: '/api/stakeholders',
  permission: read,
  tags,
  description: 'Every stakeholder (a union, its bank account and its percentage of the revenue it shares).',
  response: { 200: 'stakeholderListResponse' },
});

export const createStakeholder = endpoint({
  method: 'POST',
  path: '/api/stakeholders',
  permission: write,
  tags,
  description: 'Makes a union a stakeholder with its bank account and percentage.',
  body: 'stakeholderCreateRequest',
  response: { 201: 'stakeholderResponse' },
});

export const updatePercentage = endpoint({
  method: 'PATCH',
  path: '/api/stakeholders/:id',
  permission: write,
  tags,
  description:
    'Changes the percentage only. Answers 201, as the allocation modal expects for both create and update (spec section 4). ' +
    "reason (optional) says why. 202 with the request sent for a second person's approval when APPROVALS lists stakeholder-percentage (docs/approvals.md).",
  params: 'idParam',
  body: 'stakeholderUpdateRequest',
  response: { 201: 'stakeholderResponse', 202: 'approvalSentResponse' },
});

export const stakeholder = endpoint({
  method: 'GET',
  path: '/api/stakeholders/:id',
  permission: read,
  tags,
  description: 'One stakeholder with its expected amount, amount paid and difference for the range (whole Lagos days).',
  params: 'idParam',
  query: 'allocationQuery',
  response: { 200: 'stakeholderDetailResponse' },
});

export const payouts = endpoint({
  method: 'GET',
  path: '/api/stakeholders/:id/payouts',
  permission: read,
  tags,
  description: "A stakeholder's payouts in the range, paged, newest first.",
  params: 'idParam',
  query: 'payoutListQuery',
  response: { 200: 'payoutListResponse' },
});

export const recordPayout = endpoint({
  method: 'POST',
  path: '/api/stakeholders/:id/payouts',
  permission: write,
  tags,
  description:
    "Records a payout made to a stakeholder; reason (optional) says why. 202 with the request sent for a second person's approval when APPROVALS lists payout " +
    '(docs/approvals.md).',
  params: 'idParam',
  body: 'payoutCreateRequest',
  response: { 201: 'payoutResponse', 202: 'approvalSentResponse' },
});

export const allocation = endpoint({
  method: 'GET',
  path: '/api/allocation',
  permission: read,
  tags,
  description: 'Every stakeholder with its expected amount, amount paid and difference for the range (whole Lagos days).',
  query: 'allocationQuery',
  response: { 200: 'allocationResponse' },
});
