import { badRequest } from '../../platform/errors.ts';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Africa/Lagos keeps UTC+1 all year (no daylight saving). */
const LAGOS_OFFSET = '+01:00';

const startOfLagosDay = (day: string) => new Date(`${day}T00:00:00${LAGOS_OFFSET}`);

/**
 * A list's creation-date range as [from, before). A date alone (YYYY-MM-DD) is that whole Lagos
 * day, so startDate=endDate=D is the day D; a date with a time is that instant, endDate included.
 */
export function createdRange(startDate?: string, endDate?: string): { createdFrom?: Date; createdBefore?: Date } {
  const createdFrom = startDate === undefined ? undefined : DATE_ONLY.test(startDate) ? startOfLagosDay(startDate) : new Date(startDate);
  const createdBefore =
    endDate === undefined
      ? undefined
      : DATE_ONLY.test(endDate)
        ? new Date(startOfLagosDay(endDate).getTime() + DAY_MS)
        : new Date(new Date(endDate).getTime() + 1);
  if (createdFrom && createdBefore && createdBefore <= createdFrom) throw badRequest('endDate must not be before startDate');
  return { createdFrom, createdBefore };
}
