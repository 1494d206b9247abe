import { EXPORT_FILE_NAME } from '../../constants.ts';
import { endpoint } from '../endpoint.ts';

const tags = ['exports'];

export const request = endpoint({
  method: 'POST',
  path: '/api/exports',
  // The service checks the list call's own permission for the caller.
  permission: { signedIn: true },
  tags,
  description:
    "Asks for a download of a whole list (newest first) under the query its list call takes; the caller needs that list call's permission. " +
    'Answers a link that opens without the bearer token for 60 seconds.',
  body: 'exportRequest',
  response: { 201: 'exportResponse' },
});

export const download = endpoint({
  method: 'GET',
  path: '/api/exports/:token',
  // The signed token is the permission; the service checks its caller again.
  permission: { public: true },
  tags,
  description: `Streams the list as text/csv (${EXPORT_FILE_NAME}), from a link POST /api/exports answered.`,
  params: 'exportTokenParam',
});
