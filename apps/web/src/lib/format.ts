import { LAGOS_TIME_ZONE, NOT_AVAILABLE } from '@eticket/contracts';

// The same in the console and in the server's CSV export.
export { NOT_AVAILABLE, formatDateTime } from '@eticket/contracts';

const naira = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });
const grouped = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 2 });
const compactDateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: LAGOS_TIME_ZONE,
});
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

/** MM/d/yyyy in Lagos time, as the detail page shows dates (e.g. 03/5/2025). */
export function formatShortDate(value: DateInput): string {
  const date = toDate(value);
  if (date === null) return NOT_AVAILABLE;
  const parts = Object.fromEntries(dateParts.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.month}/${Number(parts.day)}/${parts.year}`;
}

/** Tables' date and time, compact so wide lists fit an office laptop: "19 Nov 2026, 15:38", Lagos time. */
export function formatTableDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? compactDateTime.format(date) : NOT_AVAILABLE;
}
