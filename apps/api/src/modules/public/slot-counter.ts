import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { LRUCache } from 'lru-cache';
import { PreparedStatements } from '../../lists/prepared.ts';

/** How often a process adds the checks it admitted to PostgreSQL's counts (PUBLIC_FLUSH_MS). */
export const DEFAULT_FLUSH_MS = 100;
/**
 * Checks a process admits for one key from what it knows before it must ask PostgreSQL again:
 * the tolerance. Across N processes a key gets at most limit + N × BURST − 1 checks in a window.
 */
export const BURST = 3;
/** Keys whose count a process remembers; a forgotten one is asked about again after BURST checks. */
const MAX_KEYS = 100_000;

interface Known {
  /** The key's count in PostgreSQL at the last flush, this process's checks included. */
  count: number;
  /** When that count's window ends (ms); afterwards it counts from 0 again. */
  windowEnd: number;
}

export interface SlotRule {
  limit: number;
  windowMs: number;
}

/**
 * Per-address counts of admitted checks, kept by each process and added to PostgreSQL's (the
 * throttle table, migration 0052) in one statement every `flushMs` for every key seen meanwhile:
 * an admitted check costs a share of one statement, not a statement of its own.
 *
 * A check is admitted from memory while the key's last known count plus this process's checks not
 * yet in it (waiting, or in the write under way) stay under the limit, and while fewer than BURST of
 * them are; the BURST-th writes them at once and decides from the count PostgreSQL answers, which
 * includes every other process's. So whichever processes an address spreads its checks over, each
 * can admit at most BURST checks the others do not know of: at most limit + N × BURST − 1 in a
 * window with N processes. A refusal (the count reached) is answered from memory and writes nothing.
 */
export function createSlotCounter(deps: { db: Database; rule: SlotRule; flushMs?: number; now: () => Date }) {
  const { db, rule } = deps;
  const flushMs = deps.flushMs ?? DEFAULT_FLUSH_MS;
  const burst = Math.min(BURST, rule.limit);
  const statements = new PreparedStatements(db);
  const known = new LRUCache<string, Known>({ max: MAX_KEYS });
  let waiting = new Map<string, number>();
  /** The batch being written: counted as this process's own until PostgreSQL's answer includes it. */
  let writing = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();

  /** This process's checks for `key` that its last known count does not include yet. */
  const pending = (key: string): number => (writing.get(key) ?? 0) + (waiting.get(key) ?? 0);

  const countOf = (key: string, at: number): number => {
    const entry = known.get(key);
    return entry && entry.windowEnd > at ? entry.count : 0;
  };

  async function write(batch: Map<string, number>): Promise<void> {
    const keys = [...batch.keys()].sort();
    const rows = await statements.run(
      'add',
      { keys, counts: keys.map((key) => batch.get(key)!), limit: rule.limit, windowMs: rule.windowMs, now: deps.now().toISOString() },
      () =>
        db.select({ key: sql<string>`c.key`, failures: sql<number>`c.failures`, windowEnd: sql<Date | string>`c.window_end` }).from(
          sql`add_throttle_counts(${sql.placeholder('keys')}::text[], ${sql.placeholder('counts')}::integer[], ${sql.placeholder('limit')}::integer,
                                    ${sql.placeholder('windowMs')}::bigint, ${sql.placeholder('now')}::timestamptz) AS c`,
        ),
      { planOnce: true },
    );
    for (const row of rows) known.set(row.key, { count: Number(row.failures), windowEnd: new Date(row.windowEnd).getTime() });
  }

  /** Writes what waits; one write at a time, so counts are added in the order they were taken. */
  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    flushing = flushing
      .catch(() => undefined)
      .then(async () => {
        if (waiting.size === 0) return;
        const batch = waiting;
        waiting = new Map();
        writing = batch;
        try {
          await write(batch);
        } catch (error) {
          // Not lost: added to the next write.
          for (const [key, n] of batch) waiting.set(key, (waiting.get(key) ?? 0) + n);
          schedule();
          throw error;
        } finally {
          writing = new Map();
        }
      });
    return flushing;
  }

  function schedule(): void {
    timer ??= setTimeout(() => void flush().catch(() => undefined), flushMs);
    timer.unref();
  }

  /** Until when `key` is refused (ms), from memory only; null while it may be admitted. */
  function refusedUntil(key: string, at: number): number | null {
    const entry = known.get(key);
    if (!entry || entry.windowEnd <= at) return null;
    return entry.count + pending(key) >= rule.limit ? entry.windowEnd : null;
  }

  return {
    refusedUntil,

    /** Takes a slot for `key`: null when admitted, else until when it is refused (ms). */
    async take(key: string): Promise<number | null> {
      let at = deps.now().getTime();
      for (;;) {
        const blocked = refusedUntil(key, at);
        if (blocked !== null) return blocked;
        if (pending(key) < burst) break;
        // Checks arriving together wait for the same write, then try again.
        await flush();
        at = deps.now().getTime();
      }
      if (countOf(key, at) + pending(key) >= rule.limit) return known.get(key)!.windowEnd;
      waiting.set(key, (waiting.get(key) ?? 0) + 1);
      schedule();
      return null;
    },

    /** Writes what waits now (on close, and in tests). */
    flush,
  };
}
export type SlotCounter = ReturnType<typeof createSlotCounter>;
