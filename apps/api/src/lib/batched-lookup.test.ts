import { describe, expect, it } from 'vitest';
import { batchedLookup } from './batched-lookup.ts';

interface Row {
  code: string;
  n: number;
}

function recorder(rows: Row[]) {
  const calls: string[][] = [];
  const lookup = batchedLookup(
    async (keys: string[]) => {
      calls.push(keys);
      return rows.filter((row) => keys.includes(row.code));
    },
    (row) => row.code,
  );
  return { calls, lookup };
}

describe('batchedLookup', () => {
  it('reads the keys asked for in one turn of the event loop in one call, each its own row', async () => {
    const { calls, lookup } = recorder([
      { code: 'a', n: 1 },
      { code: 'b', n: 2 },
      { code: 'b', n: 3 },
    ]);
    // As requests of one turn arrive: each from its own callback, not from one promise chain.
    const answers = await Promise.all(['a', 'b', 'x', 'a'].map((key) => new Promise((resolve) => setTimeout(() => resolve(lookup(key)), 0))));
    expect(answers).toEqual([{ code: 'a', n: 1 }, { code: 'b', n: 2 }, null, { code: 'a', n: 1 }]);
    expect(calls).toEqual([['a', 'b', 'x']]);
  });

  it('keeps nothing between turns', async () => {
    const { calls, lookup } = recorder([{ code: 'a', n: 1 }]);
    await lookup('a');
    await lookup('a');
    expect(calls).toEqual([['a'], ['a']]);
  });

  it('fails every key of a failed read, and reads them again when asked again', async () => {
    let fail = true;
    const lookup = batchedLookup(
      async (keys: string[]) => {
        if (fail) throw new Error('connection lost');
        return keys.map((code) => ({ code }));
      },
      (row) => row.code,
    );
    await expect(Promise.all([lookup('a'), lookup('b')])).rejects.toThrow('connection lost');
    fail = false;
    await expect(lookup('a')).resolves.toEqual({ code: 'a' });
  });
});
