/**
 * Secondary indexes of the big tables are dropped for the bulk load and built again afterwards
 * from their own definitions (pg_indexes), much faster than keeping them up to date row by row.
 * The definitions are kept in a table first, so a load that dies half way gets them back on the
 * next run. Indexes behind constraints (primary keys, UNIQUE constraints) stay.
 */
import type { BenchDb } from './db.ts';

const TABLES = ['users', 'user_profiles', 'vehicles', 'ticket_subscriptions', 'scans', 'subscription_payments', 'penalty_payments', 'audit_log'];

export async function dropSecondaryIndexes(db: BenchDb): Promise<number> {
  await db.exec(`CREATE TABLE IF NOT EXISTS bench_dropped_indexes (name text PRIMARY KEY, definition text NOT NULL)`);
  const list = TABLES.map((t) => `'${t}'`).join(', ');
  await db.exec(`
    INSERT INTO bench_dropped_indexes (name, definition)
    SELECT i.indexname, i.indexdef FROM pg_indexes i
    WHERE i.schemaname = 'public' AND i.tablename IN (${list})
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = format('public.%I', i.indexname)::regclass)
    ON CONFLICT (name) DO NOTHING`);
  const rows = await db.query<{ name: string }>('SELECT name FROM bench_dropped_indexes');
  for (const { name } of rows) await db.exec(`DROP INDEX IF EXISTS public."${name}"`);
  return rows.length;
}

/** Builds every dropped index again (also those a failed earlier run left dropped). */
export async function restoreIndexes(db: BenchDb, log: (line: string) => void): Promise<void> {
  const [table] = await db.query<{ found: string | null }>(`SELECT to_regclass('public.bench_dropped_indexes')::text AS found`);
  if (!table.found) return;
  const rows = await db.query<{ name: string; definition: string }>('SELECT name, definition FROM bench_dropped_indexes ORDER BY name');
  for (const { name, definition } of rows) {
    const started = Date.now();
    await db.exec(definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
    await db.query('DELETE FROM bench_dropped_indexes WHERE name = $1', [name]);
    log(`  index ${name} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  await db.exec('DROP TABLE bench_dropped_indexes');
}
