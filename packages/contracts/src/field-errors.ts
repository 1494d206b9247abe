/**
 * A 400's list of every invalid field (issue 26): `errors` beside `message`, which stays the first
 * problem as before. Each names the field as the request does and says the problem in words a
 * person reads ("Guarantor's phone must be a phone number", not "guarantorsPhone must …").
 */
export interface FieldError {
  /** The field as sent, e.g. guarantorsPhone (a nested one joined with dots). */
  field: string;
  /** The problem, starting with the field's label. */
  message: string;
}

/** How fields read to a person where their name is not plain words. */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  dob: 'Date of birth',
  serialID: 'TIN',
  privacyNoticeGiven: 'Notice given',
  idType: 'ID type',
  guarantorsName: "Guarantor's name",
  guarantorsPhone: "Guarantor's phone",
  guarantorsAddress: "Guarantor's address",
  guarantorsIDType: "Guarantor's ID type",
  frontGuarantor: "Guarantor's ID front image",
  backGuarantor: "Guarantor's ID back image",
  front: 'ID front image',
  back: 'ID back image',
  portraitSelfie: 'Portrait selfie',
  subscription: 'Subscription plan',
  newPassword: 'New password',
  currentPassword: 'Current password',
  confirmPassword: 'Confirm password',
};

/** "plateNumber" → "Plate number", unless FIELD_LABELS says otherwise. */
export function fieldLabel(field: string): string {
  const name = field.split('.').pop() ?? field;
  if (FIELD_LABELS[name]) return FIELD_LABELS[name];
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A schema's message about a field, led by the field's label: "guarantorsPhone must be …" and
 * "guarantorsPhone: …" become "Guarantor's phone must be …", "Guarantor's phone: …"; a message that does not name
 * the field ("All fields are required") is kept as it is.
 */
export function fieldErrorOf(field: string, message: string, label = fieldLabel(field)): FieldError {
  const name = field.split('.').pop() ?? field;
  for (const lead of [`${field}: `, `${name}: `, `${field} `, `${name} `]) {
    if (message.startsWith(lead)) return { field, message: `${label}${lead.endsWith(': ') ? ': ' : ' '}${message.slice(lead.length)}` };
  }
  return { field, message };
}
