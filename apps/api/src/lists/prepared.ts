import { createHash } from 'node:crypto';
import { DrizzleQueryError, fillPlaceholders, type Placeholder, sql, type SQLWrapper } from 'drizzle-orm';
import pg from 'pg';
import { BoundedMap } from '../lib/bounded-map.ts';
import type { Database } from '../db/connect.ts';
import { rowMapper } from './row-mapper.ts';

/**
 * Drizzle internals: this file reaches `statement._.selectedFields`, `db._.session.prepareQuery` and
 * the `client`, `queryConfig` and `params` of a node-postgres prepared query, which are outside
 * Drizzle's public types, so drizzle-orm is pinned to an exact version in apps/api/package.json.
 * Before an upgrade, run lists/prepared.test.ts and lists/row-mapper.test.ts (on PGlite and with
 * TEST_DATABASE_URL) and the lists' tests that read through it (modules/people/lists/lists.test.ts,
 * modules/records/records.test.ts, modules/allocation/prepared-reads.test.ts).
 *
 * A list's statements are built once per shape and then only filled and run. Building a statement
 * with Drizzle costs more CPU than the rest of a list request's own work (~0.4 ms for a page of
 * people: the server's CPU per request fell by a third without it), and a list has few shapes: which
 * filters are set, which end a page is read from.
 *
 * A Binding is filled on every call, before anything is built: each value that varies between calls
 * becomes a placeholder (`value`), each choice that changes the statement's text goes into its shape
 * (`choice`). A statement built from these alone is the same for every call of that shape.
 */
type Bindable = Date | string | number | readonly string[];

export class Binding {
  readonly values: Record<string, unknown>;
  readonly #shape: string[];
  readonly #prefix: string;

  constructor(scoped?: { prefix: string; values: Record<string, unknown>; shape: string[] }) {
    this.values = scoped?.values ?? {};
    this.#shape = scoped?.shape ?? [];
    this.#prefix = scoped?.prefix ?? '';
  }

  /** A value of this call, as a placeholder; undefined (and absent from the shape) when unset. */
  value(name: string, value: Bindable): Placeholder;
  value(name: string, value: Bindable | undefined): Placeholder | undefined;
  value(name: string, value: Bindable | undefined): Placeholder | undefined {
    if (value === undefined) return undefined;
    const key = this.#prefix + name;
    if (key in this.values) throw new Error(`Placeholder "${key}" is bound twice`);
    this.values[key] = value instanceof Date ? value.toISOString() : value;
    this.#shape.push(key);
    return sql.placeholder(key);
  }

  /** A choice that changes the statement (an enum filter, whether a part is there): part of the shape. */
  choice<T extends string | number | boolean | readonly string[] | null | undefined>(name: string, value: T): T {
    this.#shape.push(`${this.#prefix}${name}=${JSON.stringify(value)}`);
    return value;
  }

  /** The same binding, its names prefixed (one part of a statement of several, each binding its own). */
  scope(prefix: string): Binding {
    return new Binding({ prefix: `${this.#prefix}${prefix}.`, values: this.values, shape: this.#shape });
  }

  /** The shape: every choice, and which values are set, in the order they were bound. */
  get shape(): string {
    return this.#shape.join(';');
  }
}

/** A select a query builder makes: its SQL, the fields it selects, and how Drizzle prepares it. */
export interface Preparable<Result> extends SQLWrapper {
  toSQL(): { sql: string; params: unknown[] };
  readonly _: { readonly selectedFields: object; readonly result: Result };
  prepare(name: string | undefined): Executable<Result>;
}
interface Executable<Result> {
  execute(values?: Record<string, unknown>): Promise<Result>;
}

/** How many shapes a list keeps built; the oldest is built again if more are used. */
const MAX_SHAPES = 500;

/** The statements of one list on a database, by shape (see Binding). */
export class PreparedStatements {
  readonly #built = new BoundedMap<string, Executable<unknown>>(MAX_SHAPES);
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /**
   * Runs the statement of `shape` with `values`, building it with `build` the first time.
   * `planOnce`: its best plan is the same whatever its values (a page's rows by their ids), so it is
   * prepared under a name even with values, and PostgreSQL may keep one plan for it (see prepareShape).
   */
  run<Result>(shape: string, values: Record<string, unknown>, build: () => Preparable<Result>, options: { planOnce?: boolean } = {}): Promise<Result> {
    let statement = this.#built.get(shape) as Executable<Result> | undefined;
    if (!statement) {
      statement = prepareShape(this.#db, build(), options.planOnce ?? false);
      this.#built.set(shape, statement);
    }
    return statement.execute(values);
  }

  /** How many shapes are built (for tests). */
  get size(): number {
    return this.#built.size;
  }
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
function prepareShape<Result>(db: Database, statement: Preparable<Result>, planOnce: boolean): Executable<Result> {
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
