import { and, count, desc, eq, type Placeholder, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/connect.ts';
import { type BoundDays, type BoundRange, type CounterUnit, type ListTotal, type TimeRange, totalAhead, totalByDays, type TotalQuery } from './day-counts.ts';
import { after } from './keyset.ts';
import { type Page, readPage } from './paging.ts';
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
  /** What a row shows (its columns and joins) for the rows of `where`, with `extra` columns. */
  select(where: SQL | undefined, extra: Record<string, SQL>): Selection<Selected>;
  /** Counters of the list's filters; none: every total is counted a few pages ahead. */
  counters?: Counters<Filter, Bound>;
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
 * prepared.ts) and run prepared: a page as paging.ts reads it (the ids of a page from the list's
 * table alone, then its rows), its total as day-counts.ts counts it, a batch after a row in the
 * list's order (keyset.ts), a row by its id.
 */
export function defineList<Filter, Bound, Selected, Row>(db: Database, list: ListDefinition<Filter, Bound, Selected, Row>): List<Filter, Row> {
  const statements = new PreparedStatements(db);
  const source = (bound: Bound) => ({ table: list.table, id: list.id, createdAt: list.createdAt, where: () => list.where(bound) });

  function totalOf(filter: Filter, bound: Bound, binding: Binding, page: Page): TotalQuery {
    const counters = list.counters;
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
        list.select(inPage, extra).orderBy(...orderBy),
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
