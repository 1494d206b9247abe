import { endpoint } from '../endpoint.ts';

const tags = ['flags'];

export const list = endpoint({
  method: 'GET',
  path: '/api/flags',
  permission: { capability: 'flags', access: 'read' },
  tags,
  description:
    'Flags on field activity, newest first (received): rule, status (open, confirmed, false-alarm), agent (an id), ' +
    'startDate/endDate (received in that range; YYYY-MM-DD is a whole Africa/Lagos day).',
  query: 'flagListQuery',
  response: { 200: 'flagList' },
});

export const summary = endpoint({
  method: 'GET',
  path: '/api/flags/summary',
  permission: { capability: 'flags', access: 'read' },
  tags,
  description: 'Per rule: open, confirmed and false-alarm counts and the false-alarm rate; the agents with most open flags.',
  response: { 200: 'flagSummaryResponse' },
});

export const review = endpoint({
  method: 'PATCH',
  path: '/api/flags/:id',
  permission: { capability: 'flags', access: 'write' },
  tags,
  description: 'Reviews an open flag as confirmed or a false alarm, with an optional note. 409 when it was reviewed already.',
  params: 'idParam',
  body: 'flagReviewRequest',
  response: { 200: 'flagReviewResponse', 404: 'messageResponse', 409: 'messageResponse' },
});
