import { endpoint } from '../endpoint.ts';

const tags = ['people'];

const LIST_HELP =
  "search: a registration status (pending, approved, suspended, declined) exactly, else text of the person's record (a motorist's plate number too). status: only people of this registration status (pending, approved, suspended), the search applying within them. view=new: the new-person pages' list, people awaiting approval (the search applying within them). online: signed in or not. startDate/endDate: when they were added. Newest first.";

const formHelp = (kind: string, images: string) =>
  `multipart/form-data: the text fields of ${kind}Registration in the contracts, and the images ${images} (jpeg, png or webp, at most 5 MB each, optional). ` +
  'An optional Idempotency-Key header (a phone sending its queue) makes a repeat answer the first registration and record nothing new.';

/** Whoever manages some kind of person; the service checks the person's own role. */
const MANAGES_PEOPLE = ['admins', 'managers', 'remitters', 'enforcers', 'registrars', 'unions', 'motorists'] as const;
const AGENTS = ['remitters', 'enforcers', 'registrars'] as const;

export const name = endpoint({
  method: 'GET',
  path: '/api/user/:id',
  permission: { capability: 'dashboard', access: 'read' },
  tags,
  description: "A person's name (for the ids of who added, approved or suspended someone, and of scanners).",
  params: 'idParam',
  response: { 200: 'userNameResponse' },
});

export const byCode = endpoint({
  method: 'POST',
  path: '/api/user',
  permission: { capability: ['motorists', 'penalty'], access: 'read' },
  tags,
  description:
    "Finds a person by Unique ID, among those whose list the caller may see; a motorist comes with their open ticket subscription (the penalty page's lookup).",
  body: 'userByCodeRequest',
  response: { 200: 'personByCodeResponse' },
});

// Registration (multipart, but a union's, which has no images).

export const registerAdmin = endpoint({
  method: 'POST',
  path: '/api/admin/register',
  permission: { capability: 'admins', access: 'write' },
  tags,
  description: formHelp('admin', 'front, back'),
  headers: 'optionalIdempotencyHeaders',
  body: 'multipart',
  response: { 201: 'registrationResponse' },
});

export const registerManager = endpoint({
  method: 'POST',
  path: '/api/manager/register',
  permission: { capability: 'managers', access: 'write' },
  tags,
  description: formHelp('manager', 'front, back, frontGuarantor, backGuarantor'),
  headers: 'optionalIdempotencyHeaders',
  body: 'multipart',
  response: { 201: 'registrationResponse' },
});

export const registerAgent = endpoint({
  method: 'POST',
  path: '/api/agent/register',
  permission: { capability: AGENTS, access: 'write' },
  tags,
  description: formHelp('agent', 'front, back, frontGuarantor, backGuarantor, portraitSelfie'),
  headers: 'optionalIdempotencyHeaders',
  body: 'multipart',
  response: { 201: 'registrationResponse' },
});

export const registerMotorist = endpoint({
  method: 'POST',
  path: '/api/motorist/register',
  permission: { capability: 'motorists', access: 'write' },
  tags,
  description: formHelp('motorist', 'front, back, portraitSelfie'),
  headers: 'optionalIdempotencyHeaders',
  body: 'multipart',
  response: { 201: 'registrationResponse' },
});

export const registerUnion = endpoint({
  method: 'POST',
  path: '/api/union/register',
  permission: { capability: 'unions', access: 'write' },
  tags,
  description: 'Registers a union account (JSON: no images).',
  body: 'unionRegistration',
  response: { 201: 'registrationResponse' },
});

// Lists: each can be downloaded whole as CSV (endpoints/exports/schemas.ts EXPORT_PATHS).

export const admins = endpoint({
  method: 'GET',
  path: '/api/admin/user',
  permission: { capability: 'admins', access: 'read' },
  tags,
  description: LIST_HELP,
  query: 'peopleListQuery',
  response: { 200: 'personList' },
  exportable: true,
});

export const managers = endpoint({
  method: 'GET',
  path: '/api/manager/user',
  permission: { capability: 'managers', access: 'read' },
  tags,
  description: LIST_HELP,
  query: 'peopleListQuery',
  response: { 200: 'personList' },
  exportable: true,
});

export const agents = endpoint({
  method: 'GET',
  path: '/api/agent/user',
  permission: { capability: AGENTS, access: 'read' },
  tags,
  description: `${LIST_HELP} role: which agents (remitter, enforcer or registrar).`,
  query: 'agentListQuery',
  response: { 200: 'personList' },
  exportable: true,
});

export const unions = endpoint({
  method: 'GET',
  path: '/api/union/user',
  permission: { capability: 'unions', access: 'read' },
  tags,
  description: LIST_HELP,
  query: 'peopleListQuery',
  response: { 200: 'personList' },
  exportable: true,
});

export const motorists = endpoint({
  method: 'GET',
  path: '/api/motorist/user',
  permission: { capability: 'motorists', access: 'read' },
  tags,
  description: LIST_HELP,
  query: 'peopleListQuery',
  response: { 200: 'personList' },
  exportable: true,
});

export const detail = endpoint({
  method: 'GET',
  path: '/api/user/:id/details',
  // Whom the caller may see is the service's check (the lists' capabilities).
  permission: { signedIn: true },
  tags,
  description: "A person's whole record, if the caller may see their list.",
  params: 'personIdParam',
  response: { 200: 'personDetailResponse' },
});

// Actions on a person (forced logout is POST /api/logout/{id}, in auth.ts).

export const approve = endpoint({
  method: 'POST',
  path: '/api/approve/:id',
  permission: { capability: MANAGES_PEOPLE, access: 'write' },
  tags,
  description: 'Approves a person the caller manages who is not approved yet; audited.',
  params: 'personIdParam',
  response: { 200: 'personActionResponse' },
});

export const suspend = endpoint({
  method: 'POST',
  path: '/api/suspend/:id',
  permission: { capability: MANAGES_PEOPLE, access: 'write' },
  tags,
  description: 'Suspends a person the caller manages (their sessions end); audited.',
  params: 'personIdParam',
  response: { 200: 'personActionResponse' },
});

export const remove = endpoint({
  method: 'POST',
  path: '/api/deleted/:id',
  // Deleting also needs the caller's 'delete-people' (spec section 6: not for admin, manager, union, user).
  permission: { capability: ['delete-people'], access: 'write' },
  tags,
  description: 'Deletes a person the caller manages (kept for the records, gone from the lists); audited.',
  params: 'personIdParam',
  response: { 200: 'personActionResponse' },
});

export const textLanguage = endpoint({
  method: 'POST',
  path: '/api/motorist/:id/text-language',
  permission: { capability: 'motorists', access: 'write' },
  tags,
  description: "Sets the language of a motorist's texts (en, pcm, ha, yo, ig: receipts and reminders from now on); audited.",
  params: 'personIdParam',
  body: 'textLanguageChange',
  response: { 200: 'personActionResponse' },
});
