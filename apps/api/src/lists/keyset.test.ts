import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { inBatches, mapBatches } from './keyset.ts';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** A reader over rows 1..total with ids 'r1', 'r2', …, remembering each afterId it was asked for. */
function reader(total: number) {
  const asked: (string | null)[] = [];
  const read = async (afterId: string | null, limit: number) => {
    asked.push(afterId);
    const start = afterId === null ? 0 : Number(afterId.slice(1));
    return Array.from({ length: Math.max(0, Math.min(limit, total - start)) }, (_, i) => ({ id: `r${start + i + 1}` }));
  };
  return { read, asked };
}

async function collect<T>(batches: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const batch of batches) all.push(batch);
  return all;
}

describe('inBatches', () => {
  it('reads after the last row of each batch and ends at the first short one', async () => {
    const { read, asked } = reader(5);
    const batches = await collect(inBatches(read, 2));
    expect(batches.map((rows) => rows.map((row) => row.id))).toEqual([['r1', 'r2'], ['r3', 'r4'], ['r5']]);
    expect(asked).toEqual([null, 'r2', 'r4']);
  });

  it('reads once more after a full last batch, and gives no empty batch', async () => {
    const { read, asked } = reader(4);
    expect((await collect(inBatches(read, 2))).length).toBe(2);
    expect(asked).toEqual([null, 'r2', 'r4']);
  });

  it('stops reading when the consumer returns early', async () => {
    const { read, asked } = reader(10);
    for await (const rows of mapBatches(inBatches(read, 2), (batch) => batch.length)) {
      expect(rows).toBe(2);
      break;
    }
    expect(asked).toEqual([null]);
  });
});

describe('mapBatches', () => {
  it('maps each batch in order, awaiting an async map', async () => {
    const { read } = reader(3);
    const mapped = mapBatches(inBatches(read, 2), async (rows) => rows.map((row) => row.id).join(','));
    expect(await collect(mapped)).toEqual(['r1,r2', 'r3']);
  });

  // The reason they are not generators (keyset.ts): a batch held while the consumer waits lets V8
  // pretenure every later row, and an export's memory grows by ~120 MB.
  it('holds no batch once it has handed it over, while the read is not finished', async () => {
    const { read } = reader(10);
    const handed: WeakRef<object>[] = [];
    const tracked = async (afterId: string | null, limit: number) => {
      const rows = await read(afterId, limit);
      handed.push(new WeakRef(rows));
      return rows;
    };
    const iterator = mapBatches(inBatches(tracked, 2), (rows) => rows.map((row) => ({ ...row })))[Symbol.asyncIterator]();
    await (async () => {
      const first = await iterator.next();
      handed.push(new WeakRef(first.value as object));
    })();
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    expect(handed.map((batch) => batch.deref())).toEqual([undefined, undefined]);
    expect((await iterator.next()).done).toBe(false);
  });
});
