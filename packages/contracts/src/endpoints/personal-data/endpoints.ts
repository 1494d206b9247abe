import { endpoint } from '../endpoint.ts';

const tags = ['personal data'];

export const reveal = endpoint({
  method: 'POST',
  path: '/api/user/:id/personal-data',
  // Whether the caller may reveal this person's data is the service's check (mayRevealPersonalData).
  permission: { signedIn: true },
  tags,
  description:
    "Show on a person's details page: their phone, email, address, date of birth, ID type and guarantor, and signed links to their " +
    'portrait and ID images, for whoever may manage a person of that role. Recorded in the record of every look (a reveal, and a signed-link per image issued).',
  params: 'personIdParam',
  response: { 200: 'revealedPersonalDataResponse' },
});

export const accessRecord = endpoint({
  method: 'GET',
  path: '/api/personal-data-access',
  permission: { capability: 'access-record', access: 'read' },
  tags,
  description:
    'The record of every look at personal data (details views, Shows, exports of personal fields, signed links, archives), newest first: who, when, which person, which fields, from where. ' +
    'person: looks at this person; staff: looks by this staff member; search: a Unique ID, or part of the name, of the person looked at or of who looked; action: one action exactly; startDate/endDate: YYYY-MM-DD is a whole Africa/Lagos day (endDate inclusive).',
  query: 'personalDataAccessQuery',
  response: { 200: 'personalDataAccessList' },
});
