import { endpoint } from '../endpoint.ts';

const tags = ['subscriptions'];
const write = { capability: 'subscriptions', access: 'write' } as const;

export const createPlan = endpoint({
  method: 'POST',
  path: '/api/subscription',
  permission: write,
  tags,
  description: 'Creates a plan: a name, a vehicle type and its price in naira.',
  body: 'planCreateRequest',
  response: { 201: 'planResponse' },
});

/** Staff who manage plans, registrars (a motorist registers for a plan) and remitters (who take payments). */
export const plans = endpoint({
  method: 'GET',
  path: '/api/subscription',
  permission: { capability: ['subscriptions', 'motorists', 'field-payment'], access: 'read' },
  tags,
  description: 'The plans not deleted, by vehicle type then price; types: those of one vehicle type only.',
  query: 'planListQuery',
  response: { 200: 'planListResponse' },
});

export const updatePlan = endpoint({
  method: 'PATCH',
  path: '/api/subscription/:id',
  permission: write,
  tags,
  description:
    "Changes a plan's name, vehicle type or price; reason (optional) says why. A price change answers 202 with the request sent for a second person's approval " +
    'when APPROVALS lists plan-price (docs/approvals.md).',
  params: 'idParam',
  body: 'planUpdateRequest',
  response: { 200: 'planResponse', 202: 'approvalSentResponse' },
});

export const deletePlan = endpoint({
  method: 'DELETE',
  path: '/api/subscription/:id',
  permission: write,
  tags,
  description: 'Retires the plan: it can no longer be paid for; subscriptions and payments that name it keep their history.',
  params: 'idParam',
  response: { 200: 'messageResponse' },
});

/** Pause and resume: super-admin and admin (spec section 6). id: the subscription's, or its motorist's. */
export const pause = endpoint({
  method: 'PATCH',
  path: '/api/subscription/pause/:id',
  permission: write,
  tags,
  description: 'Pauses the subscription (its remaining time is frozen). The body may say why ({ reason }); the audit log keeps it.',
  params: 'idParam',
  body: 'pauseSubscriptionRequest',
  response: { 200: 'subscriptionActionResponse' },
});

export const resume = endpoint({
  method: 'PATCH',
  path: '/api/subscription/resume/:id',
  permission: write,
  tags,
  description: 'Resumes a paused subscription: its frozen remaining time runs again from now.',
  params: 'idParam',
  response: { 200: 'subscriptionActionResponse' },
});
