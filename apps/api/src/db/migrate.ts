import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from './connect.ts';

// Next to this file in the source tree, and copied next to the bundle by build.mjs.
const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const MIGRATION_LOCK_ID = 727_274_001;

export interface Migration {
  name: string;
  sql: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return migrationNames(dir).map((name) => ({ name, sql: readFileSync(`${dir}/${name}`, 'utf8') }));
}

/** The names of the migrations this build carries, in order (readiness compares them with the applied ones). */
export function migrationNames(dir = MIGRATIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
}

/** Applies every migration not applied yet, in order, each in its own transaction, one process at a time. */
export async function migrate(handle: DatabaseHandle, migrations = readMigrations()): Promise<string[]> {
  const applied: string[] = [];
  await handle.rawTransaction(async ({ exec, query }) => {
    await query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
    await exec(`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  });
  for (const migration of migrations) {
    await handle.rawTransaction(async ({ exec, query }) => {
      await query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
      const done = await query('SELECT 1 FROM schema_migrations WHERE name = $1', [migration.name]);
      if (done.length > 0) return;
      await exec(migration.sql);
      await query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
      applied.push(migration.name);
    });
  }
  return applied;
}
