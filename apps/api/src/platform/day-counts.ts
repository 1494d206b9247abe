import { and, gte, lt, type Placeholder, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Binding } from '../db/prepared.ts';
import { lagosDay, startOfLagosDay, startOfNextLagosDay } from './calendar.ts';

/**
 * How a list's total is kept honest without counting millions of rows per request:
 * - filters that are counter dimensions (date range, role, status, vehicle type, plan, mode) are
 *   answered from the per-day counter tables of 0006_list_counts.sql, exactly: whole Lagos days
 *   from the counters, the partial days at a range's edges row by row;
 * - any other filter (a text or Unique ID search, online) is counted row by row, but only as far
 *   as SEARCH_LOOKAHEAD_PAGES pages past the page asked for; when more match, the total says "at
 *   least this many" (`exact: false`) and grows as the reader pages on.
 */
export interface ListTotal {
  total: number;
  exact: boolean;
}

export const SEARCH_LOOKAHEAD_PAGES = 10;

export interface TimeRange {
  from?: Date;
  to?: Date;
  /** `to` excluded when true, else included. */
  toExclusive?: boolean;
}

/** A range cut into whole Lagos days (from the counters) and the partial days at its edges (row by row). */
export interface DaySplit {
  /** The whole days [firstDay, endDay), YYYY-MM-DD, a side open when unset; null when the range holds none. */
  wholeDays: { firstDay?: string; endDay?: string } | null;
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

/** A split's whole days and edges as placeholders of a Binding (see db/prepared.ts). */
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

/** Conditions on a counter table's `day` column for the whole days of a split. */
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

/**
 * Rows of `select` (a SELECT of the list's filtered rows) counted one by one up to
 * SEARCH_LOOKAHEAD_PAGES pages past the page asked for.
 */
export function totalAhead(binding: Binding, page: { offset: number; limit: number }, select: () => PgSelect): TotalQuery {
  const cap = page.offset + page.limit * SEARCH_LOOKAHEAD_PAGES;
  const limit = binding.value('countUpTo', cap + 1);
  return {
    value: () => sql`(SELECT count(*) FROM (${select().limit(limit)}) AS limited)`.mapWith(Number),
    read: (value) => (value > cap ? { total: cap, exact: false } : { total: value, exact: true }),
  };
}

/** The sum of a counter column, as a number (bigint sums arrive as text). */
export const sumOf = (column: AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/**
 * A list's exact total over a creation-time range: the whole days from the counters (`wholeDays`, a
 * SELECT of one sum), the partial days at the edges row by row (`rows`, a SELECT of one count).
 */
export function totalByDays(
  binding: Binding,
  range: TimeRange,
  wholeDays: (days: BoundDays) => SQLWrapper,
  rows: (edge: BoundRange) => SQLWrapper,
): TotalQuery {
  const split = splitByLagosDays(range);
  const days = binding.choice('wholeDays', split.wholeDays !== null)
    ? { firstDay: binding.value('firstDay', split.wholeDays?.firstDay), endDay: binding.value('endDay', split.wholeDays?.endDay) }
    : null;
  const edges = split.edges.map((edge, i) => ({
    from: binding.value(`edge${i}From`, edge.from),
    to: binding.value(`edge${i}To`, edge.to),
    toExclusive: binding.choice(`edge${i}ToExclusive`, edge.toExclusive),
  }));
  return {
    value: () => {
      const parts = [...(days ? [wholeDays(days)] : []), ...edges.map((edge) => rows(edge))];
      const value = parts.length === 0 ? sql`0` : sql.join(parts.map((part) => sql`coalesce((${part}), 0)`), sql` + `);
      return sql`(${value})`.mapWith(Number);
    },
    read: (total) => ({ total, exact: true }),
  };
}
