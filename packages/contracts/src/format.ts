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
