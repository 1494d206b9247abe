/**
 * "The same SQL run directly": the statements the server ran for one request of a call (captured
 * by its opt-in BENCH_SQL_LOG, see apps/api/src/db/sql-log.ts), without the session-user lookup of
 * authentication (API overhead), replayed with node-postgres at the same concurrency and with the
 * server's session settings (jit=off). Statements the server ran at overlapping times are replayed
 * concurrently, each on its own connection of a pool as large as the server's; statements of one
 * server connection (a transaction) stay on one.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { sessionOptions } from '../apps/api/src/db/connect.ts';
import { percentile, type LoadOptions, type Measure } from './load.ts';

export interface LoggedStatement {
  connection: number;
  /** The request the server ran it for; unset for its own work meanwhile (housekeeping jobs). */
  request?: string;
  start: number;
  end: number;
  text: string;
  values: unknown[];
  rowMode?: string;
  /** The statement's name when the server prepared it under one (planned once per connection). */
  name?: string;
}

/** Statements in the order they ran, in waves; within a wave, lanes (one per server connection). */
export type Replay = LoggedStatement[][][];

export function readLog(file: string): LoggedStatement[] {
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LoggedStatement)
    .sort((a, b) => a.start - b.start);
}

/** The statements requests ran between `from` and `to` (epoch ms); a housekeeping job's meanwhile are not a call's. */
export const statementsBetween = (log: LoggedStatement[], from: number, to: number): LoggedStatement[] =>
  log.filter((s) => s.request !== undefined && s.start >= from && s.start <= to);

/** The session look-up of authentication (AuthRepository.loadSessionUser): one person's account by id. */
export const isSessionLookup = (text: string): boolean => /^select .*"token_version".* from "users" where "users"\."id" = \$1 limit \$2$/.test(text);

const opensTransaction = (text: string) => /^\s*(begin|start transaction)\b/i.test(text);
const closesTransaction = (text: string) => /^\s*(commit|rollback|end)\b/i.test(text);

/**
 * When each statement's work is over: its own end, or, inside a transaction, the end of the
 * transaction's last statement (so a transaction is replayed whole, on one connection).
 */
function spanEnds(statements: LoggedStatement[]): Map<LoggedStatement, number> {
  const ends = new Map(statements.map((statement) => [statement, statement.end]));
  const open = new Map<number, LoggedStatement[]>();
  for (const statement of statements) {
    const transaction = open.get(statement.connection);
    if (transaction) transaction.push(statement);
    else if (opensTransaction(statement.text)) open.set(statement.connection, [statement]);
    if (transaction && closesTransaction(statement.text)) {
      for (const member of transaction) ends.set(member, statement.end);
      open.delete(statement.connection);
    }
  }
  return ends;
}

/**
 * Groups statements into waves of overlapping ones (a transaction's statements overlap it whole);
 * in each wave, one lane per server connection.
 */
export function toReplay(statements: LoggedStatement[]): Replay {
  const ends = spanEnds(statements);
  const waves: LoggedStatement[][] = [];
  let waveEnd = -Infinity;
  for (const statement of statements) {
    if (statement.start >= waveEnd) waves.push([]);
    waveEnd = Math.max(waveEnd, ends.get(statement)!);
    waves[waves.length - 1].push(statement);
  }
  return waves.map((wave) => {
    const lanes = new Map<number, LoggedStatement[]>();
    for (const statement of wave) lanes.set(statement.connection, [...(lanes.get(statement.connection) ?? []), statement]);
    return [...lanes.values()];
  });
}

/** As the server sent it: text, parameters, its name if any, and rows as arrays when Drizzle asked for that. */
export const configOf = (s: LoggedStatement): pg.QueryConfig => {
  const config = { text: s.text, values: s.values, ...(s.name ? { name: s.name } : {}) };
  return s.rowMode === 'array' ? ({ ...config, rowMode: 'array' } as pg.QueryArrayConfig) : config;
};

async function replayOnce(pool: pg.Pool, replay: Replay): Promise<void> {
  for (const wave of replay) {
    await Promise.all(
      wave.map(async (lane) => {
        if (lane.length === 1) {
          await pool.query(configOf(lane[0]));
          return;
        }
        const client = await pool.connect();
        try {
          for (const s of lane) await client.query(configOf(s));
        } finally {
          client.release();
        }
      }),
    );
  }
}

async function runFor(pool: pg.Pool, replay: Replay, connections: number, seconds: number, latencies?: number[]): Promise<number> {
  const until = Date.now() + seconds * 1000;
  let errors = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        const started = performance.now();
        try {
          await replayOnce(pool, replay);
          latencies?.push(performance.now() - started);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  return errors;
}

/** Replays one request's statements from `connections` clients for the run's length. */
export async function replayLoad(url: string, replay: Replay, options: LoadOptions & { poolSize: number }): Promise<Measure> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize, options: sessionOptions() });
  try {
    if (options.warmupSeconds > 0) await runFor(pool, replay, options.connections, options.warmupSeconds);
    const latencies: number[] = [];
    const started = Date.now();
    const stopMeter = options.meter?.start();
    const cpuBefore = process.cpuUsage();
    const errors = await runFor(pool, replay, options.connections, options.seconds, latencies);
    const client = process.cpuUsage(cpuBefore);
    const cpu = stopMeter?.(latencies.length);
    latencies.sort((a, b) => a - b);
    return {
      cpu,
      clientCpuMs: latencies.length > 0 ? (client.user + client.system) / 1000 / latencies.length : Number.NaN,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      rps: latencies.length / ((Date.now() - started) / 1000),
      requests: latencies.length,
      errors,
      non2xx: 0,
    };
  } finally {
    await pool.end();
  }
}
