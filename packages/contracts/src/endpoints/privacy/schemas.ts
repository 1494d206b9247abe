import { z } from 'zod';

/** The person's rights under the Nigeria Data Protection Act (issue 46; docs/data-protection.md). */

export const PRIVACY_REQUEST_KINDS = ['access', 'correction', 'erasure'] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];
export const PRIVACY_REQUEST_STATUSES = ['open', 'done', 'refused'] as const;
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number];

const row = z.record(z.string(), z.unknown());

/** Everything held about one person (GET /api/privacy/people/:id/archive); images inline, base64. */
export const personArchive = z.object({
  producedAt: z.string(),
  person: row,
  sections: z.record(z.string(), z.array(row)),
  images: z.array(z.object({ name: z.string(), type: z.string(), base64: z.string() })),
});
export type PersonArchive = z.infer<typeof personArchive>;
export const personArchiveResponse = z.object({ data: personArchive });

export const privacyRequestBody = z.object({
  kind: z.enum(PRIVACY_REQUEST_KINDS, { message: `kind must be one of ${PRIVACY_REQUEST_KINDS.join(', ')}` }),
  details: z
    .string({ message: 'details is required' })
    .trim()
    .min(3, 'details must say what the person asks (at least 3 characters)')
    .max(2000, 'details must be at most 2000 characters'),
});
export type PrivacyRequestBody = z.infer<typeof privacyRequestBody>;

/** The super-admin's decision; an approved erasure applies at once and the outcome says what was kept. */
export const privacyDecisionBody = z.object({
  status: z.enum(['done', 'refused'], { message: 'status must be done or refused' }),
  outcome: z.string({ message: 'outcome is required' }).trim().min(3, 'outcome must say what was done (at least 3 characters)').max(2000),
});
export type PrivacyDecisionBody = z.infer<typeof privacyDecisionBody>;

export const privacyRequestParams = z.object({
  id: z.uuid({ message: 'id must be a valid id' }),
  requestId: z.uuid({ message: 'requestId must be a valid id' }),
});

export const privacyRequest = z.object({
  id: z.string(),
  personId: z.string(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  details: z.string(),
  status: z.enum(PRIVACY_REQUEST_STATUSES),
  outcome: z.string().nullable(),
  receivedAt: z.string(),
  recordedBy: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
export type PrivacyRequest = z.infer<typeof privacyRequest>;
export const privacyRequestsResponse = z.object({ data: z.object({ items: z.array(privacyRequest) }) });
export const privacyRequestResponse = z.object({ data: privacyRequest, message: z.string() });

/** What the registration's privacy notice and /privacy say: the settings they name. */
export const privacyNotice = z.object({
  levyName: z.string(),
  dpoContact: z.string(),
  deletedPersonDays: z.number().int(),
  scanLocationDays: z.number().int(),
});
export type PrivacyNotice = z.infer<typeof privacyNotice>;
export const privacyNoticeResponse = z.object({ data: privacyNotice });
