import { endpoint } from '../endpoint.ts';

const tags = ['privacy'];

export const archive = endpoint({
  method: 'GET',
  path: '/api/privacy/people/:id/archive',
  permission: { capability: 'privacy', access: 'write' },
  tags,
  description:
    'Everything held about one person (an access request under the Nigeria Data Protection Act): account, profile, vehicle, guarantor, ' +
    'subscription, payments, scans, texts sent, staff actions on them, their requests, who looked, and their images (base64). ' +
    'Producing it is recorded in the audit log.',
  params: 'idParam',
  response: { 200: 'personArchiveResponse' },
});

export const requests = endpoint({
  method: 'GET',
  path: '/api/privacy/people/:id/requests',
  permission: { capability: 'privacy', access: 'read' },
  tags,
  description: "A person's access, correction and erasure requests with their outcomes, newest first.",
  params: 'idParam',
  response: { 200: 'privacyRequestsResponse' },
});

export const recordRequest = endpoint({
  method: 'POST',
  path: '/api/privacy/people/:id/requests',
  permission: { capability: 'privacy', access: 'write' },
  tags,
  description: 'Records a request the person made (access, correction, erasure); it stays open until decided.',
  params: 'idParam',
  body: 'privacyRequestBody',
  response: { 201: 'privacyRequestResponse' },
});

export const decideRequest = endpoint({
  method: 'POST',
  path: '/api/privacy/people/:id/requests/:requestId/decision',
  permission: { capability: 'privacy', access: 'write' },
  tags,
  description:
    'Closes an open request with its outcome. An erasure marked done deletes the person (if not yet) and erases their personal data ' +
    'at once; financial records stay, anonymised, and the outcome says what was kept and why.',
  params: 'privacyRequestParams',
  body: 'privacyDecisionBody',
  response: { 200: 'privacyRequestResponse' },
});

export const notice = endpoint({
  method: 'GET',
  path: '/api/privacy/notice',
  permission: { signedIn: true },
  tags,
  description: "What the registration's privacy notice names: the levy, the data protection officer's contact, the retention periods.",
  response: { 200: 'privacyNoticeResponse' },
});
