import { createHash } from 'node:crypto';
import { DrizzleQueryError, fillPlaceholders, type SQLWrapper } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../../db/connect.ts';
import { rowMapper } from './row-mapper.ts';

/**
 * Speed trick (see README.md): Drizzle internals. This file reaches `statement.getSQL`,
 * `statement._.selectedFields`, `db._.session.prepareQuery` and the `client`, `queryConfig` and
 * `params` of a node-postgres prepared query, which are outside Drizzle's public types, so drizzle-orm
 * is pinned to an exact version in apps/api/package.json. Before an upgrade, run
 * lists/prepared.test.ts and platform/speed/row-mapper.test.ts (on PGlite and with TEST_DATABASE_URL)
 * and the lists' tests that read through it (modules/people/lists/lists.test.ts,
 * modules/records/records.test.ts, modules/allocation/prepared-reads.test.ts).
 */

/** A select a query builder makes: its SQL, the fields it selects, and how Drizzle prepares it. */
export interface Preparable<Result> extends SQLWrapper {
  toSQL(): { sql: string; params: unknown[] };
  readonly _: { readonly selectedFields: object; readonly result: Result };
  prepare(name: string | undefined): Executable<Result>;
}
export interface Executable<Result> {
  execute(values?: Record<string, unknown>): Promise<Result>;
}

/**
 * Prepares a shape's statement with its choices written into the SQL as literals, so that only the
 * call's values (placeholders) stay parameters.
 *
 * A statement left with no parameters at all (a list's first page with no search or date range, the
 * most frequent call there is) has one plan whatever the call: it is named, so each pooled connection
 * parses and plans it once and then only executes it. Planning a page of people costs PostgreSQL
 * about as much as running it, or more (1–4 ms for its eight tables). A statement with values stays
 * unnamed, planned with each call's values as the text would be: a plan made without them
 * (PostgreSQL's generic plan) can be far worse for some of them (a search pattern, or a page's
 * offset and limit, taken for a tenth of the table: sequential scans of a million people).
 * `planOnce` names one with values too: PostgreSQL plans it with the values of its first five runs,
 * then keeps a generic plan if that is estimated no dearer (plan_cache_mode auto).
 */
export function prepareShape<Result>(db: Database, statement: Preparable<Result>, planOnce: boolean): Executable<Result> {
  const build = statement.getSQL.bind(statement);
  // Drizzle writes the SQL's non-placeholder parameters as literals when asked (inlineParams); the
  // query builders read their SQL through getSQL, for toSQL and prepare alike.
  statement.getSQL = () => build().inlineParams();
  const query = statement.toSQL();
  const name = planOnce || query.params.length === 0 ? statementName(query.sql) : undefined;
  // A selection rowMapper can map is prepared on the session as the builder's own prepare() would, its rows mapped by it.
  const mapRows = rowMapper(statement._.selectedFields as Record<string, unknown>) as ((rows: unknown[][]) => Result) | null;
  if (!mapRows) return statement.prepare(name);
  const prepared = db._.session.prepareQuery<{ execute: Result; all: unknown; values: unknown }>(query, undefined, name, true, mapRows);
  return onPoolDirectly(prepared, mapRows) ?? prepared;
}

/** What a node-postgres prepared query of Drizzle holds: the pool, its query config (with Drizzle's type parsers) and its parameters. */
interface NodePgPrepared {
  client: unknown;
  queryConfig: pg.QueryArrayConfig;
  params: unknown[];
}

/**
 * On PostgreSQL, a prepared statement run straight on the pool with Drizzle's own query config (its
 * name, text, array rows and type parsers), its rows mapped by rowMapper: what Drizzle's execute
 * does, without its four layers of promises for tracing and its result cache (neither is used here).
 * For a page of payments (two statements), in a CPU profile under load, drizzle-orm was about a
 * seventh of what the server spent beyond the thin wrapper; run this way its share fell from 28 to
 * 19 µs a request (profiler-inflated figures). PGlite keeps Drizzle's execute.
 */
function onPoolDirectly<Result>(prepared: object, mapRows: (rows: unknown[][]) => Result): Executable<Result> | null {
  const { client, queryConfig, params } = prepared as Partial<NodePgPrepared>;
  if (!(client instanceof pg.Pool) || !queryConfig || !params) return null;
  return {
    execute: (values = {}) => {
      const filled = fillPlaceholders(params, values);
      return client.query(queryConfig, filled).then(
        (result) => mapRows(result.rows),
        (error: unknown) => {
          throw new DrizzleQueryError(queryConfig.text, filled, error as Error);
        },
      );
    },
  };
}

/** A name for a statement's text; the same text gets the same name on every connection. */
const statementName = (text: string) => `shape_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
