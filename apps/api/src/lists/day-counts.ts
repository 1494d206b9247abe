import { and, gte, lt, type Placeholder, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Binding } from './prepared.ts';
import { lagosDay, startOfLagosDay, startOfNextLagosDay } from '../domain/calendar.ts';

/**
 * How a list's total is kept honest without counting millions of rows per request:
 * - filters that are counter dimensions (date range, role, status, vehicle type, plan, mode) are
 *   answered from the per-day counter tables of 0006_list_counts.sql, exactly: whole months from
 *   their month twins (0014_month_counts.sql), the other whole Lagos days from the day counters,
 *   the partial days at a range's edges row by row;
 * - any other filter (a text or Unique ID search, online) is counted row by row, but only as far
 *   as SEARCH_LOOKAHEAD_PAGES (kit.ts) pages past the page asked for; when more match, the total says "at
 *   least this many" (`exact: false`) and grows as the reader pages on.
 */
export interface ListTotal {
  total: number;
  exact: boolean;
}

export interface TimeRange {
  from?: Date;
  to?: Date;
  /** `to` excluded when true, else included. */
  toExclusive?: boolean;
}

/** Whole days [firstDay, endDay), YYYY-MM-DD, a side open when unset. */
export interface DayRange {
  firstDay?: string;
  endDay?: string;
}

/** A range cut into whole Lagos days (from the counters) and the partial days at its edges (row by row). */
export interface DaySplit {
  /** The whole days; null when the range holds none. */
  wholeDays: DayRange | null;
  edges: TimeRange[];
}

function lagosMidnightOnOrAfter(at: Date): Date {
  const day = lagosDay(at);
  const start = startOfLagosDay(day);
  return start.getTime() === at.getTime() ? start : startOfNextLagosDay(day);
}

const lagosMidnightOnOrBefore = (at: Date): Date => startOfLagosDay(lagosDay(at));

export function splitByLagosDays(range: TimeRange): DaySplit {
  const first = range.from && lagosMidnightOnOrAfter(range.from);
  const end = range.to && lagosMidnightOnOrBefore(range.to);
  if (first && end && first.getTime() >= end.getTime()) return { wholeDays: null, edges: [range] };
  const edges: TimeRange[] = [];
  if (range.from && first && range.from.getTime() < first.getTime()) edges.push({ from: range.from, to: first, toExclusive: true });
  if (range.to && end && (range.to.getTime() > end.getTime() || !range.toExclusive)) {
    edges.push({ from: end, to: range.to, toExclusive: range.toExclusive });
  }
  return { wholeDays: { firstDay: first && lagosDay(first), endDay: end && lagosDay(end) }, edges };
}

/** A split's whole days and edges as placeholders of a Binding (see lists/prepared.ts). */
export interface BoundDays {
  firstDay?: Placeholder;
  endDay?: Placeholder;
}
export interface BoundRange {
  from?: Placeholder;
  to?: Placeholder;
  /** `to` excluded when true, else included. */
  toExclusive?: boolean;
}

/** Which counter rows a part of a total sums: the day counters', or the month twins' (`day` the first of the month). */
export type CounterUnit = 'day' | 'month';

/** A YYYY-MM-DD day's month as a number of months (years may have five digits: 9999-12-31's end). */
function monthNumber(day: string): number {
  const [year, month] = day.split('-').map(Number);
  return year * 12 + month - 1;
}
const firstDayOfMonth = (month: number) => `${String(Math.floor(month / 12)).padStart(4, '0')}-${String((month % 12) + 1).padStart(2, '0')}-01`;

/**
 * Whole days as the whole months among them (summed from the month twins) and the days before and
 * after those (from the day counters). A side left open stays open in the months.
 */
export function splitByMonths(days: DayRange): Array<DayRange & { unit: CounterUnit }> {
  const firstMonth = days.firstDay === undefined ? undefined : monthNumber(days.firstDay) + (days.firstDay.endsWith('-01') ? 0 : 1);
  const endMonth = days.endDay === undefined ? undefined : monthNumber(days.endDay);
  if (firstMonth !== undefined && endMonth !== undefined && firstMonth >= endMonth) return [{ unit: 'day', ...days }];
  const monthsFrom = firstMonth === undefined ? undefined : firstDayOfMonth(firstMonth);
  const monthsEnd = endMonth === undefined ? undefined : firstDayOfMonth(endMonth);
  return [
    ...(days.firstDay && days.firstDay !== monthsFrom ? [{ unit: 'day' as const, firstDay: days.firstDay, endDay: monthsFrom }] : []),
    { unit: 'month', firstDay: monthsFrom, endDay: monthsEnd },
    ...(days.endDay && days.endDay !== monthsEnd ? [{ unit: 'day' as const, firstDay: monthsEnd, endDay: days.endDay }] : []),
  ];
}

/** Conditions on a counter table's `day` column for the whole days (or months) of a split. */
export function wholeDayConditions(dayColumn: AnyPgColumn, days: BoundDays): SQL | undefined {
  return and(days.firstDay ? gte(dayColumn, days.firstDay) : undefined, days.endDay ? lt(dayColumn, days.endDay) : undefined);
}

/**
 * A list's total: `value` builds it as one SQL expression (uncorrelated scalar subqueries, computed
 * once per statement) from placeholders only, so it can ride along as a column of the statement that
 * reads the page; `read` turns its value into the total.
 */
export interface TotalQuery {
  value(): SQL<number>;
  read(value: number): ListTotal;
}

/** The sum of a counter column, as a number (bigint sums arrive as text). */
export const sumOf = (column: AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/** A range cut as splitByLagosDays and splitByMonths cut it, each part's days and bounds as placeholders of `binding`. */
export function bindDaySplit(binding: Binding, range: TimeRange): { periods: { unit: CounterUnit; days: BoundDays }[]; edges: BoundRange[] } {
  const split = splitByLagosDays(range);
  const periods = (split.wholeDays ? splitByMonths(split.wholeDays) : []).map((part, i) => ({
    unit: binding.choice(`counted${i}`, part.unit),
    days: { firstDay: binding.value(`counted${i}First`, part.firstDay), endDay: binding.value(`counted${i}End`, part.endDay) },
  }));
  const edges = split.edges.map((edge, i) => ({
    from: binding.value(`edge${i}From`, edge.from),
    to: binding.value(`edge${i}To`, edge.to),
    toExclusive: binding.choice(`edge${i}ToExclusive`, edge.toExclusive),
  }));
  return { periods, edges };
}

/**
 * A list's exact total over a creation-time range: its whole months and the other whole days from
 * the counters (`counted`, a SELECT of one sum from the unit's table), the partial days at the edges
 * row by row (`rows`, a SELECT of one count).
 */
export function totalByDays(
  binding: Binding,
  range: TimeRange,
  counted: (unit: CounterUnit, days: BoundDays) => SQLWrapper,
  rows: (edge: BoundRange) => SQLWrapper,
): TotalQuery {
  const { periods, edges } = bindDaySplit(binding, range);
  return {
    value: () => {
      const parts = [...periods.map((period) => counted(period.unit, period.days)), ...edges.map((edge) => rows(edge))];
      const value =
        parts.length === 0
          ? sql`0`
          : sql.join(
              parts.map((part) => sql`coalesce((${part}), 0)`),
              sql` + `,
            );
      return sql`(${value})`.mapWith(Number);
    },
    read: (total) => ({ total, exact: true }),
  };
}
