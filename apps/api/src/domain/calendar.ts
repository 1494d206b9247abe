/**
 * Calendar arithmetic in Africa/Lagos (DESIGN.md section 4: day boundaries are Lagos days).
 * Works from the time zone database through Intl, so it does not assume a fixed offset.
 */
import { lagosOffsetMs } from '@eticket/i18n';

/** Milliseconds Lagos is ahead of UTC at an instant (read through Intl once per quarter hour). */
export { lagosOffsetMs };

const DAY_MS = 24 * 60 * 60 * 1000;

interface LocalParts {
  year: number;
  /** 0-11 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

function localParts(at: Date): LocalParts {
  const local = new Date(at.getTime() + lagosOffsetMs(at));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth(),
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
    millisecond: local.getUTCMilliseconds(),
  };
}

/** The instant of a Lagos wall-clock time (month 0-11; overflowing fields roll over like Date.UTC). */
function fromLocal(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, millisecond = 0): Date {
  const wall = Date.UTC(year, month, day, hour, minute, second, millisecond);
  const guess = new Date(wall - lagosOffsetMs(new Date(wall)));
  return new Date(wall - lagosOffsetMs(guess));
}

/** The Lagos calendar day of an instant, as YYYY-MM-DD. */
export function lagosDay(at: Date): string {
  const p = localParts(at);
  return `${String(p.year).padStart(4, '0')}-${String(p.month + 1).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** Midnight in Lagos starting the given day (YYYY-MM-DD). */
export function startOfLagosDay(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return fromLocal(year, month - 1, date);
}

/** Midnight in Lagos starting the day after the given one. */
export function startOfNextLagosDay(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return fromLocal(year, month - 1, date + 1);
}

/** The same Lagos wall-clock time `days` calendar days later. */
export function addLagosDays(at: Date, days: number): Date {
  const p = localParts(at);
  return fromLocal(p.year, p.month, p.day + days, p.hour, p.minute, p.second, p.millisecond);
}

/**
 * The same Lagos wall-clock time `months` calendar months later; a day the target month lacks
 * becomes its last day (31 January + 1 month = 28 or 29 February).
 */
export function addLagosMonths(at: Date, months: number): Date {
  const p = localParts(at);
  const targetMonth = p.month + months;
  const daysInTarget = new Date(Date.UTC(p.year, targetMonth + 1, 0)).getUTCDate();
  return fromLocal(p.year, targetMonth, Math.min(p.day, daysInTarget), p.hour, p.minute, p.second, p.millisecond);
}

export const DAY_IN_MS = DAY_MS;
