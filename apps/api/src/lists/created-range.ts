import { isCalendarDate } from '@eticket/contracts';
import { startOfLagosDay, startOfNextLagosDay } from '../domain/calendar.ts';
import { badRequest } from '../platform/http/errors.ts';

/**
 * A list's creation-date range as [createdFrom, createdBefore). A date alone (YYYY-MM-DD) is that
 * whole Lagos day, so startDate = endDate = D is the day D; a date with a time is that instant,
 * endDate included. Unlike the figure calls' ranges, an unset bound leaves that side open.
 */
export function createdRange(startDate?: string, endDate?: string): { createdFrom?: Date; createdBefore?: Date } {
  const createdFrom = startDate === undefined ? undefined : isCalendarDate(startDate) ? startOfLagosDay(startDate) : new Date(startDate);
  const createdBefore = endDate === undefined ? undefined : isCalendarDate(endDate) ? startOfNextLagosDay(endDate) : new Date(new Date(endDate).getTime() + 1);
  if (createdFrom && createdBefore && createdBefore <= createdFrom) throw badRequest('endDate must not be before startDate');
  return { createdFrom, createdBefore };
}
