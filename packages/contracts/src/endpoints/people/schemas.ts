import { z } from 'zod';
import { newPasswordField } from '../../schemas/new-password.ts';
import {
  AGENT_ROLES,
  DEPARTMENTS,
  GENDERS,
  ID_TYPES,
  MARITAL_STATUSES,
  PLAN_NAMES,
  REGISTRATION_STATUSES,
  ROLES,
  TEXT_LANGUAGES,
  UNION_ROLES,
  VEHICLE_TYPES,
} from '../../domain.ts';
import { MESSAGES } from '../../messages.ts';
import { PERSONAL_FIELDS } from '../../personal-data.ts';
import { listQuery, paginated } from '../../schemas/common.ts';
import { ticketSubscription } from '../subscriptions/schemas.ts';

// ---------------------------------------------------------------------------------------------
// Field rules. Every message names its field. Text is trimmed and lower-cased (spec section 5);
// an optional field sent empty counts as not given (null).

const requiredMessage = (field: string) => `${field} is required`;
const choiceMessage = (field: string, values: readonly string[]) => `${field} must be one of ${values.join(', ')}`;
const tooLong = (field: string, max: number) => `${field} must be at most ${max} characters`;

const requiredText = (field: string, max: number) =>
  z
    .string({ message: requiredMessage(field) })
    .trim()
    .toLowerCase()
    .min(1, requiredMessage(field))
    .max(max, tooLong(field, max));

const optionalText = (field: string, max: number) =>
  z
    .string({ message: `${field} must be text` })
    .trim()
    .toLowerCase()
    .max(max, tooLong(field, max))
    .optional()
    .transform((value) => value || null);

const requiredChoice = <const T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z
    .string({ message: requiredMessage(field) })
    .trim()
    .toLowerCase()
    .min(1, requiredMessage(field))
    .pipe(z.enum(values, { message: choiceMessage(field, values) }));

const optionalChoice = <const T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z
    .string({ message: choiceMessage(field, values) })
    .trim()
    .toLowerCase()
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.enum(values, { message: choiceMessage(field, values) }).optional())
    .transform((value) => value ?? null);

/** Digits with an optional leading +; spaces and dashes are dropped. */
const phoneField = (field: string) =>
  z
    .string({ message: requiredMessage(field) })
    .trim()
    .min(1, requiredMessage(field))
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\+?[0-9]{7,15}$/, `${field} must be a phone number (digits, optional leading +)`));

const emailField = z
  .string({ message: requiredMessage('email') })
  .trim()
  .toLowerCase()
  .min(1, requiredMessage('email'))
  .max(254, tooLong('email', 254))
  .pipe(z.email('email must be a valid email address'));

/** A calendar date, YYYY-MM-DD, not in the future. */
const dateOfBirthField = z
  .string({ message: requiredMessage('dob') })
  .trim()
  .min(1, requiredMessage('dob'))
  .pipe(z.iso.date({ message: 'dob must be a date written YYYY-MM-DD' }))
  .refine((value) => value >= '1900-01-01' && value <= new Date().toISOString().slice(0, 10), 'dob must be a past date');

/** Plate numbers are compared as written, lower-cased, with runs of spaces made one. */
const plateNumberField = requiredText('plateNumber', 20).transform((value) => value.replace(/\s+/g, ' '));

const personalFields = {
  email: emailField,
  password: newPasswordField('password'),
  fullName: requiredText('fullName', 120),
  phone: phoneField('phone'),
};

const identityFields = {
  idType: optionalChoice('idType', ID_TYPES),
  maritalStatus: optionalChoice('maritalStatus', MARITAL_STATUSES),
};

/** The refusal of a motorist's registration without the privacy notice given. */
export const PRIVACY_NOTICE_REQUIRED = 'privacyNoticeGiven is required';

const guarantorFields = {
  guarantorsName: requiredText('guarantorsName', 120),
  guarantorsPhone: phoneField('guarantorsPhone'),
  guarantorsAddress: requiredText('guarantorsAddress', 300),
  guarantorsIDType: optionalChoice('guarantorsIDType', ID_TYPES),
};

// ---------------------------------------------------------------------------------------------
// Registration (spec sections 3 and 5). The multipart calls carry these as text fields, and the
// images named in REGISTRATION_IMAGE_FIELDS as files (jpeg, png or webp, at most 5 MB, optional).
// Reply: 201 registrationResponse.

/** POST /api/admin/register (multipart). */
export const adminRegistration = z.object({
  ...personalFields,
  ...identityFields,
  address: optionalText('address', 300),
});
export type AdminRegistration = z.infer<typeof adminRegistration>;

/** POST /api/manager/register (multipart). */
export const managerRegistration = z.object({
  ...personalFields,
  ...identityFields,
  address: requiredText('address', 300),
  department: requiredChoice('department', DEPARTMENTS),
  ...guarantorFields,
});
export type ManagerRegistration = z.infer<typeof managerRegistration>;

/** POST /api/agent/register (multipart): remitters, enforcers and registrars. */
export const agentRegistration = z.object({
  ...personalFields,
  ...identityFields,
  address: requiredText('address', 300),
  route: requiredText('route', 120),
  role: requiredChoice('role', AGENT_ROLES),
  ...guarantorFields,
});
export type AgentRegistration = z.infer<typeof agentRegistration>;

/**
 * POST /api/motorist/register (multipart). vehicleType is required by the server (plans and
 * penalty charges are priced per vehicle type); subscription is the plan name the motorist asked for.
 */
export const motoristRegistration = z.object({
  ...personalFields,
  address: requiredText('address', 300),
  dob: dateOfBirthField,
  gender: optionalChoice('gender', GENDERS),
  ...identityFields,
  serialID: optionalText('serialID', 50),
  route: requiredText('route', 120),
  plateNumber: plateNumberField,
  vehicleType: requiredChoice('vehicleType', VEHICLE_TYPES),
  vehicleModel: optionalText('vehicleModel', 80),
  subscription: optionalChoice('subscription', PLAN_NAMES),
  /** The language of the texts the motorist gets (issue 45); English when not given. */
  textLanguage: optionalChoice('textLanguage', TEXT_LANGUAGES).transform((value) => value ?? 'en'),
  /** The registrar read the privacy notice to the motorist (issue 46): 'true', recorded as users.privacy_notice_at. */
  privacyNoticeGiven: z.literal('true', { message: PRIVACY_NOTICE_REQUIRED }),
});
export type MotoristRegistration = z.infer<typeof motoristRegistration>;

/** POST /api/union/register (json). role is the union role. */
export const unionRegistration = z.object({
  ...personalFields,
  role: requiredChoice('role', UNION_ROLES),
  unionName: optionalText('unionName', 120),
});
export type UnionRegistration = z.infer<typeof unionRegistration>;

export const REGISTRATION_KINDS = ['admin', 'manager', 'agent', 'motorist', 'union'] as const;
export type RegistrationKind = (typeof REGISTRATION_KINDS)[number];

/** The image files each multipart registration accepts (all optional). */
export const REGISTRATION_IMAGE_FIELDS = {
  admin: ['front', 'back'],
  manager: ['front', 'back', 'frontGuarantor', 'backGuarantor'],
  // The agent's portrait is their ID card's photo and the public agent page's (/a/{code}).
  agent: ['front', 'back', 'frontGuarantor', 'backGuarantor', 'portraitSelfie'],
  motorist: ['front', 'back', 'portraitSelfie'],
  union: [],
} as const satisfies Record<RegistrationKind, readonly string[]>;
export type RegistrationImageField = (typeof REGISTRATION_IMAGE_FIELDS)[RegistrationKind][number];

export const registrationResponse = z.object({
  message: z.string(),
  data: z.object({
    _id: z.string(),
    id: z.string(),
    userCode: z.string(),
    fullName: z.string(),
    role: z.enum(ROLES),
    registrationStatus: z.enum(REGISTRATION_STATUSES),
  }),
});
export type RegistrationResponse = z.infer<typeof registrationResponse>;

// ---------------------------------------------------------------------------------------------
// Lists (GET /api/{admin,manager,union,motorist}/user, /api/agent/user?role=…) and the record.

/**
 * Search text equal to one of these filters by registration status instead of by text (the
 * console's Status filter). 'declined' is a status the spec offers but no one has: no rows.
 */
export const STATUS_SEARCH_TERMS = ['pending', 'approved', 'suspended', 'declined'] as const;

/** Which of a kind's lists is read: `new`, a new-person page's list (the server decides what it holds: people awaiting approval). */
export const PEOPLE_LIST_VIEWS = ['new'] as const;

/**
 * GET /api/{admin,manager,union,motorist}/user: the list query, and status: only people of this
 * registration status, whatever the search; view: a page's list the server defines (view=new, the
 * new-person pages: people awaiting approval, the search applying within them).
 */
export const peopleListQuery = listQuery.extend({
  status: z.enum(REGISTRATION_STATUSES, { message: `status must be one of ${REGISTRATION_STATUSES.join(', ')}` }).optional(),
  view: z.enum(PEOPLE_LIST_VIEWS, { message: `view must be one of ${PEOPLE_LIST_VIEWS.join(', ')}` }).optional(),
});
export type PeopleListQuery = z.infer<typeof peopleListQuery>;

/** GET /api/agent/user: the people list query plus which agents. */
export const agentListQuery = peopleListQuery.extend({ role: requiredChoice('role', AGENT_ROLES) });
export type AgentListQuery = z.infer<typeof agentListQuery>;

/** The nested user of a record (spec: userID); in this server a record is its own user. */
export const personUser = z.object({
  _id: z.string(),
  fullName: z.string(),
  phone: z.string(),
  email: z.string(),
  registrationStatus: z.enum(REGISTRATION_STATUSES),
});

/** ID type and signed URLs of the front and back images (null when not uploaded). */
export const personIdentity = z.object({ Name: z.string().nullable(), front: z.string().nullable(), back: z.string().nullable() });

export const personVehicle = z.object({
  plateNumber: z.string(),
  vehicleModel: z.string().nullable(),
  vehicleType: z.enum(VEHICLE_TYPES),
});

export const personGuarantor = z.object({
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  identity: personIdentity,
});

/** Staff/user record of spec section 3: one row of every people list, and the detail page's data. */
export const personRecord = z.object({
  _id: z.string(),
  id: z.string(),
  userCode: z.string(),
  fullName: z.string(),
  role: z.enum(ROLES),
  agentRole: z.enum(AGENT_ROLES).nullable(),
  department: z.enum(DEPARTMENTS).nullable(),
  unionRole: z.enum(UNION_ROLES).nullable(),
  unionName: z.string().nullable(),
  isMotorist: z.boolean(),
  email: z.string(),
  phone: z.string(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
  /** Ids of who added, approved and suspended the person, and their names (null when none). */
  addedBy: z.string().nullable(),
  addedByName: z.string().nullable(),
  approvedBy: z.string().nullable(),
  approvedByName: z.string().nullable(),
  suspendedBy: z.string().nullable(),
  suspendedByName: z.string().nullable(),
  registrationStatus: z.enum(REGISTRATION_STATUSES),
  isDeleted: z.boolean(),
  online: z.boolean(),
  userID: personUser,
  /** Signed URL, valid for a few minutes. */
  portraitSelfie: z.string().nullable(),
  identity: personIdentity,
  address: z.string().nullable(),
  maritalStatus: z.string().nullable(),
  vehicle: personVehicle.nullable(),
  /** TIN. */
  serialID: z.string().nullable(),
  route: z.string().nullable(),
  gender: z.string().nullable(),
  /** YYYY-MM-DD. */
  dob: z.string().nullable(),
  guarantor: personGuarantor.nullable(),
  /** The plan the motorist asked for at registration. */
  requestedPlan: z.enum(PLAN_NAMES).nullable(),
  /** The language of a motorist's texts (issue 45); null for everyone else. */
  textLanguage: z.enum(TEXT_LANGUAGES).nullable(),
  /** A motorist's ticket subscription (endpoints/subscriptions/schemas.ts); null for everyone else. */
  ticketSubscription: ticketSubscription.nullable(),
  /**
   * Personal data this reply holds back (packages/contracts/src/personal-data.ts): the fields the
   * person has that are masked or left out here, and whether the caller may Show them
   * (POST /api/user/{id}/personal-data, recorded). Images always come from Show.
   */
  personalData: z.object({ hidden: z.array(z.enum(PERSONAL_FIELDS)), mayReveal: z.boolean() }),
});
export type PersonRecord = z.infer<typeof personRecord>;

export const personList = paginated(personRecord);
export type PersonList = z.infer<typeof personList>;

/** GET /api/user/{id}/details */
export const personDetailResponse = z.object({ data: personRecord });

// ---------------------------------------------------------------------------------------------
// Actions: POST /api/approve/{id}, /api/suspend/{id}, /api/deleted/{id} → 200 personActionResponse.

export const personIdParam = z.object({
  id: z.string({ message: MESSAGES.userIdRequired }).trim().min(1, MESSAGES.userIdRequired).pipe(z.uuid('id must be a valid id')),
});

/** POST /api/motorist/{id}/text-language: the language of the motorist's texts. */
export const textLanguageChange = z.object({ textLanguage: requiredChoice('textLanguage', TEXT_LANGUAGES) });
export type TextLanguageChange = z.infer<typeof textLanguageChange>;

export const personActionResponse = z.object({ message: z.string(), data: personRecord });
export type PersonActionResponse = z.infer<typeof personActionResponse>;

export const PEOPLE_MESSAGES = {
  registered: {
    admin: 'Admin registered successfully',
    manager: 'Manager registered successfully',
    agent: 'Agent registered successfully',
    motorist: 'Motorist registered successfully',
    union: 'User registered successfully',
  } satisfies Record<RegistrationKind, string>,
  approved: 'User approved successfully',
  suspended: 'User suspended successfully',
  textLanguageChanged: 'Text language changed',
  deleted: 'User deleted successfully',
  userNotFound: 'User not found',
  alreadyApproved: 'User is already approved',
  alreadySuspended: 'User is already suspended',
  notOnYourself: 'You cannot do this to your own account',
  notDeletable: 'Admin, manager, union and user accounts cannot be deleted',
  mayNotDelete: 'Only a super-admin or a registrar may delete people',
  notMultipart: 'Send the form as multipart/form-data',
} as const;
