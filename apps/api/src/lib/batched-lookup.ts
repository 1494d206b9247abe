import DataLoader from 'dataloader';

/** Keys read in one statement at most. */
const MAX_BATCH = 500;

/**
 * One row by key, for a read that callers make one key at a time: the keys asked for in the same turn
 * of the event loop go to `loadMany` together, as one statement (`= ANY`). Nothing is kept between
 * turns (callers cache where that is safe). A key `loadMany` does not return reads as null; one it
 * returns twice, as its first row.
 *
 * Why (issue 49): under a crowd each public check's read held one of the pool's 10 connections for a
 * turn or two of a saturated loop, and the pool ran dry: at 200 connections 13 % of vehicle checks
 * waited over 5 ms in the server and 2 % over 250 ms (wrk's p99 0.46–1.05 s against the static
 * file's 0.10–0.43 s). Batched per turn, a crowd's reads need one or two connections.
 */
export function batchedLookup<K, Row>(loadMany: (keys: K[]) => Promise<Row[]>, keyOf: (row: Row) => K): (key: K) => Promise<Row | null> {
  const loader = new DataLoader<K, Row | null>(
    async (keys) => {
      const rows = await loadMany([...new Set(keys)]);
      const byKey = new Map<K, Row>();
      for (const row of rows) if (!byKey.has(keyOf(row))) byKey.set(keyOf(row), row);
      return keys.map((key) => byKey.get(key) ?? null);
    },
    // setImmediate: after every request of the loop's turn is read (DataLoader's default batches one callback's).
    { cache: false, maxBatchSize: MAX_BATCH, batchScheduleFn: (dispatch) => setImmediate(dispatch) },
  );
  return (key) => loader.load(key);
}
