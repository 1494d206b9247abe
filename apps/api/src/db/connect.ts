import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { takeFairTurns } from './fair-turns.ts';
import * as schema from './schema.ts';
import { listenOnPglite, listenOnPostgres, type Listen } from './listen.ts';
import { sqlLoggingClient } from './sql-log.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Runs raw SQL (possibly many statements) inside one transaction on one connection. */
export type RawTransaction = (
  work: (raw: { exec(sqlText: string): Promise<void>; query<T>(sqlText: string, params?: unknown[]): Promise<T[]> }) => Promise<void>,
) => Promise<void>;

/** A query on one connection (its results' rows). */
export type SessionQuery = <T>(sqlText: string, params?: unknown[]) => Promise<T[]>;

/** What the metrics show of the database client: the pool's connections, or PGlite's queue of turns. */
export interface DatabaseStats {
  total: number;
  idle: number;
  /** Requests waiting for a connection (PostgreSQL) or for their turn (PGlite). */
  waiting: number;
}

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  rawTransaction: RawTransaction;
  /** Runs work on one connection held for its whole length (session state: advisory locks), outside any transaction. */
  session<T>(work: (query: SessionQuery) => Promise<T>): Promise<T>;
  /** Listens on a channel of NOTIFY (see db/listen.ts). */
  listen: Listen;
  stats(): DatabaseStats;
  close(): Promise<void>;
  /** PGlite only: its data directory as a tarball (to start other databases from, see ConnectOptions.pgliteImage). */
  dumpDataDir?(): Promise<Blob>;
}

export interface ConnectOptions {
  /** postgres://… ; unset means embedded PGlite. */
  url?: string;
  /** Folder for PGlite's files; unset means in memory. */
  pgliteDir?: string;
  /** PGlite only: a dumped data directory to start from (dumpDataDir), instead of an empty database. */
  pgliteImage?: Blob;
  /** Postgres only: the schema to use (tests isolate themselves this way). */
  searchPath?: string;
  poolSize?: number;
}

export async function connectDatabase(options: ConnectOptions): Promise<DatabaseHandle> {
  return options.url ? connectPostgres(options.url, options) : connectPglite(options.pgliteDir, options.pgliteImage);
}

/** The app's Database on a PGlite client (the server's, or a tool's session on the same files). */
export const databaseOnPglite = (client: PGlite): Database => drizzlePglite(client, { schema }) as unknown as Database;

async function connectPglite(dir?: string, image?: Blob): Promise<DatabaseHandle> {
  if (dir) mkdirSync(dir, { recursive: true });
  // Extensions the migrations create (pg_trgm: list search); a PostgreSQL server ships them as contrib.
  const options = { extensions: { pg_trgm }, loadDataDir: image };
  const client = dir ? await PGlite.create(dir, options) : await PGlite.create(options);
  const turns = takeFairTurns(client);
  const db = databaseOnPglite(client);
  return {
    kind: 'pglite',
    db,
    rawTransaction: (work) =>
      client.transaction(async (tx) => {
        await work({
          exec: async (text) => void (await tx.exec(text)),
          query: async <T>(text: string, params: unknown[] = []) => (await tx.query<T>(text, params)).rows,
        });
      }),
    session: (work) => work(async (text, params = []) => (await client.query(text, params)).rows as never),
    listen: listenOnPglite(client),
    stats: () => ({ total: 1, idle: turns.waiting() === 0 ? 1 : 0, waiting: turns.waiting() }),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

/**
 * The settings each of the server's PostgreSQL sessions starts with (libpq's `options`). JIT
 * compiles plans that look expensive (a year of roll-ups) for 100+ ms a short query never wins back.
 * The benchmark replays the server's SQL with the same settings.
 */
export const sessionOptions = (searchPath?: string): string => ['-c jit=off', searchPath ? `-c search_path=${searchPath}` : ''].join(' ').trim();

async function connectPostgres(url: string, options: ConnectOptions): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    options: sessionOptions(options.searchPath),
    // A request never waits for ever for a connection (e.g. while the database restarts): it gets a 503.
    connectionTimeoutMillis: 10_000,
    keepAlive: true,
    Client: process.env.BENCH_SQL_LOG ? sqlLoggingClient(process.env.BENCH_SQL_LOG) : undefined,
  });
  // When the database server goes away (restart, failover), pg emits 'error' on the pool for an idle
  // connection and on the connection itself for one a request holds; with no listener either would
  // crash the process. The broken connection is dropped, the request using it fails (503) and the
  // pool opens new connections once the database is back.
  pool.on('error', (error) => console.warn(`Database connection lost: ${error.message}`));
  pool.on('connect', (client) => client.on('error', () => {}));
  // Fail fast with a clear error when the server is unreachable.
  try {
    const probe = await pool.connect();
    probe.release();
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = drizzlePostgres(pool, { schema }) as unknown as Database;
  return {
    kind: 'postgres',
    db,
    rawTransaction: async (work) => {
      const conn = await pool.connect();
      try {
        await conn.query('BEGIN');
        await work({
          exec: async (text) => void (await conn.query(text)),
          query: async <T>(text: string, params: unknown[] = []) => (await conn.query(text, params)).rows as T[],
        });
        await conn.query('COMMIT');
      } catch (error) {
        // On a lost connection the rollback fails too (the server has rolled back already): the
        // original error is the one to report.
        await conn.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        conn.release();
      }
    },
    session: async (work) => {
      const conn = await pool.connect();
      try {
        return await work(async (text, params = []) => (await conn.query(text, params)).rows as never);
      } finally {
        conn.release();
      }
    },
    listen: listenOnPostgres({ connectionString: url, options: sessionOptions(options.searchPath), keepAlive: true }),
    stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}
