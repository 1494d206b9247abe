import { LOCALES } from '@eticket/i18n';
import { z } from 'zod';
import { MARITAL_STATUSES } from '../../domain.ts';
import { newPasswordField } from '../../schemas/new-password.ts';
import { MESSAGES } from '../../messages.ts';

const required = (field: string) =>
  z
    .string({ message: `${field} is required` })
    .trim()
    .min(1, `${field} is required`);

/** POST /api/profile/{id} */
export const profileUpdateRequest = z.object({
  fullName: required('fullName')
    .max(120)
    .transform((v) => v.toLowerCase()),
  phone: required('phone').regex(/^\+?[0-9]{7,15}$/, 'phone must be a phone number (digits, optional leading +)'),
  maritalStatus: z.enum(MARITAL_STATUSES, { message: `maritalStatus must be one of ${MARITAL_STATUSES.join(', ')}` }),
  address: required('address')
    .max(300)
    .transform((v) => v.toLowerCase()),
});
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequest>;
export const PROFILE_FIELDS_REQUIRED_MESSAGE = MESSAGES.allFieldRequired;

export const documentItem = z.object({ name: z.string(), url: z.string() });

/** GET /api/profile → data */
export const profile = z.object({
  _id: z.string(),
  id: z.string(),
  userCode: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.string(),
  department: z.string().nullable(),
  agentRole: z.string().nullable(),
  unionRole: z.string().nullable(),
  unionName: z.string().nullable(),
  maritalStatus: z.string().nullable(),
  address: z.string().nullable(),
  registrationStatus: z.string(),
  lastLogin: z.string().nullable(),
  portraitSelfie: z.string().nullable(),
  documents: z.array(documentItem),
  /** The field app's language the person picked (issue 45); null: never chosen. */
  language: z.enum(LOCALES).nullable(),
});
export type Profile = z.infer<typeof profile>;

export const profileReply = z.object({ data: profile });
export const profileUpdateReply = z.object({ data: profile, message: z.string() });

/** PUT /api/profile/language: the caller's own field app language (issue 45). */
export const languageRequest = z.object({
  language: z.enum(LOCALES, { message: `language must be one of ${LOCALES.join(', ')}` }),
});
export type LanguageRequest = z.infer<typeof languageRequest>;
export const languageReply = z.object({ data: languageRequest });

/** POST /api/profile/password: the signed-in person's own password; every other session ends. */
export const passwordChangeRequest = z
  .object({
    currentPassword: z.string({ message: 'currentPassword is required' }).min(1, 'currentPassword is required').max(200, 'currentPassword is too long'),
    newPassword: newPasswordField('newPassword'),
  })
  .refine((body) => body.newPassword !== body.currentPassword, { message: MESSAGES.newPasswordSame, path: ['newPassword'] });
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequest>;
/** The caller's new token: the one it sent ended with the others. */
export const passwordChangeResponse = z.object({ message: z.string(), token: z.string() });
export type PasswordChangeResponse = z.infer<typeof passwordChangeResponse>;
