import { sql } from 'drizzle-orm';
import type { Database } from './connect.ts';
import { rowsOf } from './rows.ts';
import { addLagosDays, lagosDay } from '../domain/calendar.ts';
import type { Clock } from '../lib/clock.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Folds the counter shards of the days before yesterday (Lagos) into one row each (0009_compact_counts.sql). */
export async function compactCounts(db: Database, clock: Clock): Promise<void> {
  const yesterday = lagosDay(addLagosDays(clock.now(), -1));
  await db.execute(sql`SELECT compact_counts(${yesterday}::date)`);
}

/** A table's size and changes: the catalog's (kept on disk) and the statistics counters' (PGlite's start at 0 on every start). */
interface TableActivity {
  name: string;
  /** Rows at the last ANALYZE or VACUUM (0: never). */
  tuples: number;
  /** Pages now; at the last ANALYZE or VACUUM, all of them and those all visible (no row to check in them). */
  pages: number;
  pagesThen: number;
  allVisibleThen: number;
  /** Whether the planner has statistics on its columns. */
  analyzed: boolean;
  dead: number;
  modifiedSinceAnalyze: number;
  insertedSinceVacuum: number;
}

/**
 * What PostgreSQL's autovacuum would do to a table, by its default thresholds (autovacuum_*_threshold
 * and _scale_factor); and, since PGlite's counters start again at each start, by the catalog too: an
 * ANALYZE for a table holding rows without statistics or grown by a tenth since its last one, a
 * VACUUM for a table a fifth of whose pages are not all visible (an index-only scan, a list's page
 * of ids, must then read those pages too).
 */
export function autovacuumWork(table: TableActivity): 'VACUUM (ANALYZE)' | 'VACUUM' | 'ANALYZE' | null {
  const vacuum =
    table.dead > 50 + 0.2 * table.tuples || table.insertedSinceVacuum > 1000 + 0.2 * table.tuples || table.pages - table.allVisibleThen > 8 + 0.2 * table.pages;
  const analyze = table.modifiedSinceAnalyze > 50 + 0.1 * table.tuples || (table.pages > 0 && !table.analyzed) || table.pages > 8 + 1.1 * table.pagesThen;
  if (vacuum) return analyze ? 'VACUUM (ANALYZE)' : 'VACUUM';
  return analyze ? 'ANALYZE' : null;
}

/**
 * PGlite runs PostgreSQL as a single user, without autovacuum: its tables are never analyzed nor
 * vacuumed unless we do it. Without statistics the planner guesses, and at the benchmark's size
 * (100,000 motorists, 1,000,000 scans) it guessed badly: the motorists' page 500 took 1.25 s instead
 * of 59 ms at p95, and two scan-list filters did not answer within 3 s (bench, 2026-11-23). This runs
 * what autovacuum would on the tables that need it, one statement a table, and says which.
 */
export async function vacuumLikeAutovacuum(db: Database): Promise<string[]> {
  // float8 and bool: plain numbers and booleans from both drivers.
  const tables = await rowsOf<TableActivity>(
    db,
    sql`
    SELECT s.relname AS name, greatest(c.reltuples, 0)::float8 AS tuples,
           (pg_relation_size(c.oid) / current_setting('block_size')::int)::float8 AS pages, c.relpages::float8 AS "pagesThen",
           c.relallvisible::float8 AS "allVisibleThen",
           EXISTS (SELECT 1 FROM pg_stats p WHERE p.schemaname = s.schemaname AND p.tablename = s.relname) AS analyzed,
           s.n_dead_tup::float8 AS dead, s.n_mod_since_analyze::float8 AS "modifiedSinceAnalyze",
           s.n_ins_since_vacuum::float8 AS "insertedSinceVacuum"
    FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
    WHERE s.schemaname = current_schema()
    ORDER BY s.relname`,
  );
  const done: string[] = [];
  for (const table of tables) {
    const work = autovacuumWork(table);
    if (!work) continue;
    await db.execute(sql`${sql.raw(work)} ${sql.identifier(table.name)}`);
    done.push(`${work} ${table.name}`);
  }
  return done;
}

/** Deletes the idempotency keys older than the retention: a phone retries long before (captures are accepted 72 hours back at most). */
export async function pruneIdempotencyKeys(db: Database, now: Date, retentionDays: number): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * DAY_MS);
  const deleted = await rowsOf<{ n: number }>(
    db,
    sql`
    WITH gone AS (DELETE FROM idempotency_keys WHERE created_at < ${before.toISOString()}::timestamptz RETURNING 1)
    SELECT count(*)::int AS n FROM gone`,
  );
  return deleted[0].n;
}
