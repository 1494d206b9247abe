import type { PGlite } from '@electric-sql/pglite';

/**
 * Runs jobs one at a time, in the order they were asked for, and lets the event loop turn between
 * two jobs.
 *
 * Why: PGlite runs in this thread and takes one statement at a time. Left to itself, it starts the
 * next waiting statement as soon as one ends, without going back to the event loop. So requests
 * that arrive meanwhile are read only when the whole queue is empty, then join it in socket order:
 * one arriving early can be served after one arriving later, and a request's latency spread from
 * one to two queue lengths (p95 about twice p50 under load). A turn of the event loop between
 * jobs lets each new request queue as it arrives, so requests are served first come, first served.
 */
export function fairTurns(): { <T>(job: () => Promise<T>): Promise<T>; waiting(): number } {
  let previous: Promise<unknown> = Promise.resolve();
  let queued = 0;
  const turn = <T>(job: () => Promise<T>): Promise<T> => {
    queued += 1;
    const run = previous.then(nextTurn).then(job);
    const settled = run.then(
      () => void (queued -= 1),
      () => void (queued -= 1),
    );
    previous = settled;
    return run;
  };
  /** Jobs asked for and not finished yet (the one running included). */
  return Object.assign(turn, { waiting: () => queued });
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Makes the client's statements and transactions take fair turns. A transaction is one job: the
 * statements inside it run through its own handle, not these methods, so they are not queued again.
 */
export function takeFairTurns(client: PGlite): { waiting(): number } {
  const turn = fairTurns();
  const { query, exec, transaction } = client;
  client.query = ((...args: Parameters<PGlite['query']>) => turn(() => query.apply(client, args))) as PGlite['query'];
  client.exec = (...args) => turn(() => exec.apply(client, args));
  client.transaction = ((...args: Parameters<PGlite['transaction']>) => turn(() => transaction.apply(client, args))) as PGlite['transaction'];
  return { waiting: turn.waiting };
}
