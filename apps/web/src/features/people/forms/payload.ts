import { MESSAGES } from '@eticket/contracts';
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

/** The required fields of these steps are all filled, else 'All field are required'. */
export function checkRequired(steps: FormSpec['steps'], values: FormValues): string | null {
  const missing = steps.flatMap((step) => step.fields).some((field) => 'required' in field && field.required && !isFilled(field, values));
  return missing ? MESSAGES.allFieldRequired : null;
}

/** The text fields as sent: cleaned, empty ones left out, with the form's fixed fields. */
export function textFields(spec: FormSpec, values: FormValues): Record<string, string> {
  const text: Record<string, string> = { ...spec.fixed };
  for (const field of spec.steps.flatMap((step) => step.fields)) {
    const value = values[field.name];
    if (typeof value !== 'string' || isFile(field)) continue;
    const cleaned = cleanText(field, value);
    if (cleaned) text[field.name] = cleaned;
  }
  return text;
}

export type Checked = { ok: true; body: FormData | Record<string, string> } | { ok: false; message: string };

/**
 * The whole form before it is sent: required fields first ('All field are required'), then the
 * server's own rules from the contract schema, so a bad email or phone is named before the call.
 */
export function checkForm(spec: FormSpec, values: FormValues): Checked {
  const missing = checkRequired(spec.steps, values);
  if (missing) return { ok: false, message: missing };
  const text = textFields(spec, values);
  const parsed = spec.schema.safeParse(text);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? MESSAGES.allFieldRequired };
  if (spec.encoding === 'json') return { ok: true, body: text };
  const body = new FormData();
  for (const [name, value] of Object.entries(text)) body.append(name, value);
  for (const field of spec.steps.flatMap((step) => step.fields)) {
    const value = values[field.name];
    if (isFile(field) && value instanceof File) body.append(field.name, value, value.name);
  }
  return { ok: true, body };
}
