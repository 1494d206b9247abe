/**
 * Each API test file gets a database of its own, already migrated: a copy of a template that is
 * migrated once (per set of migrations, and kept for later runs) instead of running every migration
 * again per file. PGlite: the template is a dumped data directory (a tarball in the temp folder) that
 * each database starts from, which also skips PGlite's initdb. PostgreSQL: a template database
 * (`CREATE DATABASE … TEMPLATE`). A template's name holds a hash of the migrations, so a migration
 * that is added or changed makes a new one. Built race-free: under a name of its own, then renamed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connectDatabase, type DatabaseHandle } from '../src/db/connect.ts';
import { migrate, readMigrations } from '../src/db/migrate.ts';

export interface TestDatabase {
  database: DatabaseHandle;
  /** PostgreSQL only: the URL of this file's database. */
  url?: string;
  drop(): Promise<void>;
}

/** PGlite's version too: a data directory is only read by the PGlite that wrote it. */
const pgliteVersion = (): string => {
  try {
    return readFileSync(path.resolve(import.meta.dirname, '../../../node_modules/@electric-sql/pglite/package.json'), 'utf8');
  } catch {
    return '';
  }
};
const migrationsHash = createHash('sha256').update(JSON.stringify(readMigrations())).update(pgliteVersion()).digest('hex').slice(0, 16);

export async function pgliteTestDatabase(): Promise<TestDatabase> {
  const database = await connectDatabase({ pgliteImage: await pgliteTemplate() });
  return { database, drop: async () => {} };
}

export async function pgliteTemplate(): Promise<Blob> {
  const dir = path.join(tmpdir(), 'eticket-test-templates');
  const file = path.join(dir, `pglite-${migrationsHash}.tar`);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    const building = await connectDatabase({});
    await migrate(building);
    const image = await building.dumpDataDir!();
    await building.close();
    mkdirSync(dir, { recursive: true });
    const partial = `${file}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
    renameSync(partial, file);
    return image;
  }
}

export async function postgresTestDatabase(url: string): Promise<TestDatabase> {
  const template = await postgresTemplate(url);
  const name = `eticket_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(url, async (admin) => {
    // Another session's CREATE DATABASE from the same template may hold it for a moment (55006).
    for (let attempt = 1; ; attempt += 1) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt === 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  });
  const ownUrl = databaseUrl(url, name);
  const database = await connectDatabase({ url: ownUrl, searchPath: 'public', poolSize: 20 });
  return {
    database,
    url: ownUrl,
    drop: () => withAdmin(url, async (admin) => void (await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
  };
}

/** A database with no tables at all (not from the template), for tests of migrations themselves. */
export async function emptyTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB !== 'postgres') return { database: await connectDatabase({}), drop: async () => {} };
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `eticket_empty_${randomBytes(6).toString('hex')}`;
  await withAdmin(url, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const database = await connectDatabase({ url: databaseUrl(url, name), poolSize: 2 });
  return { database, drop: () => withAdmin(url, async (admin) => void (await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))) };
}

export async function postgresTemplate(url: string): Promise<string> {
  const name = `eticket_template_${migrationsHash}`;
  const exists = await withAdmin(url, (admin) => admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]));
  if (exists.rowCount) return name;
  const building = `${name}_${randomBytes(4).toString('hex')}`;
  await withAdmin(url, (admin) => admin.query(`CREATE DATABASE ${building}`));
  const database = await connectDatabase({ url: databaseUrl(url, building), poolSize: 1 });
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  await withAdmin(url, async (admin) => {
    try {
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } catch (error) {
      // 42P04: another run made the same template meanwhile; use theirs.
      if ((error as { code?: string }).code !== '42P04') throw error;
      await admin.query(`DROP DATABASE ${building}`);
    }
  });
  return name;
}

const databaseUrl = (url: string, database: string): string => {
  const own = new URL(url);
  own.pathname = `/${database}`;
  return own.toString();
};

async function withAdmin<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
