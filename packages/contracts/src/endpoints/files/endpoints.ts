import { endpoint } from '../endpoint.ts';

export const image = endpoint({
  method: 'GET',
  path: '/api/files/:key',
  // The link's signature is the permission.
  permission: { public: true },
  tags: ['files'],
  description: 'A stored image (ID card, selfie) for whoever holds a valid, unexpired signed link to it.',
  params: 'fileKeyParam',
  query: 'signedFileQuery',
});
