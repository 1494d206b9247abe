import { endpoint } from './endpoint.ts';

const tags = ['profile'];

export const own = endpoint({
  method: 'GET',
  path: '/api/profile',
  permission: { capability: 'profile', access: 'read' },
  tags,
  description: 'The signed-in person.',
  response: { 200: 'profileReply' },
});

export const update = endpoint({
  method: 'POST',
  path: '/api/profile/:id',
  permission: { capability: 'profile', access: 'write' },
  tags,
  description: "Edits a person's profile (full name, phone, marital status, address).",
  params: 'idParam',
  body: 'profileUpdateRequest',
  response: { 200: 'profileUpdateReply' },
});
