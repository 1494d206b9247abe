import { setFlagsFromString } from 'node:v8';

/**
 * Keeps the rows a list or an export reads in V8's young generation. V8 starts allocating an
 * object site straight into the old generation when a young-generation collection finds nearly all
 * of its objects alive ("allocation-site pretenuring"), and a collection that lands while a batch of
 * rows is being read does. The old generation then grows until a full collection: a CSV export of
 * 1,034,567 scans grew the server's RSS by 119–143 MB with it, and by 0.7 MB without it
 * (bench/export-memory.ts, PostgreSQL, 1M-motorist data set). The server keeps few long-lived
 * objects, so it gives up little. V8 reads this flag at every collection, so it can be set at start.
 */
export function keepRowsYoung(): void {
  setFlagsFromString('--no-allocation-site-pretenuring');
}
