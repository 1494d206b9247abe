import { endpoint } from '../endpoint.ts';

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

export const setLanguage = endpoint({
  method: 'PUT',
  path: '/api/profile/language',
  // Everyone signed in has their own profile: the language set is the caller's own.
  permission: { capability: 'profile', access: 'read' },
  tags,
  description: "Keeps the caller's field app language on their account (en, pcm, ha, yo, ig); the app applies it at their sign-in.",
  body: 'languageRequest',
  response: { 200: 'languageReply' },
});

export const changePassword = endpoint({
  method: 'POST',
  path: '/api/profile/password',
  // Everyone signed in has their own profile: the password changed is the caller's own.
  permission: { capability: 'profile', access: 'read' },
  tags,
  description: "Changes the caller's own password (the current one must match); every other session ends and the reply carries the caller's new token.",
  body: 'passwordChangeRequest',
  response: { 200: 'passwordChangeResponse' },
});
