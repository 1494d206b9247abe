import { endpoint } from '../endpoint.ts';

const tags = ['online payments'];

export const dedicatedAccount = endpoint({
  method: 'GET',
  path: '/api/dedicated-accounts/:userId',
  permission: { capability: 'motorists', access: 'read' },
  tags,
  description: "A motorist's own bank account for the levy (a dedicated virtual account at the provider): its number and bank, or its state.",
  params: 'userIdParam',
  response: { 200: 'dedicatedAccountResponse' },
});

export const assignDedicatedAccount = endpoint({
  method: 'POST',
  path: '/api/dedicated-accounts/:userId',
  permission: { capability: 'motorists', access: 'write' },
  tags,
  description:
    "Asks the provider for the motorist's dedicated account now (an assigned one is answered as it is). 409 when the setting is off or the motorist is not approved.",
  params: 'userIdParam',
  response: { 201: 'dedicatedAccountAssignResponse' },
});

export const suspenseList = endpoint({
  method: 'GET',
  path: '/api/suspense',
  permission: { capability: 'books', access: 'read' },
  tags,
  description: 'Money received online that paid nothing yet (suspense), newest first; status: open, assigned or refunded.',
  query: 'suspenseListQuery',
  response: { 200: 'suspenseListResponse' },
});

export const assignSuspense = endpoint({
  method: 'POST',
  path: '/api/suspense/:id/assign',
  permission: { capability: 'books', access: 'write' },
  tags,
  description:
    "Assigns an open suspense item to a motorist's plan (its price must be the amount) or penalty (at most what is owed): " +
    'a payment like the others (receipt, text), posted suspense → revenue.',
  params: 'idParam',
  body: 'suspenseAssignRequest',
  response: { 201: 'suspenseItemResponse', 202: 'approvalSentResponse' },
});

export const refundSuspense = endpoint({
  method: 'POST',
  path: '/api/suspense/:id/refund',
  permission: { capability: 'books', access: 'write' },
  tags,
  description: "Records an open suspense item's refund through the provider (its reference): posted suspense → the provider's clearing account.",
  params: 'idParam',
  body: 'suspenseRefundRequest',
  response: { 201: 'suspenseItemResponse', 202: 'approvalSentResponse' },
});

export const settlement = endpoint({
  method: 'GET',
  path: '/api/settlement',
  permission: { capability: 'books', access: 'read' },
  tags,
  description:
    "A Lagos day's settlement match (day: YYYY-MM-DD; unset: the latest run): the provider's transactions against the ledger, each difference, fees.",
  query: 'settlementQuery',
  response: { 200: 'settlementResponse' },
});

export const runSettlement = endpoint({
  method: 'POST',
  path: '/api/settlement',
  permission: { capability: 'books', access: 'write' },
  tags,
  description: "Runs a Lagos day's settlement match now (the daily job runs yesterday's) and answers it.",
  body: 'settlementRunRequest',
  response: { 201: 'settlementRunResponse' },
});
