import { LAGOS_TIME_ZONE } from '@eticket/contracts';

/** Shown wherever a date or amount is missing or cannot be read (spec section 8). */
export const NOT_AVAILABLE = 'N/A';

const naira = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });
const grouped = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 2 });
const longDateTime = new Intl.DateTimeFormat('en-NG', { dateStyle: 'long', timeStyle: 'short', timeZone: LAGOS_TIME_ZONE });
const dateParts = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: 'numeric', timeZone: LAGOS_TIME_ZONE });

type Amount = number | string | null | undefined;
type DateInput = Date | string | number | null | undefined;

function toNumber(value: Amount): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : null;
}

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** ₦1,234,567.50 */
export function formatNaira(value: Amount): string {
  const number = toNumber(value);
  return number === null ? NOT_AVAILABLE : naira.format(number);
}

/** 1,234,567 (Nigerian grouping, at most 2 decimals). */
export function formatCount(value: Amount): string {
  const number = toNumber(value);
  return number === null ? NOT_AVAILABLE : grouped.format(number);
}

/** 12.346% (always 3 decimals). */
export function formatPercent(value: Amount): string {
  const number = toNumber(value);
  return number === null ? NOT_AVAILABLE : `${number.toFixed(3)}%`;
}

/** Long date and time in Lagos time, e.g. "5 March 2025 at 10:30". */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date === null ? NOT_AVAILABLE : longDateTime.format(date);
}

/** MM/d/yyyy in Lagos time, as the detail page shows dates (e.g. 03/5/2025). */
export function formatShortDate(value: DateInput): string {
  const date = toDate(value);
  if (date === null) return NOT_AVAILABLE;
  const parts = Object.fromEntries(dateParts.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.month}/${Number(parts.day)}/${parts.year}`;
}
