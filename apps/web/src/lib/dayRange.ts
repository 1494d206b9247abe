import { DEFAULT_RANGE_DAYS_AHEAD, LAGOS_TIME_ZONE } from '@eticket/contracts';

/**
 * A range of whole Africa/Lagos days, both ends YYYY-MM-DD and endDate inclusive: what the
 * dashboard and allocation calls take as ?startDate&endDate (contracts: schemas/range.ts).
 */
export interface DayRange {
  startDate: string;
  endDate: string;
}

const lagosParts = new Intl.DateTimeFormat('en-US', { timeZone: LAGOS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Lagos calendar day `at` falls on, YYYY-MM-DD. */
export function lagosDay(at: Date = new Date()): string {
  const parts = Object.fromEntries(lagosParts.formatToParts(at).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The day `days` after `day` (before, when negative), YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** Spec section 9: today through 7 days ahead, in Lagos days. */
export function defaultDayRange(at: Date = new Date()): DayRange {
  const today = lagosDay(at);
  return { startDate: today, endDate: addDays(today, DEFAULT_RANGE_DAYS_AHEAD) };
}

const dayLabel = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const monthLabel = new Intl.DateTimeFormat('en-NG', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const dayMonthLabel = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', timeZone: 'UTC' });

function utcDate(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(text);
  if (!match) return null;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, match[3] ? Number(match[3]) : 1));
}

/** "3 Mar 2026" for a YYYY-MM-DD day. */
export function formatDay(day: string): string {
  const date = utcDate(day);
  return date ? dayLabel.format(date) : day;
}

/** "3 Mar 2026 – 10 Mar 2026", or the one day when both ends are the same. */
export function formatDayRange({ startDate, endDate }: DayRange): string {
  return startDate === endDate ? formatDay(startDate) : `${formatDay(startDate)} – ${formatDay(endDate)}`;
}

/** A chart period of the department dashboards: "3 Mar" for a day (YYYY-MM-DD), "Mar 2026" for a month (YYYY-MM). */
export function formatPeriod(period: string): string {
  const date = utcDate(period);
  if (!date) return period;
  return period.length === 7 ? monthLabel.format(date) : dayMonthLabel.format(date);
}
