import { endpoint } from '../endpoint.ts';

const tags = ['penalties'];
const write = { capability: 'penalty', access: 'write' } as const;

export const createCharge = endpoint({
  method: 'POST',
  path: '/api/penalty',
  permission: write,
  tags,
  description: 'Creates the penalty charge of a vehicle type (naira): what a scan of an expired subscription adds, at most once per Lagos day.',
  body: 'penaltyChargeCreateRequest',
  response: { 201: 'penaltyChargeResponse' },
});

/** Staff who manage penalties, and the field agents who apply or collect them. */
export const charges = endpoint({
  method: 'GET',
  path: '/api/penalty',
  permission: { capability: ['penalty', 'field-scan', 'field-payment'], access: 'read' },
  tags,
  description: 'The penalty charge of each vehicle type.',
  response: { 200: 'penaltyChargeListResponse' },
});

export const updateCharge = endpoint({
  method: 'PATCH',
  path: '/api/penalty/:id',
  permission: write,
  tags,
  description:
    "Changes a penalty charge's vehicle type or price. reason (optional) says why. A price change answers 202 with the request sent for a second person's approval " +
    'when APPROVALS lists penalty-charge-price (docs/approvals.md).',
  params: 'idParam',
  body: 'penaltyChargeUpdateRequest',
  response: { 200: 'penaltyChargeResponse', 202: 'approvalSentResponse' },
});

export const setOutstanding = endpoint({
  method: 'POST',
  path: '/api/specificPenalty',
  permission: write,
  tags,
  description:
    "Sets a motorist's outstanding penalty: subID (or id) names the subscription (or its motorist), price is in naira (0 clears it), " +
    'reason (optional) says why. Raising it above the ceiling (the setting penalty_ceiling_multiple, 10 unless changed, × the ' +
    "penalty charge of the motorist's vehicle type) is refused with 400. Lowering it answers 202 with the request sent for a second person's approval " +
    'when APPROVALS lists penalty-waive (docs/approvals.md).',
  body: 'specificPenaltyRequest',
  response: { 200: 'subscriptionActionResponse', 202: 'approvalSentResponse' },
});

export const changes = endpoint({
  method: 'GET',
  path: '/api/penalty-changes',
  permission: { capability: 'penalty', access: 'read' },
  tags,
  description:
    "One motorist's penalty changes (motorist: their id), paged, newest first: the amount before and after in naira, the reason, and who changed it (the motorist's details page).",
  query: 'penaltyChangesQuery',
  response: { 200: 'penaltyChangeList' },
});
