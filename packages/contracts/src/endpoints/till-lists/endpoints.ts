import { endpoint } from '../endpoint.ts';

const tags = ['tills'];
const read = { capability: 'tills', access: 'read' } as const;

export const openTills = endpoint({
  method: 'GET',
  path: '/api/tills',
  permission: read,
  tags,
  description:
    'Open tills, oldest first: remitter, opened at, expected cash (naira), collections, late collections, last collection, age in hours, ' +
    'and whether a limit is passed. search: part of the remitter’s name or the start of their Unique ID; overLimit=true: over a limit only; ' +
    'startDate/endDate: opened in that range (YYYY-MM-DD is a whole Africa/Lagos day).',
  query: 'openTillsQuery',
  response: { 200: 'openTillList' },
  exportable: true,
});

export const closes = endpoint({
  method: 'GET',
  path: '/api/tills/closes',
  permission: read,
  tags,
  description:
    'Till closes, newest first: counted, expected and variance (naira), lodgement, a short-lived link to the slip photo, the decision. ' +
    'status, remitter (an id), varianceOnly=true (approved closes whose count differed), search (the remitter), startDate/endDate (submitted).',
  query: 'tillClosesQuery',
  response: { 200: 'tillCloseList' },
  exportable: true,
});

export const close = endpoint({
  method: 'GET',
  path: '/api/tills/closes/:id',
  permission: read,
  tags,
  description: 'One close with the cash collections it covers (oldest first) and a short-lived link to its slip photo.',
  params: 'idParam',
  response: { 200: 'tillCloseDetailResponse', 404: 'messageResponse' },
});

export const summary = endpoint({
  method: 'GET',
  path: '/api/tills/summary',
  permission: read,
  tags,
  description:
    "The remitter dashboard's till cards: today's collections by mode, unlodged cash by remitter with its age (top 10), " +
    'remitters over a limit, and approved variances this month (count, short, over).',
  response: { 200: 'tillSummaryResponse' },
});
