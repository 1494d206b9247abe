import type { Role } from './domain.ts';
import { mayManage, principalOf, type Principal, type PrincipalSource } from './permissions.ts';

/**
 * Personal data (issue 46, docs/data-protection.md): each personal field a person's record holds,
 * what class of data it is, and who sees it unmasked. The server masks replies by these rules; the
 * console only shows what it is sent.
 */
export const PERSONAL_DATA_CLASSES = ['contact', 'identity', 'image', 'location', 'financial'] as const;
export type PersonalDataClass = (typeof PERSONAL_DATA_CLASSES)[number];

export const PERSONAL_FIELDS = [
  'phone',
  'email',
  'address',
  'dob',
  'idType',
  'idImages',
  'portrait',
  'guarantor',
  'guarantorIdImages',
  'scanLocation',
  'paymentBank',
] as const;
export type PersonalField = (typeof PERSONAL_FIELDS)[number];

/** How a field reaches a viewer who may see it: as text behind Show, a signed link, or a column of a record list. */
export type PersonalFieldShape = 'text' | 'signed-link' | 'record-column';

export interface PersonalFieldClass {
  class: PersonalDataClass;
  shape: PersonalFieldShape;
  /** Why the levy holds it (docs/data-protection.md, "What is held and why"). */
  why: string;
}

export const PERSONAL_DATA: Record<PersonalField, PersonalFieldClass> = {
  phone: { class: 'contact', shape: 'text', why: 'receipt and expiry texts; reaching the person; sign-in identity' },
  email: { class: 'contact', shape: 'text', why: 'staff sign-in, password reset mails' },
  address: { class: 'contact', shape: 'text', why: 'finding a motorist or agent who owes or holds levy money' },
  dob: { class: 'identity', shape: 'text', why: 'telling apart people of the same name; an agent being of age' },
  idType: { class: 'identity', shape: 'text', why: 'which identity document registration checked' },
  idImages: { class: 'image', shape: 'signed-link', why: 'proof of identity seen at registration' },
  portrait: { class: 'image', shape: 'signed-link', why: 'an enforcer matching the rider to the registered motorist' },
  guarantor: { class: 'contact', shape: 'text', why: "an agent's guarantor: name, phone and address, for money an agent holds" },
  guarantorIdImages: { class: 'image', shape: 'signed-link', why: "the guarantor's identity document" },
  scanLocation: { class: 'location', shape: 'record-column', why: 'where an enforcer scanned a vehicle: disputes and fraud checks' },
  paymentBank: { class: 'financial', shape: 'record-column', why: 'the bank a transfer came from: reconciling payments' },
};

/** The fields a details page holds back until Show (text) or serves by signed link (images). */
export const REVEALABLE_FIELDS = ['phone', 'email', 'address', 'dob', 'idType', 'guarantor'] as const satisfies readonly PersonalField[];
export type RevealableField = (typeof REVEALABLE_FIELDS)[number];
export const IMAGE_FIELDS = ['portrait', 'idImages', 'guarantorIdImages'] as const satisfies readonly PersonalField[];
export type ImageField = (typeof IMAGE_FIELDS)[number];

/**
 * Who sees a person's phone and email unmasked in lists and CSV exports: a department manager, for
 * the agents of their own department (the only people they list; they ring them daily). Everyone
 * else (super-admin and admin included) sees 0803***1234 and a***@gmail.com there: a list is for
 * finding a person, and a download of thousands of contacts is the largest exposure there is.
 */
const LIST_CONTACT_PLAIN: Partial<Record<Principal, readonly Role[]>> = {
  'registrar-manager': ['registrar'],
  'enforcer-manager': ['enforcer'],
  'remitter-manager': ['remitter'],
};

/** Whether `viewer` sees the phone and email of a person of `targetRole` unmasked in a list or CSV export. */
export function seesContactInLists(viewer: PrincipalSource, targetRole: Role, targetAgentRole?: Role | null): boolean {
  const principal = principalOf(viewer);
  const roles = principal ? LIST_CONTACT_PLAIN[principal] : undefined;
  return !!roles && roles.includes(targetAgentRole ?? targetRole);
}

/**
 * Whether `viewer` may press Show on a person's details page (the revealable fields) and be issued
 * signed links to their images: whoever may act on (manage) a person of that role. Read-only viewers
 * (the user viewer, union accounts) see the masked details only.
 */
export function mayRevealPersonalData(viewer: PrincipalSource, targetRole: Role): boolean {
  return mayManage(viewer, targetRole);
}

/** Record columns (scan locations, payment banks) go to whoever reads those records: the transactions and scans capabilities. */
export const RECORD_COLUMN_CAPABILITY: Record<'scanLocation' | 'paymentBank', 'scans' | 'transactions'> = {
  scanLocation: 'scans',
  paymentBank: 'transactions',
};

/**
 * Asterisks, as Nigerian bank alerts mask an account (012****789). ASCII on purpose: one non-ASCII
 * character in a masked phone made every people list's reply a two-byte string, to write and to
 * encode; '•••' cost the registrars list 7-15 % more server CPU a request (bench/before-after-results.md).
 */
const MASK = '***';

/** 08031231234 → 0803***1234; short numbers keep their last two digits only. */
export function maskPhone(phone: string): string {
  const digits = phone.trim();
  if (digits.length <= 8) return `${MASK}${digits.slice(-2)}`;
  return `${digits.slice(0, 4)}${MASK}${digits.slice(-4)}`;
}

/** ada@gmail.com → a***@gmail.com; a text without @ is masked whole but its first letter. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return `${email.slice(0, 1)}${MASK}`;
  return `${email.slice(0, 1)}${MASK}${email.slice(at)}`;
}

/** Free text (an address, a date of birth, an ID type): nothing of it is shown. */
export const MASKED_TEXT = MASK;

// ---- The record of every look (migrations/0048_personal_data_access.sql).

export const PERSONAL_DATA_ACCESS_ACTIONS = ['details-view', 'reveal', 'export', 'signed-link', 'archive'] as const;
export type PersonalDataAccessAction = (typeof PERSONAL_DATA_ACCESS_ACTIONS)[number];
