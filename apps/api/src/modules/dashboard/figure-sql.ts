/**
 * The SQL parts the dashboard figures are built from: a figure's query (FigureQuery), the ranges and
 * windows bound as placeholders (see lists/prepared.ts), conditions on days and instants, and the parts
 * of the top agents' ranking.
 */
import { type Placeholder, sql, type SQL } from 'drizzle-orm';
import type { AgentRole, RegistrationStatus } from '@eticket/contracts';
import { type Binding, containing } from '../../lists/prepared.ts';
import { addDays, dayRange, type DayRange } from '../../lists/date-range.ts';
import type { ActivityMetric, Interval, Triple, Windows } from './figure-types.ts';

/**
 * A figure's query, and how its rows (objects keyed by column name) become the figure. Its SQL is
 * built once per shape (see lists/prepared.ts): `bind` binds the call's values as placeholders and its
 * choices, and gives the builder of the SQL, which uses those alone.
 */
export interface FigureQuery<T> {
  /** Which figure this is, in the shape of the statement it is read in. */
  name: string;
  bind(binding: Binding): () => SQL;
  toFigure(rows: Record<string, unknown>[]): T;
}
export type FiguresOf<Q> = { [K in keyof Q]: Q[K] extends FigureQuery<infer T> ? T : null };

export const figureQuery = <T>(name: string, bind: (binding: Binding) => () => SQL, toFigure: (rows: Record<string, unknown>[]) => T): FigureQuery<T> => ({
  name,
  bind,
  toFigure,
});

/** A DayRange's bounds as placeholders (a figure's), or as they are (the top agents' statement). */
interface RangeBounds {
  startDay: Placeholder | string;
  endDay: Placeholder | string;
  from: Placeholder | Date;
  to: Placeholder | Date;
}
type BoundDayRange = RangeBounds & { startDay: Placeholder; endDay: Placeholder; from: Placeholder; to: Placeholder };
type BoundWindows = Record<keyof Windows, BoundDayRange>;

/** A range's instants as bound (ISO text), kept with the range: ranges are made once (lists/date-range.ts), bound on every request. */
const instantsOf = new WeakMap<DayRange, { from: string; to: string }>();
function boundInstants(range: DayRange): { from: string; to: string } {
  let instants = instantsOf.get(range);
  if (!instants) {
    instants = { from: range.from.toISOString(), to: range.to.toISOString() };
    instantsOf.set(range, instants);
  }
  return instants;
}

export function bindRange(binding: Binding, name: string, range: DayRange): BoundDayRange {
  const scope = binding.scope(name);
  const { from, to } = boundInstants(range);
  return {
    startDay: scope.value('startDay', range.startDay),
    endDay: scope.value('endDay', range.endDay),
    from: scope.value('from', from),
    to: scope.value('to', to),
  };
}

/** The windows as placeholders, bound once per statement however many of its figures read them. */
export const bindWindows = (binding: Binding, windows: Windows): BoundWindows =>
  binding.shared(windows, 'windows', (scope) => ({
    current: bindRange(scope, 'current', windows.current),
    previous: bindRange(scope, 'previous', windows.previous),
    today: bindRange(scope, 'today', windows.today),
  }));

/** int8 sums arrive as text (as JSON numbers when read with readFigures); every value here is a safe integer (kobo or a count). */
export const int = (value: unknown): number => {
  if (value === null || value === undefined) return 0;
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new RangeError(`not a safe integer: ${String(value)}`);
  return number;
};

export const day = (value: Placeholder | string) => sql`${value}::date`;
export const instant = (value: Placeholder | Date) => sql`${value instanceof Date ? value.toISOString() : value}::timestamptz`;
export const list = (values: readonly string[]) =>
  sql`(${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`;
export const metricColumn = (metric: ActivityMetric) => sql.raw(metric);

/** A row's current, previous and today columns (none: all 0). */
export const tripleOf = (row: Record<string, unknown> | undefined): Triple => ({
  current: int(row?.current),
  previous: int(row?.previous),
  today: int(row?.today),
});

export function countsByStatus(rows: Record<string, unknown>[]): Record<RegistrationStatus, number> {
  const result: Record<RegistrationStatus, number> = { pending: 0, approved: 0, suspended: 0 };
  for (const row of rows) if (typeof row.status === 'string' && row.status in result) result[row.status as RegistrationStatus] = int(row.count);
  return result;
}

/** "contains" over a person's name, email, phone and Unique ID (the generated search_text). */
/** An agent's search text containing `search` (a pattern: its statement is planned with each call's; see lists/prepared.ts). */
export function searchCondition(binding: Binding, alias: string, search: string | undefined): SQL {
  const pattern = binding.pattern('search', search === undefined || search === '' ? undefined : containing(search.toLowerCase()));
  return pattern ? sql`${sql.raw(alias)}.search_text LIKE ${pattern}` : sql`true`;
}

export function inDays(range: RangeBounds): SQL {
  return sql`day BETWEEN ${day(range.startDay)} AND ${day(range.endDay)}`;
}
export function inInstants(column: SQL, range: RangeBounds): SQL {
  return sql`${column} >= ${instant(range.from)} AND ${column} < ${instant(range.to)}`;
}

export const lagosLocal = (column: SQL) => sql`(${column} AT TIME ZONE 'Africa/Lagos')`;
export const periodFormat = (interval: Interval) => (interval === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM');

/** The value the agents of each role are ranked by (the metric of agent_ranking_days and _months, 0015). */
const RANKING_METRIC: Record<AgentRole, string> = { remitter: 'collected_kobo', enforcer: 'scans', registrar: 'registrations' };

/**
 * What ranks an agent of the role in the range, as rows (agent_id, value) to be summed: whole months
 * from agent_ranking_months, the days around them from agent_ranking_days (remitters: kobo collected,
 * enforcers: scans, registrars: motorists registered and not deleted). Each part reads its metric's
 * entries of its period from the table's key alone.
 */
export function agentValueParts(binding: Binding, role: AgentRole, range: DayRange): SQL {
  const { months, edges } = splitByMonths(range);
  const metric = binding.choice('metric', RANKING_METRIC[role]);
  const parts: SQL[] = [];
  if (months) {
    const first = binding.value('monthsFirst', months.first);
    const end = binding.value('monthsEnd', months.end);
    parts.push(sql`SELECT agent_id, value FROM agent_ranking_months
                   WHERE metric = ${metric} AND day >= ${day(first)} AND day < ${day(end)}`);
  }
  edges.forEach((edge, index) => {
    const scope = binding.scope(`edge${index}`);
    const bounds = { startDay: scope.value('startDay', edge.startDay), endDay: scope.value('endDay', edge.endDay), from: edge.from, to: edge.to };
    parts.push(sql`SELECT agent_id, value FROM agent_ranking_days WHERE metric = ${metric} AND ${inDays(bounds)}`);
  });
  return sql.join(parts, sql` UNION ALL `);
}

/** A range as the whole calendar months inside it ([first, end) of first days) and the day ranges around them. */
function splitByMonths(range: DayRange): { months: { first: string; end: string } | null; edges: DayRange[] } {
  const monthStart = (dayText: string) => `${dayText.slice(0, 7)}-01`;
  const nextMonth = (dayText: string) => {
    const [year, month] = dayText.split('-').map(Number);
    return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  };
  const first = range.startDay.endsWith('-01') ? range.startDay : nextMonth(range.startDay);
  const end = addDays(range.endDay, 1).endsWith('-01') ? addDays(range.endDay, 1) : monthStart(range.endDay);
  if (first >= end) return { months: null, edges: [range] };
  const edges: DayRange[] = [];
  if (range.startDay < first) edges.push(dayRange(range.startDay, addDays(first, -1)));
  if (end <= range.endDay) edges.push(dayRange(end, range.endDay));
  return { months: { first, end }, edges };
}

/** Motorists (u) registered in a window, optionally by one registrar. */
export const motoristWhere = (addedBy: Placeholder | undefined) =>
  sql`u.role = 'motorist' AND NOT u.is_deleted${addedBy ? sql` AND u.added_by = ${addedBy}` : sql``}`;
