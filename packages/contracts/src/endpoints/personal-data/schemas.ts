import { z } from 'zod';
import { PERSONAL_DATA_ACCESS_ACTIONS, PERSONAL_FIELDS } from '../../personal-data.ts';
import { listQuery, paginated } from '../../schemas/common.ts';

/**
 * POST /api/user/{id}/personal-data (Show on a person's details page): the fields the details
 * reply held back, and signed links to the images (each link a few minutes long). Recorded.
 */
export const revealedPersonalData = z.object({
  phone: z.string(),
  email: z.string(),
  address: z.string().nullable(),
  /** YYYY-MM-DD. */
  dob: z.string().nullable(),
  idType: z.string().nullable(),
  guarantor: z.object({ name: z.string(), phone: z.string(), address: z.string(), idType: z.string().nullable() }).nullable(),
  /** Signed URLs, valid for a few minutes; null when there is no such image. */
  images: z.object({
    portrait: z.string().nullable(),
    idFront: z.string().nullable(),
    idBack: z.string().nullable(),
    guarantorIdFront: z.string().nullable(),
    guarantorIdBack: z.string().nullable(),
  }),
});
export type RevealedPersonalData = z.infer<typeof revealedPersonalData>;
export const revealedPersonalDataResponse = z.object({ data: revealedPersonalData });

const uuidFilter = (name: string) => z.uuid({ message: `${name} must be a valid id` }).optional();

/**
 * GET /api/personal-data-access: page/limit and the date range like every list; person: looks at
 * this person; staff: looks by this staff member; search: a Unique ID, or part of the name, of the
 * person looked at or of who looked; action: one action exactly. Newest first.
 */
export const personalDataAccessQuery = listQuery.omit({ online: true }).extend({
  person: uuidFilter('person'),
  staff: uuidFilter('staff'),
  action: z.enum(PERSONAL_DATA_ACCESS_ACTIONS, { message: 'action must be one of details-view, reveal, export, signed-link, archive' }).optional(),
});
export type PersonalDataAccessQuery = z.input<typeof personalDataAccessQuery>;

const someone = z.object({ id: z.string(), fullName: z.string().nullable(), userCode: z.string().nullable() });

export const personalDataAccessEntry = z.object({
  id: z.string(),
  at: z.string(),
  action: z.enum(PERSONAL_DATA_ACCESS_ACTIONS),
  fields: z.array(z.enum(PERSONAL_FIELDS)),
  staff: someone.extend({ role: z.string().nullable() }),
  /** Null for an export of a list. */
  person: someone.nullable(),
  /** An export: the list's path, query and row count. */
  subject: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type PersonalDataAccessEntry = z.infer<typeof personalDataAccessEntry>;

export const personalDataAccessList = paginated(personalDataAccessEntry);
export type PersonalDataAccessList = z.infer<typeof personalDataAccessList>;
