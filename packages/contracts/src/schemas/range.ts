/**
 * Date ranges of the dashboard and allocation calls. A range is whole Africa/Lagos days,
 * [startDate, endDate] with endDate inclusive. Each bound is YYYY-MM-DD (that Lagos day) or a full
 * timestamp (the Lagos day it falls on), so a date picker may send either. Both unset: today through
 * 7 days ahead (the spec's default); one unset: the other day alone.
 */
import { z } from 'zod';

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isCalendarDate(text: string): boolean {
  const match = YMD.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A calendar date, YYYY-MM-DD. */
export const lagosDate = z.string().refine(isCalendarDate, 'must be a date (YYYY-MM-DD)');

const rangeBound = (field: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string({ error: `${field} must be a date (YYYY-MM-DD) or a timestamp` })
      .trim()
      .refine(
        (value) => isCalendarDate(value) || (/^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))),
        `${field} must be a date (YYYY-MM-DD) or a timestamp`,
      )
      .optional(),
  );

/** ?startDate&endDate */
export const dateRangeQuery = z.object({ startDate: rangeBound('startDate'), endDate: rangeBound('endDate') });
export type DateRangeQuery = z.input<typeof dateRangeQuery>;

/** Longest range a figure call accepts, in days. */
export const MAX_RANGE_DAYS = 3660;
/** Days in the default range after today (spec: "today through 7 days ahead"). */
export const DEFAULT_RANGE_DAYS_AHEAD = 7;
