/**
 * Money and dates the same in every language (issue 45): naira with en-NG grouping always; dates in
 * Lagos time with the language's month names, from its catalogue (common/<locale>.json) so they do not
 * depend on the platform's Intl (Debian's Chromium has no ha/yo/ig/pcm data; docs/languages.md).
 */
const LAGOS = 'Africa/Lagos';
const NAIRA = new Intl.NumberFormat('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const PARTS = new Intl.DateTimeFormat('en-US', {
  timeZone: LAGOS,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** ₦12,000.00 from an amount in naira, in every language. */
export const naira = (amount: number): string => `${amount < 0 ? '-' : ''}₦${NAIRA.format(Math.abs(amount))}`;
/** ₦12,000.00 from an amount in kobo (the ledger's unit). */
export const nairaFromKobo = (kobo: number): string => naira(kobo / 100);

/** The catalogue keys of the twelve month names (common/<locale>.json), January first. */
export const MONTH_KEYS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'].map((m) => `month.${m}`);

interface LagosParts {
  day: number;
  month: number;
  year: number;
  hour: string;
  minute: string;
}

/**
 * Lagos's offset from UTC at an instant (ms Lagos is ahead), read through Intl once per quarter hour
 * of UTC (a zone never changes its offset twice within one) and then reused: formatToParts on every
 * date cost the vehicle page about 60 µs of the server's CPU a check under a crowd, and a tenth of a
 * dashboard's (issue 49). The server's calendar (apps/api/src/domain/calendar.ts) reads it here too.
 */
const QUARTER_HOUR_MS = 15 * 60_000;
const offsetsByQuarterHour = new Map<number, number>();

function offsetFromIntl(ms: number): number {
  const parts: Record<string, number> = {};
  for (const part of PARTS.formatToParts(new Date(ms))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return wall - (ms - (((ms % 1000) + 1000) % 1000));
}

export function lagosOffsetMs(at: Date | number): number {
  const ms = typeof at === 'number' ? at : at.getTime();
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  const known = offsetsByQuarterHour.get(quarter);
  if (known !== undefined) return known;
  const first = offsetFromIntl(quarter * QUARTER_HOUR_MS);
  if (first !== offsetFromIntl((quarter + 1) * QUARTER_HOUR_MS - 1)) return offsetFromIntl(ms);
  if (offsetsByQuarterHour.size >= 4096) offsetsByQuarterHour.clear();
  offsetsByQuarterHour.set(quarter, first);
  return first;
}

const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));

function lagosParts(at: Date | string | number): LagosParts | null {
  const ms = (at instanceof Date ? at : new Date(at)).getTime();
  if (Number.isNaN(ms)) return null;
  const local = new Date(ms + lagosOffsetMs(ms));
  return {
    day: local.getUTCDate(),
    month: local.getUTCMonth() + 1,
    year: local.getUTCFullYear(),
    hour: twoDigits(local.getUTCHours()),
    minute: twoDigits(local.getUTCMinutes()),
  };
}

/** A month's name (1–12) in the language: `translate` is the language's translator (its catalogue has MONTH_KEYS). */
export type MonthName = (month: number) => string;

/** "5 Nuwamba 2026" (Lagos day); '' when the date cannot be read. */
export function formatDate(at: Date | string | number, monthName: MonthName): string {
  const parts = lagosParts(at);
  return parts ? `${parts.day} ${monthName(parts.month)} ${parts.year}` : '';
}

/** "5 Nuwamba 2026, 14:05" (Lagos time, 24-hour clock in every language); '' when the date cannot be read. */
export function formatDateTime(at: Date | string | number, monthName: MonthName): string {
  const parts = lagosParts(at);
  return parts ? `${parts.day} ${monthName(parts.month)} ${parts.year}, ${parts.hour}:${parts.minute}` : '';
}

/** A translator's month names: monthNameFrom((key) => i18n._(key)). */
export const monthNameFrom =
  (translate: (key: string) => string): MonthName =>
  (month) =>
    translate(MONTH_KEYS[month - 1]);
