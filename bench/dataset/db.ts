/**
 * One session on the bench database, PostgreSQL (node-postgres) or an embedded PGlite data folder,
 * behind the same three calls, so the data set is built by the same SQL on both.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { databaseOnPglite, type DatabaseHandle } from '../../apps/api/src/db/connect.ts';
import { vacuumLikeAutovacuum } from '../../apps/api/src/db/housekeeping.ts';

export interface BenchDb {
  kind: 'postgres' | 'pglite';
  /** Runs one or more statements. */
  exec(sqlText: string): Promise<void>;
  query<T = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
  /** What the app's migrate() needs: a transaction on this session. */
  handle(): DatabaseHandle;
  /**
   * The VACUUM and ANALYZE a running server's database gets after the bulk load, and what was done:
   * PostgreSQL's autovacuum would do it all, so all of it now; on PGlite, what the server's own
   * housekeeping does (it has no autovacuum), so the data set is measured as the product keeps it.
   */
  maintain(): Promise<string>;
  close(): Promise<void>;
}

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/eticket_bench';

/** Creates the database named in the URL when the server lacks it. Never the shared test database. */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name || name === 'test')
    throw new Error(`Refusing to build the bench data set in database "${name || '(none)'}": name another database in DATABASE_URL`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      console.log(`Created database ${name}.`);
    }
  } finally {
    await client.end();
  }
}

export async function openPostgres(url: string): Promise<BenchDb> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const session: BenchDb = {
    kind: 'postgres',
    exec: async (text) => void (await client.query(text)),
    query: async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[],
    handle: () => handleOf(session),
    maintain: async () => {
      await client.query('VACUUM ANALYZE');
      return 'VACUUM ANALYZE of every table';
    },
    close: () => client.end(),
  };
  return session;
}

export async function openPglite(dir: string): Promise<BenchDb> {
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  const session: BenchDb = {
    kind: 'pglite',
    exec: async (text) => void (await client.exec(text)),
    query: async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows,
    handle: () => handleOf(session),
    maintain: async () => (await vacuumLikeAutovacuum(databaseOnPglite(client))).join(', ') || 'nothing to do',
    close: () => client.close(),
  };
  return session;
}

function handleOf(session: BenchDb): DatabaseHandle {
  return {
    kind: session.kind,
    db: undefined as never,
    rawTransaction: async (work) => {
      await session.exec('BEGIN');
      try {
        await work({ exec: session.exec, query: session.query });
        await session.exec('COMMIT');
      } catch (error) {
        await session.exec('ROLLBACK');
        throw error;
      }
    },
    session: (work) => work(session.query),
    listen: async () => {
      throw new Error('The bench data set tools do not listen for notifications');
    },
    stats: () => ({ total: 1, idle: 1, waiting: 0 }),
    close: session.close,
  };
}
