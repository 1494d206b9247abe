import { LAGOS_TIME_ZONE } from './constants.ts';

/** Shown wherever a date or amount is missing or cannot be read (spec section 8). */
export const NOT_AVAILABLE = 'N/A';

const longDateTime = new Intl.DateTimeFormat('en-NG', { dateStyle: 'long', timeStyle: 'short', timeZone: LAGOS_TIME_ZONE });

/** Long date and time in Lagos time, e.g. "5 March 2025 at 10:30"; N/A when missing or unreadable. */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return NOT_AVAILABLE;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? NOT_AVAILABLE : longDateTime.format(date);
}

/**
 * How a person's name reads on every screen, modal and CSV (issue 26): each word capitalised, since
 * registration stores text lower-cased (spec section 5). Only names: every other stored text
 * (addresses, plate numbers, union, plan and bank names, routes…) is shown as stored, because
 * invented casing can change meaning ('gra phase ii' must not become 'Gra Phase Ii').
 * Letters already capitalised are kept; a word starts after a space, a hyphen, an apostrophe or a dot.
 */
export function personName(name: string): string;
export function personName(name: string | null | undefined): string | null | undefined;
export function personName(name: string | null | undefined): string | null | undefined {
  if (!name) return name;
  return name.replace(/(^|[\s\-'’.])(\p{Ll})/gu, (_match, gap: string, letter: string) => gap + letter.toUpperCase());
}

/** A partner union as it reads: its union name as stored, else its account holder's name (personName). */
export function unionLabel(partner: { unionName: string | null; fullName: string }): string {
  return partner.unionName ?? personName(partner.fullName);
}
