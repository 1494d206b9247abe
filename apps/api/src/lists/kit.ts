import { and, asc, count, desc, eq, inArray, type Placeholder, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/connect.ts';
import { type BoundDays, type BoundRange, type CounterUnit, type ListTotal, type TimeRange, totalByDays, type TotalQuery } from './day-counts.ts';
import { after } from './keyset.ts';
import { Binding, type Preparable, PreparedStatements } from './prepared.ts';

/** A list's select for rows matching a condition, ordered, then limited: what a query builder offers. */
export interface Selection<Selected> {
  orderBy(...order: SQL[]): Preparable<Selected[]> & { limit(limit: number | Placeholder): Preparable<Selected[]> };
  limit(limit: number): Preparable<Selected[]>;
}

/**
 * How a list's total is counted when its filter is one the per-day counters keep (see
 * day-counts.ts): the counters' sum over whole months and days, the rows of the partial days at the
 * range's edges one by one. Any other filter is counted row by row a few pages ahead.
 */
export interface Counters<Filter, Bound> {
  /** Whether the counters answer this filter; else its rows are counted a few pages ahead. */
  answer(filter: Filter): boolean;
  /** The creation-time range the filter asks for. */
  range(filter: Filter): TimeRange;
  /** A SELECT of one sum: the filter's rows over whole days or months (`unit`) of the counters. */
  sum(unit: CounterUnit, days: BoundDays, bound: Bound, filter: Filter): SQLWrapper;
  /** The bound filter narrowed to a partial day at an edge of its range. */
  edge(bound: Bound, edge: BoundRange): Bound;
}

/** A list, declared once: its table and order, its filter, its columns, its counters. */
export interface ListDefinition<Filter, Bound, Selected, Row> {
  /** The list's table and its order: creation time, newest first, then id (a uuid). */
  table: PgTable;
  id: AnyPgColumn;
  createdAt: AnyPgColumn;
  /** The filter's values as placeholders of the call's binding, its choices in the statement's shape. */
  bind(filter: Filter, binding: Binding): Bound | Promise<Bound>;
  /** The rows of a bound filter: conditions on the list's table alone, served by its indexes. */
  where(bound: Bound): SQL | undefined;
  /**
   * What a row shows (its columns and joins) for the rows of `where`, with `extra` columns; a page's
   * rows may show the call's bound values (`bound`: placeholders only), a lookup's none.
   */
  select(where: SQL | undefined, extra: Record<string, SQL>, bound?: Bound): Selection<Selected>;
  /** Another order for its pages (a column, then id; descending unless `ascending`), in place of creation time newest first. */
  order?: { column: AnyPgColumn; ascending?: boolean };
  /** Counters of the list's filters; none: every total is counted a few pages ahead. */
  counters?: Counters<Filter, Bound>;
  /** Every total counted exactly, row by row (a list of few rows per filter), in place of counters or a count ahead. */
  exactCount?: boolean;
  /** A selected row as the list gives it (amounts as Kobo, JSON parsed). */
  toRow(selected: Selected): Row;
}

/** What a list definition yields: a page with its total, a keyset batch (a download), one row by id. */
export interface List<Filter, Row> {
  page(filter: Filter, page: Page): Promise<{ rows: Row[]; total: ListTotal }>;
  batch(filter: Filter, afterId: string | null, limit: number): Promise<Row[]>;
  lookup(id: string): Promise<Row | null>;
}

/**
 * A list from its definition. Every statement is built once per shape of its binding (see
 * prepared.ts) and run prepared: a page as readPage reads it (the ids of a page from the list's
 * table alone, then its rows), its total as day-counts.ts counts it, a batch after a row in the
 * list's order (keyset.ts), a row by its id.
 */
export function defineList<Filter, Bound, Selected, Row>(db: Database, list: ListDefinition<Filter, Bound, Selected, Row>): List<Filter, Row> {
  const statements = new PreparedStatements(db);
  const source = (bound: Bound): ListSource => ({
    table: list.table,
    id: list.id,
    orderColumn: list.order?.column ?? list.createdAt,
    ascending: list.order?.ascending ?? false,
    where: () => list.where(bound),
  });

  function totalOf(filter: Filter, bound: Bound, binding: Binding, page: Page): TotalQuery {
    const counters = list.counters;
    if (list.exactCount) return totalExact(() => db.select({ value: count() }).from(list.table).where(list.where(bound)));
    if (!counters?.answer(filter)) {
      return totalAhead(binding, page, () => db.select({ id: list.id }).from(list.table).where(list.where(bound)).$dynamic() as PgSelect);
    }
    return totalByDays(
      binding,
      counters.range(filter),
      (unit, days) => counters.sum(unit, days, bound, filter),
      (edge) =>
        db
          .select({ value: count() })
          .from(list.table)
          .where(list.where(counters.edge(bound, edge))),
    );
  }

  return {
    async page(filter, page) {
      const binding = new Binding();
      const bound = await list.bind(filter, binding);
      const total = totalOf(filter, bound, binding, page);
      const { rows, total: known } = await readPage(db, statements, binding, total, page, source(bound), (inPage, orderBy, extra) =>
        list.select(inPage, extra, bound).orderBy(...orderBy),
      );
      return { rows: rows.map(list.toRow), total: known };
    },

    async batch(filter, afterId, limit) {
      const binding = new Binding();
      const bound = await list.bind(filter, binding);
      const afterRow = binding.value('afterId', afterId ?? undefined);
      const batchSize = binding.value('limit', limit);
      const rows = await statements.run(`${binding.shape}|batch`, binding.values, () =>
        list
          .select(and(list.where(bound), afterRow && after(list.table, list.createdAt, list.id, afterRow)), {})
          .orderBy(desc(list.createdAt), desc(list.id))
          .limit(batchSize),
      );
      return rows.map(list.toRow);
    },

    async lookup(id) {
      const [row] = await statements.run('lookup', { id }, () => list.select(eq(list.id, sql.placeholder('id')), {}).limit(1), { planOnce: true });
      return row === undefined ? null : list.toRow(row);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// How a page is read, and how a search's total is counted.

/** A text search or other filter the counters do not keep is counted row by row this many pages ahead at most. */
export const SEARCH_LOOKAHEAD_PAGES = 10;

/**
 * Rows of `select` (a SELECT of the list's filtered rows) counted one by one up to
 * SEARCH_LOOKAHEAD_PAGES pages past the page asked for.
 */
function totalAhead(binding: Binding, page: { offset: number; limit: number }, select: () => PgSelect): TotalQuery {
  const cap = page.offset + page.limit * SEARCH_LOOKAHEAD_PAGES;
  const limit = binding.value('countUpTo', cap + 1);
  return {
    value: () => sql`(SELECT count(*) FROM (${select().limit(limit)}) AS limited)`.mapWith(Number),
    read: (value) => (value > cap ? { total: cap, exact: false } : { total: value, exact: true }),
  };
}

/** Every row of a list's filter counted (`select`: a SELECT of its count). */
function totalExact(select: () => SQLWrapper): TotalQuery {
  return {
    value: () => sql`(${select()})`.mapWith(Number),
    read: (value) => ({ total: value, exact: true }),
  };
}

/** The rows a list call asks for: `limit` rows after the first `offset`, newest first. */
interface Page {
  offset: number;
  limit: number;
}

/** Which end of a list a read starts from: its first row (as lists show; newest, unless it is ordered otherwise), or its last. */
type ReadOrder = 'newest' | 'oldest';

/** The ORDER BY of a list read from one end: its order column, then id to break ties. */
const orderFrom = (order: ReadOrder, list: ListSource) =>
  (order === 'newest') !== list.ascending ? [desc(list.orderColumn), desc(list.id)] : [asc(list.orderColumn), asc(list.id)];

/**
 * A page of a list ordered newest first, given its total. Pages past the middle of an exact total
 * are read from the oldest end (ascending, then reversed), so the last page costs what the first does;
 * a page past the end reads nothing.
 */
async function pageOf<T>({ total, exact }: ListTotal, page: Page, read: (order: ReadOrder, offset: number, limit: number) => Promise<T[]>): Promise<T[]> {
  if (!exact) return read('newest', page.offset, page.limit);
  if (page.offset >= total) return [];
  const limit = Math.min(page.limit, total - page.offset);
  if (page.offset <= total / 2) return read('newest', page.offset, limit);
  const fromOldest = total - page.offset - limit;
  return (await read('oldest', fromOldest, limit)).reverse();
}

/** The statements a list page is read with (each run through the list's PreparedStatements). */
interface PageStatements<T> {
  /** The first `limit` rows, newest first, and the list's total read with them (null when none came back). */
  first(limit: number): Promise<{ rows: T[]; total: number | null }>;
  /** The total's value alone (for a first page that came back empty, or a later page). */
  total(): Promise<number>;
  read(order: ReadOrder, offset: number, limit: number): Promise<T[]>;
}

/**
 * A page of a list and its total. The first page is read newest first whatever the total, so it
 * comes with its total; a later page needs the total first (see pageOf).
 */
async function pageAndTotal<T>(total: Pick<TotalQuery, 'read'>, page: Page, statements: PageStatements<T>): Promise<{ rows: T[]; total: ListTotal }> {
  if (page.offset === 0) {
    const first = await statements.first(page.limit);
    return { rows: first.rows, total: total.read(first.total ?? (await statements.total())) };
  }
  const known = total.read(await statements.total());
  return { rows: await pageOf(known, page, statements.read), total: known };
}

/**
 * The rows a page statement reads: placeholders filled with each call's offset and limit, or, for
 * the first page, the limit itself (one of the few page sizes; see lists/prepared.ts on statements
 * without values).
 */
interface PageWindow {
  offset: Placeholder | number;
  limit: Placeholder | number;
}

/** How a list's page statements are built (see pageStatements). */
interface PageBuilders<T> {
  /** The first `limit` rows, newest first, each with `extra` columns: the whole page in one statement. */
  first(limit: number, extra: Record<string, SQL>): Preparable<T[]>;
  /** The ids of the rows of a page window, read from one end, each with `extra` columns. */
  ids(order: ReadOrder, window: PageWindow, extra: Record<string, SQL>): Preparable<{ id: unknown }[]>;
  /** The rows whose ids are the placeholder `ids`, in the order of a read from one end. */
  rows(order: ReadOrder): Preparable<T[]>;
}

/**
 * A list's PageStatements, each built once per shape of `binding` and run with its values (see
 * lists/prepared.ts). A first page with no values (no search, no date range: the most frequent call
 * there is) is one statement, planned once per connection; its rows carry the total as `listTotal`
 * (a copy of each without it would cost more than the unused field: lists pick what they show).
 * A page with values (a later page, a search, a date range) is planned with its values (PostgreSQL
 * keeps no generic plan for an offset or a pattern it does not know; see prepared.ts); read as one
 * statement, the page's ids and its rows' eight tables were planned together, 1–4 ms of
 * PostgreSQL's time for about 1 ms of work. It is read in two: the ids (with the total, on a first
 * page), from the list's table alone, cheap to plan; then the rows of those ids, by a statement that
 * is the same for every page and filter of the list, whose plan PostgreSQL keeps (`planOnce`).
 */
function pageStatements<T>(db: Database, statements: PreparedStatements, binding: Binding, total: TotalQuery, build: PageBuilders<T>): PageStatements<T> {
  const window: PageWindow = { offset: sql.placeholder('offset'), limit: sql.placeholder('limit') };
  const { shape, values } = binding;
  const rowsOf = (order: ReadOrder, ids: { id: unknown }[]) =>
    statements.run(`rows|${order}`, { ...values, ids: ids.map((row) => row.id) }, () => build.rows(order), { planOnce: true });
  return {
    first: async (limit) => {
      if (Object.keys(values).length === 0) {
        const rows = (await statements.run(`${shape}|first${limit}`, values, () => build.first(limit, { listTotal: total.value() }))) as (T & {
          listTotal: number;
        })[];
        return { rows, total: rows.length > 0 ? rows[0].listTotal : null };
      }
      const ids = (await statements.run(`${shape}|firstIds${limit}`, values, () =>
        build.ids('newest', { offset: 0, limit }, { listTotal: total.value() }),
      )) as { id: unknown; listTotal: number }[];
      if (ids.length === 0) return { rows: [], total: null };
      return { rows: await rowsOf('newest', ids), total: Number(ids[0].listTotal) };
    },
    total: async () => {
      const [row] = await statements.run(`${shape}|total`, values, () => db.select({ value: total.value() }).from(sql`(VALUES (0)) AS one`));
      return Number(row?.value ?? 0);
    },
    read: async (order, offset, limit) => {
      const ids = await statements.run(`${shape}|${order}`, { ...values, offset, limit }, () => build.ids(order, window, {}));
      return ids.length === 0 ? [] : rowsOf(order, ids);
    },
  };
}

/** A list's rows: its table, its order (a column, then id: a uuid) and its conditions, built from placeholders only. */
interface ListSource {
  table: PgTable;
  id: AnyPgColumn;
  orderColumn: AnyPgColumn;
  ascending: boolean;
  where(): SQL | undefined;
}

/**
 * A page of a list and its total (see pageAndTotal), each statement built once per shape of
 * `binding`. Deferred join: the offset walks the list's index alone for the page's ids, and `select`
 * reads what a row shows for those ids only (`inPage`), in `orderBy`. The statements `select` builds
 * for later pages must not depend on the call's filter: one serves every filter of the list.
 */
function readPage<T>(
  db: Database,
  statements: PreparedStatements,
  binding: Binding,
  total: TotalQuery,
  page: Page,
  list: ListSource,
  select: (inPage: SQL, orderBy: SQL[], extra: Record<string, SQL>) => Preparable<T[]>,
): Promise<{ rows: T[]; total: ListTotal }> {
  const orderOf = (order: ReadOrder) => orderFrom(order, list);
  const idsOf = (order: ReadOrder, window: PageWindow, extra: Record<string, SQL> = {}) =>
    db
      .select({ id: list.id, ...extra })
      .from(list.table)
      .where(list.where())
      .orderBy(...orderOf(order))
      .limit(window.limit)
      .offset(window.offset);
  return pageAndTotal(
    total,
    page,
    pageStatements(db, statements, binding, total, {
      first: (limit, extra) => select(inArray(list.id, idsOf('newest', { offset: 0, limit })), orderOf('newest'), extra),
      ids: idsOf,
      rows: (order) => select(sql`${list.id} = ANY(${sql.placeholder('ids')}::uuid[])`, orderOf(order), {}),
    }),
  );
}
