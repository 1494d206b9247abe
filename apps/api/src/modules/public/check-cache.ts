import type { Listen } from '../../db/listen.ts';
import { systemClock } from '../../lib/clock.ts';
import { ttlCache } from '../../lib/ttl-cache.ts';

/** Announced at commit with a Unique ID whose check changed, or '' for every check (migration 0050). */
const PUBLIC_CHECKS_CHANNEL = 'eticketing_public_checks';

const MAX_ENTRIES = 50_000;

/**
 * What a vehicle's or an agent's check read, reused by this process for `ttlMs` (PUBLIC_CACHE_MS):
 * a crowd checking the same stickers costs one read each per few seconds. The rows are kept, not the
 * verdict, which is worked out at each check's own time (an expiry passing is seen at once).
 *
 * Never stale across a change the page shows: every process listens on PUBLIC_CHECKS_CHANNEL and
 * forgets a person's check as soon as PostgreSQL announces a payment, penalty, pause, suspension...
 * of theirs, whichever process wrote it. Until it listens, and while its connection is lost, nothing
 * is reused. Not-found answers are not kept (a code registered a moment later must be found).
 */
export function createCheckCache(options: { ttlMs: number; listen?: Listen }) {
  // Real time, not the app's clock (which tests may stop): this is a cache, not a business rule.
  const kept = ttlCache<unknown>({ ttlMs: options.ttlMs, maxEntries: MAX_ENTRIES, clock: systemClock });
  let trusted = false;
  let stop: (() => Promise<void>) | undefined;

  const forget = (userCode: string) => {
    if (userCode === '') return kept.clear();
    kept.delete(`vehicle:${userCode}`);
    kept.delete(`agent:${userCode}`);
  };

  return {
    /** `kind`'s check of `userCode`: kept, or loaded (and kept when found). */
    read<T>(kind: 'vehicle' | 'agent', userCode: string, load: () => Promise<T | null>): Promise<T | null> {
      if (!trusted || options.ttlMs <= 0) return load();
      const key = `${kind}:${userCode}`;
      const value = kept.get(key, load) as Promise<T | null>;
      void value.then((row) => row === null && kept.delete(key)).catch(() => undefined);
      return value;
    },

    /** Starts listening (nothing is reused before). */
    async start(): Promise<void> {
      if (!options.listen || options.ttlMs <= 0) return;
      stop = await options.listen(PUBLIC_CHECKS_CHANNEL, {
        onMessage: forget,
        onDown: () => {
          trusted = false;
          kept.clear();
        },
        onUp: () => {
          kept.clear();
          trusted = true;
        },
      });
    },

    async stop(): Promise<void> {
      trusted = false;
      await stop?.();
    },
  };
}
export type CheckCache = ReturnType<typeof createCheckCache>;
