import { type Placeholder, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * How many rows a whole-list read (a CSV export) fetches per statement. Smaller batches did not
 * keep the server's memory down (250 rows: RSS +129 MB for an export of 1,034,567 scans, before
 * platform/runtime/heap.ts), and each costs a statement.
 */
export const KEYSET_BATCH_SIZE = 1_000;

/**
 * Rows after the row `afterId` in the order (created_at DESC, id DESC): the keyset step of reading a
 * whole list in batches. The bound is read from the row itself, so created_at keeps its microseconds
 * (a JavaScript Date would cut them and skip rows). The plain `created_at <=` lets an index that
 * starts with created_at (or role, created_at) seek instead of scanning from the newest row.
 */
export function after(table: PgTable, createdAt: PgColumn, id: PgColumn, afterId: string | Placeholder | null): SQL | undefined {
  if (afterId === null) return undefined;
  const bound = sql`(select ${createdAt} from ${table} where ${id} = ${afterId}::uuid)`;
  return sql`(${createdAt} <= ${bound} and (${createdAt}, ${id}) < (${bound}, ${afterId}::uuid))`;
}

/*
 * Batch readers without generators, on purpose. While a CSV export waits for the socket to drain, a
 * suspended async generator still holds the batch it last yielded; a young-generation collection then
 * finds every row of that batch alive, and V8 starts allocating those rows straight into the old
 * generation (allocation-site pretenuring), which grows until a full collection. An export of 208k
 * scans grew the server's RSS by ~120 MB in 6 of 15 runs that way; with these iterators, which hold
 * nothing once next() has answered, by at most 4 MB (bench/export-memory.ts). A collection can still
 * land while a batch is being read, so the server also turns pretenuring off (platform/runtime/heap.ts).
 */

/**
 * Every row a batch reader gives, batch by batch, each read starting after the last row of the one
 * before; ends at the first short batch. Nothing but the batch being handed over is held.
 */
export function inBatches<Row extends { id: string }>(
  read: (afterId: string | null, limit: number) => Promise<Row[]>,
  size = KEYSET_BATCH_SIZE,
): AsyncIterable<Row[]> {
  let afterId: string | null = null;
  let finished = false;
  const done = (): IteratorResult<Row[]> => {
    finished = true;
    return { done: true, value: undefined };
  };
  const iterator: AsyncIterableIterator<Row[]> = {
    async next() {
      if (finished) return done();
      const rows = await read(afterId, size);
      if (rows.length < size) finished = true;
      if (rows.length === 0) return done();
      afterId = rows[rows.length - 1].id;
      return { done: false, value: rows };
    },
    async return() {
      return done();
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}

/** Each batch of `source` through `map`, read as asked for; like inBatches, it holds no batch between calls. */
export function mapBatches<In, Out>(source: AsyncIterable<In>, map: (batch: In) => Out | Promise<Out>): AsyncIterable<Out> {
  const batches = source[Symbol.asyncIterator]();
  const iterator: AsyncIterableIterator<Out> = {
    async next() {
      const next = await batches.next();
      return next.done ? { done: true, value: undefined } : { done: false, value: await map(next.value) };
    },
    async return() {
      await batches.return?.();
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}
