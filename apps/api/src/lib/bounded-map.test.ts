import { describe, expect, it } from 'vitest';
import { BoundedMap } from './bounded-map.ts';

describe('BoundedMap', () => {
  it('keeps at most its bound, forgetting the oldest entry first', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2);
    map.set('a', 3); // already kept: replaced in place, nothing forgotten
    expect([...map]).toEqual([
      ['a', 3],
      ['b', 2],
    ]);
    map.set('c', 4);
    expect([...map]).toEqual([
      ['b', 2],
      ['c', 4],
    ]);
  });
});
