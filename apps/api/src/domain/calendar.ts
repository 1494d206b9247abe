/**
 * Calendar arithmetic in Africa/Lagos (DESIGN.md section 4: day boundaries are Lagos days).
 * Works from the time zone database through Intl, so it does not assume a fixed offset.
 */
import { LAGOS_TIME_ZONE } from '@eticket/contracts';
import { LRUCache } from 'lru-cache';

const DAY_MS = 24 * 60 * 60 * 1000;

const partsFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: LAGOS_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

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

/** The zone's offset at an instant, read from the time zone database through Intl (about 5 µs). */
function offsetFromIntl(at: Date): number {
  const parts: Record<string, number> = {};
  for (const part of partsFormatter.formatToParts(at)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second, at.getUTCMilliseconds());
  return asUtc - at.getTime();
}

/**
 * Offsets by quarter hour of UTC. A request resolves a dozen Lagos days and Intl cost a tenth of a
 * dashboard's CPU, while an offset only changes at a transition: a quarter hour whose first and last
 * instants have the same offset has it throughout (no zone changes twice within one).
 */
const QUARTER_HOUR_MS = 15 * 60 * 1000;
const offsetsByQuarterHour = new LRUCache<number, number>({ max: 4096 });

/** Milliseconds Lagos is ahead of UTC at this instant. */
export function lagosOffsetMs(at: Date): number {
  const quarter = Math.floor(at.getTime() / QUARTER_HOUR_MS);
  const known = offsetsByQuarterHour.get(quarter);
  if (known !== undefined) return known;
  const first = offsetFromIntl(new Date(quarter * QUARTER_HOUR_MS));
  const last = offsetFromIntl(new Date((quarter + 1) * QUARTER_HOUR_MS - 1));
  if (first !== last) return offsetFromIntl(at);
  offsetsByQuarterHour.set(quarter, first);
  return first;
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
