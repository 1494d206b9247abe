/**
 * Money and dates the same in every language (issue 45): naira with en-NG grouping always; dates in
 * Lagos time with the language's month names, from its catalogue (common/<locale>.json) so they do not
 * depend on the platform's Intl (Debian's Chromium has no ha/yo/ig/pcm data; docs/languages.md).
 */
const LAGOS = 'Africa/Lagos';
const NAIRA = new Intl.NumberFormat('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const PARTS = new Intl.DateTimeFormat('en-NG', {
  timeZone: LAGOS,
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
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

function lagosParts(at: Date | string | number): LagosParts | null {
  const date = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(date.getTime())) return null;
  const parts = Object.fromEntries(PARTS.formatToParts(date).map((part) => [part.type, part.value]));
  return { day: Number(parts.day), month: Number(parts.month), year: Number(parts.year), hour: parts.hour, minute: parts.minute };
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
