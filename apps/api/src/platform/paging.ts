import { asc, desc, inArray, type Placeholder, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/connect.ts';
import type { Binding, Preparable, PreparedStatements } from '../db/prepared.ts';
import type { ListTotal, TotalQuery } from './day-counts.ts';

/** The rows a list call asks for: `limit` rows after the first `offset`, newest first. */
export interface Page {
  offset: number;
  limit: number;
}

/** Which end of a list a read starts from: newest first (as lists show), or oldest first. */
export type ReadOrder = 'newest' | 'oldest';

/** The ORDER BY of a list read from one end: creation time, then id to break ties. */
const orderFrom = (order: ReadOrder, createdAt: AnyPgColumn, id: AnyPgColumn) =>
  order === 'newest' ? [desc(createdAt), desc(id)] : [asc(createdAt), asc(id)];

/**
 * A page of a list ordered newest first, given its total. Pages past the middle of an exact total
 * are read from the oldest end (ascending, then reversed), so the last page costs what the first does;
 * a page past the end reads nothing.
 */
export async function pageOf<T>(
  { total, exact }: ListTotal,
  page: Page,
  read: (order: ReadOrder, offset: number, limit: number) => Promise<T[]>,
): Promise<T[]> {
  if (!exact) return read('newest', page.offset, page.limit);
  if (page.offset >= total) return [];
  const limit = Math.min(page.limit, total - page.offset);
  if (page.offset <= total / 2) return read('newest', page.offset, limit);
  const fromOldest = total - page.offset - limit;
  return (await read('oldest', fromOldest, limit)).reverse();
}

/** The statements a list page is read with (each run through the list's PreparedStatements). */
export interface PageStatements<T> {
  /** The first `limit` rows, newest first, each with the list's total as `listTotal`. */
  firstWithTotal(limit: number): Promise<(T & { listTotal: number })[]>;
  /** The total's value alone (for a first page that came back empty, or a later page). */
  total(): Promise<number>;
  read(order: ReadOrder, offset: number, limit: number): Promise<T[]>;
}

/**
 * A page of a list and its total. The first page is read newest first whatever the total, so it
 * comes with its total in one statement; a later page needs the total first (see pageOf).
 */
export async function pageAndTotal<T>(
  total: Pick<TotalQuery, 'read'>,
  page: Page,
  statements: PageStatements<T>,
): Promise<{ rows: T[]; total: ListTotal }> {
  if (page.offset === 0) {
    const rows = await statements.firstWithTotal(page.limit);
    // The rows keep their listTotal: a copy of each without it costs more than the unused field (lists pick what they show).
    return { rows, total: total.read(rows.length > 0 ? rows[0].listTotal : await statements.total()) };
  }
  const known = total.read(await statements.total());
  return { rows: await pageOf(known, page, statements.read), total: known };
}

/**
 * The rows a page statement reads: placeholders filled with each call's offset and limit, or, for
 * the first page, the limit itself (one of the few page sizes; see db/prepared.ts on statements
 * without values).
 */
interface PageWindow {
  offset: Placeholder | number;
  limit: Placeholder | number;
}

/**
 * A list's PageStatements, each built once per shape of `binding` and run with its values (see
 * db/prepared.ts). `select` builds the page read from one end with extra columns: the total as
 * `listTotal` for the first page, none for the others.
 */
function pageStatements<T>(
  db: Database,
  statements: PreparedStatements,
  binding: Binding,
  total: TotalQuery,
  select: (order: ReadOrder, window: PageWindow, extra: Record<string, SQL>) => Preparable<T[]>,
): PageStatements<T> {
  const window: PageWindow = { offset: sql.placeholder('offset'), limit: sql.placeholder('limit') };
  const { shape, values } = binding;
  return {
    firstWithTotal: (limit) => {
      const first = statements.run(`${shape}|first${limit}`, values, () => select('newest', { offset: 0, limit }, { listTotal: total.value() }));
      return first as Promise<(T & { listTotal: number })[]>;
    },
    total: async () => {
      const [row] = await statements.run(`${shape}|total`, values, () => db.select({ value: total.value() }).from(sql`(VALUES (0)) AS one`));
      return Number(row?.value ?? 0);
    },
    read: (order, offset, limit) => statements.run(`${shape}|${order}`, { ...values, offset, limit }, () => select(order, window, {})),
  };
}

/** A list's rows: its table, its order (creation time, then id) and its conditions, built from placeholders only. */
export interface ListSource {
  table: PgTable;
  id: AnyPgColumn;
  createdAt: AnyPgColumn;
  where(): SQL | undefined;
}

/**
 * A page of a list and its total (see pageAndTotal), each statement built once per shape of
 * `binding`. Deferred join: the offset walks the list's index alone for the page's ids, and `select`
 * reads what a row shows for those ids only (`inPage`), in `orderBy`.
 */
export function readPage<T>(
  db: Database,
  statements: PreparedStatements,
  binding: Binding,
  total: TotalQuery,
  page: Page,
  list: ListSource,
  select: (inPage: SQL, orderBy: SQL[], extra: Record<string, SQL>) => Preparable<T[]>,
): Promise<{ rows: T[]; total: ListTotal }> {
  const orderOf = (order: ReadOrder) => orderFrom(order, list.createdAt, list.id);
  const idsOf = (order: ReadOrder, window: PageWindow) =>
    db.select({ id: list.id }).from(list.table).where(list.where()).orderBy(...orderOf(order)).limit(window.limit).offset(window.offset);
  return pageAndTotal(
    total,
    page,
    pageStatements(db, statements, binding, total, (order, window, extra) => select(inArray(list.id, idsOf(order, window)), orderOf(order), extra)),
  );
}
