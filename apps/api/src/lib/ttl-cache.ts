import { LRUCache } from 'lru-cache';
import type { Clock } from './clock.ts';

/**
 * Results kept for `ttlMs` of the clock, computed once however many callers ask at the same time
 * (they share the one computation). A failed computation is not kept. At most `maxEntries` keys;
 * the least recently used goes first. `clear()` forgets every result, including those still being
 * computed: a caller after it computes afresh.
 */
export function ttlCache<T>(options: { ttlMs: number; maxEntries: number; clock: Clock }) {
  const entries = new LRUCache<string, { until: number; value: Promise<T> }>({ max: options.maxEntries });
  return {
    get(key: string, compute: () => Promise<T>): Promise<T> {
      if (options.ttlMs <= 0) return compute();
      const now = options.clock.now().getTime();
      const kept = entries.get(key);
      if (kept && kept.until > now) return kept.value;
      const value = compute();
      entries.set(key, { until: now + options.ttlMs, value });
      value.catch(() => entries.get(key)?.value === value && entries.delete(key));
      return value;
    },

    /** Forgets one key's result (computed or being computed). */
    delete(key: string): void {
      entries.delete(key);
    },

    clear(): void {
      entries.clear();
    },
  };
}
