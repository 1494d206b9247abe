import {
  DEPARTMENT_LABELS,
  DEPARTMENTS,
  GENDERS,
  ID_TYPES,
  MARITAL_STATUSES,
  UNION_ROLES,
  PASSWORD_RULE,
  TEXT_LANGUAGE_NAMES,
  TEXT_LANGUAGES,
  VEHICLE_TYPES,
} from '@eticket/contracts';

import { choicesOf, type Choice } from '../../../lib/options.ts';

/** How ID types read (the server's values are nin, business-id, drivers-license). */
const ID_TYPE_LABELS: Record<(typeof ID_TYPES)[number], string> = { nin: 'NIN', 'business-id': 'Business ID', 'drivers-license': "Driver's License" };
const idTypeChoices: Choice[] = ID_TYPES.map((value) => ({ value, label: ID_TYPE_LABELS[value] }));
export const idTypeLabel = (value: string | null) => (value ? ((ID_TYPE_LABELS as Record<string, string>)[value] ?? value) : null);

type TextKind = 'text' | 'email' | 'password' | 'tel' | 'date' | 'textarea';

/** One field of a registration form; `name` is the field the server reads. */
export type FieldSpec =
  | { name: string; label: string; type: TextKind; required?: boolean; autoComplete?: string; description?: string }
  | { name: string; label: string; type: 'select'; choices: Choice[]; required?: boolean }
  /** A plan of the vehicle type chosen in the field `vehicleTypeField`, offered with its price. */
  | { name: string; label: string; type: 'plan'; vehicleTypeField: string }
  | { name: string; label: string; type: 'image' }
  | { name: string; label: string; type: 'selfie' };

export interface StepSpec {
  title: string;
  fields: FieldSpec[];
}

// Personal fields every form starts with.
export const fullName: FieldSpec = { name: 'fullName', label: 'Full Name', type: 'text', required: true, autoComplete: 'off' };
export const email: FieldSpec = { name: 'email', label: 'Email', type: 'email', required: true, autoComplete: 'off' };
export const password: FieldSpec = {
  name: 'password',
  label: 'Password',
  type: 'password',
  required: true,
  autoComplete: 'new-password',
  description: PASSWORD_RULE,
};
export const phone: FieldSpec = { name: 'phone', label: 'Phone', type: 'tel', required: true, autoComplete: 'off' };
export const address = (required: boolean): FieldSpec => ({ name: 'address', label: 'Address', type: 'textarea', required });
export const maritalStatus = (values: readonly string[] = MARITAL_STATUSES): FieldSpec => ({
  name: 'maritalStatus',
  label: 'Marital Status',
  type: 'select',
  choices: choicesOf(values),
});
/** Spec section 5: the remitter and registrar forms offer only single and married. */
export const SINGLE_OR_MARRIED = MARITAL_STATUSES.filter((status) => status === 'single' || status === 'married');

export const idType: FieldSpec = { name: 'idType', label: 'ID Type', type: 'select', choices: idTypeChoices };
export const idFront: FieldSpec = { name: 'front', label: 'ID Front Image', type: 'image' };
export const idBack: FieldSpec = { name: 'back', label: 'ID Back Image', type: 'image' };

export const department: FieldSpec = {
  name: 'department',
  label: 'Department',
  type: 'select',
  required: true,
  choices: DEPARTMENTS.map((value) => ({ value, label: DEPARTMENT_LABELS[value] })),
};
/** The registrar read the privacy notice (/privacy) to the motorist (issue 46); the server refuses a registration without it. */
export const privacyNoticeGiven: FieldSpec = {
  name: 'privacyNoticeGiven',
  label: 'Privacy notice read to the motorist',
  type: 'select',
  choices: [{ value: 'true', label: 'Notice given' }],
  required: true,
};
export const route: FieldSpec = { name: 'route', label: 'Route', type: 'text', required: true };

export const guarantorFields: FieldSpec[] = [
  { name: 'guarantorsName', label: "Guarantor's Name", type: 'text', required: true },
  { name: 'guarantorsPhone', label: "Guarantor's Phone", type: 'tel', required: true },
  { name: 'guarantorsAddress', label: "Guarantor's Address", type: 'textarea', required: true },
  { name: 'guarantorsIDType', label: "Guarantor's ID Type", type: 'select', choices: idTypeChoices },
  { name: 'frontGuarantor', label: "Guarantor's ID Front Image", type: 'image' },
  { name: 'backGuarantor', label: "Guarantor's ID Back Image", type: 'image' },
];

export const unionRole: FieldSpec = { name: 'role', label: 'Role', type: 'select', required: true, choices: choicesOf(UNION_ROLES) };
export const unionName: FieldSpec = { name: 'unionName', label: 'Union Name', type: 'text' };

export const dob: FieldSpec = { name: 'dob', label: 'Date of Birth', type: 'date', required: true };
export const gender: FieldSpec = { name: 'gender', label: 'Gender', type: 'select', choices: choicesOf(GENDERS) };
export const vehicleFields: FieldSpec[] = [
  { name: 'serialID', label: 'TIN (optional)', type: 'text' },
  route,
  { name: 'plateNumber', label: 'Plate Number', type: 'text', required: true },
  // The server prices plans and penalties per vehicle type, so it needs one.
  { name: 'vehicleType', label: 'Vehicle Type', type: 'select', required: true, choices: choicesOf(VEHICLE_TYPES) },
  { name: 'vehicleModel', label: 'Vehicle Model', type: 'text' },
  { name: 'subscription', label: 'Subscription Plan', type: 'plan', vehicleTypeField: 'vehicleType' },
];
/** The language of the motorist's texts (issue 45): English, Pidgin, Hausa, Yoruba or Igbo; English when left unset. */
export const textLanguageChoices: Choice[] = TEXT_LANGUAGES.map((value) => ({ value, label: TEXT_LANGUAGE_NAMES[value].english }));
export const textLanguage: FieldSpec = { name: 'textLanguage', label: 'Text Message Language', type: 'select', choices: textLanguageChoices };
export const portraitSelfie: FieldSpec = { name: 'portraitSelfie', label: 'Portrait Selfie', type: 'selfie' };
