import { MESSAGES, fieldErrorOf } from '@eticket/contracts';
import type { FieldSpec } from './fields.ts';
import type { FormSpec } from './formSpecs.ts';

/** What a form holds: text for text fields and choices ('' when unset), a File or null for images. */
export type FormValues = Record<string, string | File | null>;

export function emptyValues(spec: FormSpec): FormValues {
  return Object.fromEntries(spec.steps.flatMap((step) => step.fields).map((field) => [field.name, isFile(field) ? null : '']));
}

const isFile = (field: FieldSpec) => field.type === 'image' || field.type === 'selfie';

/** Spec section 5: text is sent lower-cased; passwords, phone numbers and dates as typed (trimmed). */
function cleanText(field: FieldSpec, value: string): string {
  if (field.type === 'password') return value;
  const trimmed = value.trim();
  return field.type === 'tel' || field.type === 'date' ? trimmed : trimmed.toLowerCase();
}

function isFilled(field: FieldSpec, values: FormValues): boolean {
  const value = values[field.name];
  return typeof value === 'string' ? cleanText(field, value) !== '' : value !== null && value !== undefined;
}

/** Each field's problem, by field name, as the form marks it under the field. */
export type FieldProblems = Record<string, string>;

/** The required fields of these steps left empty, each marked 'Required'. */
export function missingFields(steps: FormSpec['steps'], values: FormValues): FieldProblems {
  const missing = steps.flatMap((step) => step.fields).filter((field) => 'required' in field && field.required && !isFilled(field, values));
  return Object.fromEntries(missing.map((field) => [field.name, 'Required']));
}

/** The required fields of these steps are all filled, else 'All field are required'. */
export function checkRequired(steps: FormSpec['steps'], values: FormValues): string | null {
  return Object.keys(missingFields(steps, values)).length > 0 ? MESSAGES.allFieldRequired : null;
}

/** Field problems worded with the form's own labels ("Guarantor's Phone must be …"). */
export function labelledProblems(spec: FormSpec, problems: readonly { field: string; message: string }[]): FieldProblems {
  const labels = new Map(spec.steps.flatMap((step) => step.fields).map((field) => [field.name, field.label]));
  const marked: FieldProblems = {};
  for (const { field, message } of problems) marked[field] ??= fieldErrorOf(field, message, labels.get(field)).message;
  return marked;
}

/** The text fields as sent: cleaned, empty ones left out, with the form's fixed fields. */
function textFields(spec: FormSpec, values: FormValues): Record<string, string> {
  const text: Record<string, string> = { ...spec.fixed };
  for (const field of spec.steps.flatMap((step) => step.fields)) {
    const value = values[field.name];
    if (typeof value !== 'string' || isFile(field)) continue;
    const cleaned = cleanText(field, value);
    if (cleaned) text[field.name] = cleaned;
  }
  return text;
}

export type Checked = { ok: true; body: FormData | Record<string, string> } | { ok: false; message: string; problems: FieldProblems };

/**
 * The whole form before it is sent: required fields first ('All field are required'), then the
 * server's own rules from the contract schema, so a bad email or phone is named before the call.
 */
export function checkForm(spec: FormSpec, values: FormValues): Checked {
  const missing = missingFields(spec.steps, values);
  if (Object.keys(missing).length > 0) return { ok: false, message: MESSAGES.allFieldRequired, problems: missing };
  const text = textFields(spec, values);
  const parsed = spec.schema.safeParse(text);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
    return { ok: false, message: issues[0]?.message ?? MESSAGES.allFieldRequired, problems: labelledProblems(spec, issues) };
  }
  if (spec.encoding === 'json') return { ok: true, body: text };
  const body = new FormData();
  for (const [name, value] of Object.entries(text)) body.append(name, value);
  for (const field of spec.steps.flatMap((step) => step.fields)) {
    const value = values[field.name];
    if (isFile(field) && value instanceof File) body.append(field.name, value, value.name);
  }
  return { ok: true, body };
}
