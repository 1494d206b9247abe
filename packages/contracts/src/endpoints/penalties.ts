import { endpoint } from './endpoint.ts';

const tags = ['penalties'];

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
