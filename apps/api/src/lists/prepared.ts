import { type Placeholder, sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/connect.ts';
import { type Executable, type Preparable, prepareShape, prepareSql } from '../platform/speed/drizzle-statement.ts';

export type { Preparable } from '../platform/speed/drizzle-statement.ts';

/**
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

/** What a shape holds for each pattern bound (Binding.pattern). */
const PATTERN_MARK = '~pattern';

export class Binding {
  readonly values: Record<string, unknown>;
  readonly #shape: string[];
  readonly #prefix: string;
  readonly #shared: Map<object, { key: string; bound: unknown }>;

  constructor(scoped?: { prefix: string; values: Record<string, unknown>; shape: string[]; shared: Map<object, { key: string; bound: unknown }> }) {
    this.values = scoped?.values ?? {};
    this.#shape = scoped?.shape ?? [];
    this.#prefix = scoped?.prefix ?? '';
    this.#shared = scoped?.shared ?? new Map();
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

  /**
   * A LIKE pattern of this call, as a placeholder: as `value`, and the statement is then planned with
   * each call's pattern (see PreparedStatements.run): a common pattern is best found by reading rows
   * until enough match, a rare one through the trigram index, and a plan made without the pattern
   * (PostgreSQL's generic plan) takes the index for all.
   */
  pattern(name: string, value: string): Placeholder;
  pattern(name: string, value: string | undefined): Placeholder | undefined;
  pattern(name: string, value: string | undefined): Placeholder | undefined {
    const placeholder = this.value(name, value);
    if (placeholder) this.#shape.push(`${this.#prefix}${name}${PATTERN_MARK}`);
    return placeholder;
  }

  /** A choice that changes the statement (an enum filter, whether a part is there): part of the shape. */
  choice<T extends string | number | boolean | readonly string[] | null | undefined>(name: string, value: T): T {
    this.#shape.push(`${this.#prefix}${name}=${JSON.stringify(value)}`);
    return value;
  }

  /** The same binding, its names prefixed (one part of a statement of several, each binding its own). */
  scope(prefix: string): Binding {
    return new Binding({ prefix: `${this.#prefix}${prefix}.`, values: this.values, shape: this.#shape, shared: this.#shared });
  }

  /**
   * Binds `of` once per statement: every part of the statement given the same object gets the same
   * placeholders (named `${name}N.…`, outside any part's scope), and the shape notes each use. The
   * admin dashboard's five figures read one set of windows: bound once, 12 values instead of 60, and
   * binding was the largest piece of the request's own work (issue 49; docs/performance.md).
   */
  shared<T>(of: object, name: string, bind: (scope: Binding) => T): T {
    let entry = this.#shared.get(of);
    if (!entry) {
      const key = `${name}${this.#shared.size}`;
      entry = { key, bound: bind(new Binding({ prefix: `${key}.`, values: this.values, shape: this.#shape, shared: this.#shared })) };
      this.#shared.set(of, entry);
    }
    this.#shape.push(`@${entry.key}`);
    return entry.bound as T;
  }

  /** The shape: every choice, and which values are set, in the order they were bound. */
  get shape(): string {
    return this.#shape.join(';');
  }
}

/** How many shapes a list keeps built; the oldest is built again if more are used. */
const MAX_SHAPES = 500;

/** The statements of one list on a database, by shape (see Binding). */
export class PreparedStatements {
  readonly #built = new LRUCache<string, Executable<unknown>>({ max: MAX_SHAPES });
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /**
   * Runs the statement of `shape` with `values`, building and preparing it (under a name, parsed once
   * per connection: platform/speed/drizzle-statement.ts) the first time; a shape holding a search
   * pattern (Binding.pattern) stays unnamed, planned with each call's pattern. `planOnce` says the caller
   * expects one plan whatever the values (a page's rows by their ids); every statement is prepared
   * the same way since issue 49, and PostgreSQL decides whether to keep one plan.
   */
  run<Result>(shape: string, values: Record<string, unknown>, build: () => Preparable<Result>, _options: { planOnce?: boolean } = {}): Promise<Result> {
    let statement = this.#built.get(shape) as Executable<Result> | undefined;
    if (!statement) {
      statement = prepareShape(this.#db, build(), { perCall: shape.includes(PATTERN_MARK) });
      this.#built.set(shape, statement);
    }
    return statement.execute(values);
  }

  /**
   * As `run`, for a statement written as SQL (placeholders for the values): its rows, as `db.execute`
   * gives them. `perCall`: planned with each call's values, as a search pattern is, for a statement
   * whose best plan depends on them (a page read from a key onwards: the whole table's first rows, or
   * a handful at its end).
   */
  async runSql<Row>(shape: string, values: Record<string, unknown>, build: () => SQL, options: { perCall?: boolean } = {}): Promise<Row[]> {
    let statement = this.#built.get(shape) as Executable<{ rows: Row[] }> | undefined;
    if (!statement) {
      statement = prepareSql(this.#db, build(), { perCall: options.perCall || shape.includes(PATTERN_MARK) }) as Executable<{ rows: Row[] }>;
      this.#built.set(shape, statement);
    }
    return (await statement.execute(values)).rows;
  }

  /** How many shapes are built (for tests). */
  get size(): number {
    return this.#built.size;
  }
}

const escaped = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** A LIKE pattern for `text` anywhere in a value; LIKE's own characters in the text match themselves. */
export const containing = (text: string): string => `%${escaped(text)}%`;

/** A LIKE pattern for values starting with `text`; LIKE's own characters in the text match themselves. */
export const startingWith = (text: string): string => `${escaped(text)}%`;
