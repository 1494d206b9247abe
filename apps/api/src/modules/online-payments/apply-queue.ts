/** A notification answered this recently: more are coming. */
const BUSY_WITHIN_MS = 100;

export interface ApplyQueueOptions {
  /** Applies at once when no notification is coming. */
  atOnce: number;
  /** How long an apply may be held back while notifications keep coming; after that they go one at a time. */
  holdWhileBusyMs: number;
  /** How many may wait (beyond: the verify job applies them). */
  capacity: number;
  onError: (error: unknown) => void;
}

/**
 * Kept webhook events applied after their answers. Answering (verify, one insert) comes first: the
 * provider retries a notification not answered in time, and a credit costs about fifteen statements.
 * So no apply starts while a notification is being answered, and while notifications keep coming
 * (one answered in the last 100 ms) the applies wait for a pause, at most `holdWhileBusyMs`, then go
 * one at a time; with none coming, `atOnce` at a time. The payer never waits for this: the page
 * back from checkout verifies with the provider itself. Figures: bench/paystack-webhooks-results.md.
 */
export function createApplyQueue(options: ApplyQueueOptions) {
  const waiting: { apply: () => Promise<unknown>; since: number }[] = [];
  let running = 0;
  let answering = 0;
  let lastAnswerAt = -Infinity;
  let idle: Promise<void> = Promise.resolve();
  let wake: () => void = () => undefined;
  let later: ReturnType<typeof setTimeout> | null = null;

  const limit = (now: number) => {
    if (answering > 0) return 0;
    if (now - lastAnswerAt >= BUSY_WITHIN_MS) return options.atOnce;
    return now - waiting[0]!.since >= options.holdWhileBusyMs ? 1 : 0;
  };

  const pump = () => {
    while (waiting.length > 0 && running < limit(performance.now())) {
      const { apply } = waiting.shift()!;
      running += 1;
      if (running === 1) idle = new Promise<void>((resolve) => (wake = resolve));
      void apply()
        .catch(options.onError)
        .finally(() => {
          running -= 1;
          if (running === 0 && waiting.length === 0) wake();
          pump();
        });
    }
    // Held back and nothing running to call again: look again shortly.
    if (waiting.length > 0 && running === 0 && !later) later = setTimeout(() => ((later = null), pump()), BUSY_WITHIN_MS);
  };

  return {
    /** Runs the answering of one notification; no apply starts until every answer in progress is given. */
    async answering<T>(answer: () => Promise<T>): Promise<T> {
      answering += 1;
      try {
        return await answer();
      } finally {
        answering -= 1;
        lastAnswerAt = performance.now();
      }
    },

    /** Queues an apply; false when the queue is full (the verify job applies it later). */
    push(apply: () => Promise<unknown>): boolean {
      if (waiting.length >= options.capacity) return false;
      waiting.push({ apply, since: performance.now() });
      setImmediate(pump);
      return true;
    },

    /** Drops what waits and resolves when the applies in progress have ended (the server is closing). */
    close(): Promise<void> {
      waiting.length = 0;
      if (later) clearTimeout(later);
      return running === 0 ? Promise.resolve() : idle;
    },
  };
}
