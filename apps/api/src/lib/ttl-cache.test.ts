import { describe, expect, it } from 'vitest';
import { controlledClock } from './clock.ts';
import { ttlCache } from './ttl-cache.ts';

describe('ttlCache', () => {
  it('computes once for callers asking at the same time, reuses the result until it expires', async () => {
    const clock = controlledClock('2026-05-01T10:00:00Z');
    const cache = ttlCache<number>({ ttlMs: 60_000, maxEntries: 10, clock });
    let computed = 0;
    const compute = async () => {
      computed += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return computed;
    };
    expect(await Promise.all([cache.get('a', compute), cache.get('a', compute), cache.get('a', compute)])).toEqual([1, 1, 1]);
    clock.set('2026-05-01T10:00:59Z');
    expect(await cache.get('a', compute)).toBe(1);
    clock.set('2026-05-01T10:01:00Z');
    expect(await cache.get('a', compute)).toBe(2);
    expect(await cache.get('b', compute)).toBe(3);
  });

  it('does not keep a failure, keeps at most maxEntries keys, and with no time to live always computes', async () => {
    const clock = controlledClock('2026-05-01T10:00:00Z');
    const cache = ttlCache<string>({ ttlMs: 60_000, maxEntries: 2, clock });
    await expect(cache.get('x', () => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    expect(await cache.get('x', async () => 'fresh')).toBe('fresh');
    await cache.get('y', async () => 'y');
    await cache.get('z', async () => 'z'); // 'x' is the oldest: it goes
    expect(await cache.get('x', async () => 'recomputed')).toBe('recomputed');

    let calls = 0;
    const off = ttlCache<number>({ ttlMs: 0, maxEntries: 2, clock });
    await off.get('k', async () => ++calls);
    await off.get('k', async () => ++calls);
    expect(calls).toBe(2);
  });

  it('clear forgets kept results and those still being computed', async () => {
    const clock = controlledClock('2026-05-01T10:00:00Z');
    const cache = ttlCache<string>({ ttlMs: 60_000, maxEntries: 10, clock });
    expect(await cache.get('a', async () => 'before')).toBe('before');
    let release: (value: string) => void = () => {};
    const inFlight = cache.get('b', () => new Promise<string>((resolve) => (release = resolve)));
    cache.clear();
    expect(await cache.get('a', async () => 'after')).toBe('after');
    release('stale');
    expect(await inFlight).toBe('stale');
    expect(await cache.get('b', async () => 'fresh')).toBe('fresh');
  });
});
