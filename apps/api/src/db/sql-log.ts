import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';

/** The request whose handling ran a statement; unset for work outside requests (housekeeping jobs). */
const servingRequest = new AsyncLocalStorage<string>();

/**
 * With the SQL log on, each statement names the request it was run for (`request`), so the
 * benchmark replays a call's own statements and not a housekeeping job's that ran meanwhile.
 */
export function tagSqlLogWithRequests(app: FastifyInstance): void {
  if (!process.env.BENCH_SQL_LOG) return;
  app.addHook('onRequest', (request, _reply, done) => {
    servingRequest.run(request.id, done);
  });
}

/**
 * Opt-in (BENCH_SQL_LOG=<file>, off by default): a pg Client that appends one JSON line per
 * statement it runs — connection number, start and end (epoch ms), text, parameters, its name when
 * it was prepared under one, and the request it served (see tagSqlLogWithRequests) — so the
 * benchmark (bench/) can replay exactly the SQL a request ran, with the same overlap, directly.
 */
export function sqlLoggingClient(file: string): typeof pg.Client {
  let connections = 0;
  return class SqlLoggingClient extends pg.Client {
    private readonly benchConnection = (connections += 1);

    // pg's query() has many overloads: text or config, values, and a callback (pg-pool's query
    // passes one) or a promise back. Both are logged when they settle; streams are not.
    query(...args: unknown[]): never {
      const start = performance.timeOrigin + performance.now();
      const request = servingRequest.getStore();
      const config = args[0] as string | { text?: string; name?: string; values?: unknown[]; rowMode?: string; submit?: unknown } | undefined;
      const text = typeof config === 'string' ? config : config?.text;
      const callbackAt = args.findIndex((arg) => typeof arg === 'function');
      const log = () => {
        if (!text) return;
        const values = (Array.isArray(args[1]) ? args[1] : typeof config === 'object' ? config.values : undefined) ?? [];
        const { rowMode, name } = typeof config === 'object' ? config : {};
        const entry = { connection: this.benchConnection, request, start, end: performance.timeOrigin + performance.now(), text, values, rowMode, name };
        appendFileSync(file, `${JSON.stringify(entry, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value))}\n`);
      };
      if (callbackAt >= 0) {
        const callback = args[callbackAt] as (...a: unknown[]) => void;
        args[callbackAt] = (...results: unknown[]) => {
          log();
          callback(...results);
        };
      }
      const result = (super.query as (...a: unknown[]) => unknown)(...args);
      if (callbackAt < 0 && result instanceof Promise) result.then(log, log);
      return result as never;
    }
  };
}
