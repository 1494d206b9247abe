/**
 * Ranges of whole Africa/Lagos days for the figure calls (dashboards, allocation). A bound given as
 * YYYY-MM-DD is that Lagos day; a timestamp is the Lagos day it falls on. endDate is inclusive.
 */
import { DEFAULT_RANGE_DAYS_AHEAD, MAX_RANGE_DAYS, isCalendarDate } from '@eticket/contracts';
import { lagosDay, startOfLagosDay, startOfNextLagosDay } from '../domain/calendar.ts';
import { badRequest } from '../platform/http/errors.ts';
import { LRUCache } from 'lru-cache';

export interface DayRange {
  /** First Lagos day, YYYY-MM-DD. */
  readonly startDay: string;
  /** Last Lagos day (inclusive), YYYY-MM-DD. */
  readonly endDay: string;
  /** Midnight in Lagos starting startDay. */
  readonly from: Date;
  /** Midnight in Lagos after endDay (exclusive). */
  readonly to: Date;
  /** Number of days. */
  readonly days: number;
}

/** A calendar day `count` days after `day` (negative: before). */
export function addDays(day: string, count: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + count)).toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (b − a). */
export function daysBetween(a: string, b: string): number {
  const [ya, ma, da] = a.split('-').map(Number);
  const [yb, mb, db] = b.split('-').map(Number);
  return Math.round((Date.UTC(yb, mb - 1, db) - Date.UTC(ya, ma - 1, da)) / 86_400_000);
}

/**
 * The ranges made, by their days, shared by every request (frozen; their instants are never changed).
 * A dashboard request resolves four (its range, the one before, today's) and making them cost about
 * 10 µs of the admin dashboard's ~160 µs of server CPU (issue 49, docs/performance.md).
 */
const madeRanges = new LRUCache<string, DayRange>({ max: 4096 });
const rangesBefore = new WeakMap<DayRange, DayRange>();

export function dayRange(startDay: string, endDay: string): DayRange {
  const key = `${startDay}/${endDay}`;
  let range = madeRanges.get(key);
  if (!range) {
    range = Object.freeze({ startDay, endDay, from: startOfLagosDay(startDay), to: startOfNextLagosDay(endDay), days: daysBetween(startDay, endDay) + 1 });
    madeRanges.set(key, range);
  }
  return range;
}

function dayOf(value: string): string {
  return isCalendarDate(value) ? value : lagosDay(new Date(value));
}

/** The range a query asks for; both bounds unset: today through 7 days ahead; one unset: the other day alone. */
export function resolveRange(query: { startDate?: string; endDate?: string }, now: Date): DayRange {
  const today = lagosDay(now);
  const start = query.startDate ? dayOf(query.startDate) : undefined;
  const end = query.endDate ? dayOf(query.endDate) : undefined;
  const startDay = start ?? end ?? today;
  const endDay = end ?? (start ? start : addDays(today, DEFAULT_RANGE_DAYS_AHEAD));
  if (endDay < startDay) throw badRequest('endDate must not be before startDate');
  const range = dayRange(startDay, endDay);
  if (range.days > MAX_RANGE_DAYS) throw badRequest(`endDate must be at most ${MAX_RANGE_DAYS} days after startDate`);
  return range;
}

/** The range of the same length just before this one. */
export function previousRange(range: DayRange): DayRange {
  let before = rangesBefore.get(range);
  if (!before) {
    before = dayRange(addDays(range.startDay, -range.days), addDays(range.startDay, -1));
    rangesBefore.set(range, before);
  }
  return before;
}

/** The current Lagos day as a one-day range. */
export function todayRange(now: Date): DayRange {
  const today = lagosDay(now);
  return dayRange(today, today);
}
