import { asc, desc } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/connect.ts';
import { type ListTotal, readTotal, type TotalQuery, withTotal } from './day-counts.ts';

/** The rows a list call asks for: `limit` rows after the first `offset`, newest first. */
export interface Page {
  offset: number;
  limit: number;
}

/** Which end of a list a read starts from: newest first (as lists show), or oldest first. */
export type ReadOrder = 'newest' | 'oldest';

/** The ORDER BY of a list read from one end: creation time, then id to break ties. */
export const orderFrom = (order: ReadOrder, createdAt: AnyPgColumn, id: AnyPgColumn) =>
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

/**
 * A page of a list and its total. The first page is read newest first whatever the total, so it
 * comes with its total in one statement (`readWithTotal`); a later page needs the total first (see
 * pageOf).
 */
export async function pageAndTotal<T>(
  db: Database,
  total: TotalQuery,
  page: Page,
  readWithTotal: (limit: number) => Promise<(T & { listTotal: number })[]>,
  read: (order: ReadOrder, offset: number, limit: number) => Promise<T[]>,
): Promise<{ rows: T[]; total: ListTotal }> {
  if (page.offset === 0) {
    const first = await withTotal(db, total, await readWithTotal(page.limit));
    return { rows: first.rows as T[], total: first.total };
  }
  const known = await readTotal(db, total);
  return { rows: await pageOf(known, page, read), total: known };
}
