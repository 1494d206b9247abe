import { createHash } from 'node:crypto';
import { DrizzleQueryError, fillPlaceholders, type SQL, type SQLWrapper } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../../db/connect.ts';
import { rowMapper } from './row-mapper.ts';
import { speedTrickOn } from './switches.ts';

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
 * Prepares a shape's statement under a name, with its choices written into the SQL as literals, so
 * that only the call's values (placeholders) stay parameters. Each pooled connection parses it once
 * and then only binds and executes it (issue 49: every list and dashboard statement prepared).
 *
 * A statement with no parameters at all (a list's first page with no search or date range, the most
 * frequent call there is) has one plan whatever the call: planning a page of people costs PostgreSQL
 * about as much as running it, or more (1–4 ms for its eight tables), and it is planned once per
 * connection. The choices as literals matter for the plan too: a partial index (people not deleted,
 * of one role) applies only to a condition the planner can see. A statement with values is planned
 * with the values of each of its first five runs (custom plans), then PostgreSQL keeps a plan made
 * without them (generic) only where that is estimated no dearer than those (plan_cache_mode auto): a
 * page's offset and limit, or a search pattern, unknown, are estimated at a tenth of the table, so
 * such statements stay planned with their values. `perCall`: a statement whose best plan depends on
 * a value (a search pattern) stays unnamed, planned with each call's values as before.
 */
export function prepareShape<Result>(db: Database, statement: Preparable<Result>, options: { perCall?: boolean } = {}): Executable<Result> {
  if (speedTrickOn('inline-choices')) {
    const build = statement.getSQL.bind(statement);
    // Drizzle writes the SQL's non-placeholder parameters as literals when asked (inlineParams); the
    // query builders read their SQL through getSQL, for toSQL and prepare alike.
    statement.getSQL = () => build().inlineParams();
  }
  const query = statement.toSQL();
  const name = options.perCall ? undefined : statementName(query.sql);
  // A selection rowMapper can map is prepared on the session as the builder's own prepare() would, its rows mapped by it.
  const mapRows = speedTrickOn('row-mapper')
    ? (rowMapper(statement._.selectedFields as Record<string, unknown>) as ((rows: unknown[][]) => Result) | null)
    : null;
  if (!mapRows) return statement.prepare(name);
  const prepared = db._.session.prepareQuery<{ execute: Result; all: unknown; values: unknown }>(query, undefined, name, true, mapRows);
  return (speedTrickOn('pool-direct') ? onPoolDirectly(prepared, mapRows) : null) ?? prepared;
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

/** A statement written as SQL (rows as objects, as `db.execute` answers: `{ rows }`). */
export type SqlExecutable = Executable<{ rows: unknown[] }>;

/**
 * A statement written as SQL (not through a query builder) prepared as prepareShape prepares a
 * builder's: choices written as literals, under a name unless `perCall`. It runs as `db.execute`
 * runs SQL (the session's prepareQuery without fields), with a name. Reaches `db.dialect`, outside
 * Drizzle's public types (see the pin above).
 */
export function prepareSql(db: Database, query: SQL, options: { perCall?: boolean } = {}): SqlExecutable {
  const dialect = (db as unknown as { dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } } }).dialect;
  const compiled = dialect.sqlToQuery(speedTrickOn('inline-choices') ? query.inlineParams() : query);
  const name = options.perCall ? undefined : statementName(compiled.sql);
  return db._.session.prepareQuery<{ execute: { rows: unknown[] }; all: unknown; values: unknown }>(compiled, undefined, name, false);
}
