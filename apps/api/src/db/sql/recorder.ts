import type { PGlite, Transaction } from '@electric-sql/pglite';

/** The statements sent since start(), in order, each once; transaction control left out. */
export interface Recorder {
  start(): void;
  stop(): string[];
}

const CONTROL = /^\s*(begin|commit|rollback|savepoint|release savepoint)\b/i;

/**
 * A PGlite client that records the text of every statement sent through it (and its transactions),
 * before running it: a statement that fails is recorded too.
 */
export function recordingClient(client: PGlite): { client: PGlite; recorder: Recorder } {
  let statements: string[] = [];
  const record = (text: unknown) => {
    if (typeof text === 'string' && !CONTROL.test(text) && !statements.includes(text)) statements.push(text);
  };
  const recorded = <T extends PGlite | Transaction>(target: T): T =>
    new Proxy(target, {
      get(object, property) {
        const value = Reflect.get(object, property, object) as unknown;
        if (typeof value !== 'function') return value;
        if (property === 'query' || property === 'exec') {
          return (text: string, ...rest: unknown[]) => {
            record(text);
            return (value as (...args: unknown[]) => unknown).call(object, text, ...rest);
          };
        }
        if (property === 'transaction') {
          return (work: (tx: Transaction) => Promise<unknown>) =>
            (value as (work: (tx: Transaction) => Promise<unknown>) => Promise<unknown>).call(object, (tx) => work(recorded(tx)));
        }
        return (value as (...args: unknown[]) => unknown).bind(object);
      },
    });
  return {
    client: recorded(client),
    recorder: {
      start: () => {
        statements = [];
      },
      stop: () => statements,
    },
  };
}
