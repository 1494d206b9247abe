/**
 * db/schema.ts (what the code's queries are typed by) against the database the migrations make
 * (the source of truth): the same tables, columns, types, nullability, primary keys, unique
 * constraints and indexes, on PGlite and on PostgreSQL. An index's definition is compared as
 * PostgreSQL itself prints it: the declared one is created under a scratch name and both are read
 * back with pg_get_indexdef.
 */
import { getTableConfig, PgDialect, PgTable, type IndexedColumn } from 'drizzle-orm/pg-core';
import { is, SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB } from '../../test/harness.ts';
import { pgliteTestDatabase, postgresTestDatabase, type TestDatabase } from '../../test/template-database.ts';
import { rowsOf } from './rows.ts';
import * as schema from './schema.ts';

/** Migration bookkeeping, not the app's data. */
const NOT_MIRRORED = new Set(['schema_migrations']);
const SCRATCH = 'schema_check_scratch_idx';

const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
const configs = tables.map((table) => getTableConfig(table));
const dialect = new PgDialect();

let test: TestDatabase;
beforeAll(async () => {
  test = TEST_DB === 'pglite' ? await pgliteTestDatabase() : await postgresTestDatabase(process.env.TEST_DATABASE_URL!);
});
afterAll(async () => {
  await test?.database.close();
  await test?.drop();
});

const query = <T extends Record<string, unknown>>(text: string) => rowsOf<T>(test.database.db, sql.raw(text));

describe('db/schema.ts mirrors the migrated database', () => {
  it('has the same tables', async () => {
    const rows = await query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()`);
    const inDatabase = rows.map((row) => row.name).filter((name) => !NOT_MIRRORED.has(name));
    expect(configs.map((config) => config.name).sort()).toEqual(inDatabase.sort());
  });

  it('has the same columns, types and nullability', async () => {
    const rows = await query<{ table_name: string; column_name: string; type: string; not_null: boolean }>(`
      SELECT c.relname AS table_name, a.attname AS column_name, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped`);
    const describe = (table: string, column: string, type: string, notNull: boolean) => `${table}.${column} ${type}${notNull ? ' NOT NULL' : ''}`;
    const inDatabase = rows.filter((row) => !NOT_MIRRORED.has(row.table_name)).map((row) => describe(row.table_name, row.column_name, row.type, row.not_null));
    const declared = configs.flatMap((config) => config.columns.map((column) => describe(config.name, column.name, column.getSQLType(), column.notNull)));
    expect(declared.sort()).toEqual(inDatabase.sort());
  });

  it('has the same primary keys and unique constraints', async () => {
    const rows = await query<{ table_name: string; name: string; kind: string; columns: string }>(`
      SELECT c.relname AS table_name, k.conname AS name, k.contype AS kind,
        (SELECT string_agg(a.attname, ', ' ORDER BY u.ord) FROM unnest(k.conkey) WITH ORDINALITY u(attnum, ord)
           JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.attnum) AS columns
      FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
      WHERE k.connamespace = current_schema()::regnamespace AND k.contype IN ('p', 'u')`);
    const inDatabase = rows
      .filter((row) => !NOT_MIRRORED.has(row.table_name))
      .map((row) => `${row.table_name}: ${row.kind === 'p' ? 'PRIMARY KEY' : `UNIQUE ${row.name}`} (${row.columns})`);
    const declared = configs.flatMap((config) => {
      const primary = config.primaryKeys.length
        ? config.primaryKeys[0].columns.map((column) => column.name)
        : config.columns.filter((column) => column.primary).map((column) => column.name);
      const uniques = [
        ...config.columns.filter((column) => column.isUnique).map((column) => ({ name: column.uniqueName!, columns: [column.name] })),
        ...config.uniqueConstraints.map((unique) => ({ name: unique.getName(), columns: unique.columns.map((column) => column.name) })),
      ];
      return [
        ...(primary.length ? [`${config.name}: PRIMARY KEY (${primary.join(', ')})`] : []),
        ...uniques.map((unique) => `${config.name}: UNIQUE ${unique.name} (${unique.columns.join(', ')})`),
      ];
    });
    expect(declared.sort()).toEqual(inDatabase.sort());
  });

  it('has the same indexes, defined alike', async () => {
    const rows = await query<{ name: string; definition: string }>(`
      SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
      WHERE i.schemaname = current_schema()
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conname = i.indexname AND k.connamespace = current_schema()::regnamespace)`);
    const inDatabase = rows.filter((row) => !NOT_MIRRORED.has(row.name.replace(/_pkey$/, ''))).map((row) => row.definition);
    const declared: string[] = [];
    for (const config of configs) {
      for (const index of config.indexes) {
        const { name, columns, unique, method, where } = index.config;
        const include = schema.indexIncludes[name!];
        const createScratch =
          `CREATE ${unique ? 'UNIQUE ' : ''}INDEX ${SCRATCH} ON ${config.name} USING ${method ?? 'btree'} (${columns.map((part) => indexPart(part, method)).join(', ')})` +
          (include ? ` INCLUDE (${include.join(', ')})` : '') +
          (where ? ` WHERE ${inline(where)}` : '');
        await query(createScratch);
        const [{ definition }] = await query<{ definition: string }>(`SELECT pg_get_indexdef('${SCRATCH}'::regclass) AS definition`);
        await query(`DROP INDEX ${SCRATCH}`);
        declared.push(definition.replace(` ${SCRATCH} `, ` ${name} `));
      }
    }
    expect(declared.sort()).toEqual(inDatabase.sort());
  });

  it('declares INCLUDE columns only of indexes it declares', () => {
    const declared = new Set(configs.flatMap((config) => config.indexes.map((index) => index.config.name)));
    expect(Object.keys(schema.indexIncludes).filter((name) => !declared.has(name))).toEqual([]);
  });
});

/** An index's column or expression, as CREATE INDEX takes it (in Drizzle's terms: a btree column always has an order and a NULLS). */
function indexPart(part: Partial<IndexedColumn | SQL>, method = 'btree'): string {
  if (is(part, SQL)) return `(${inline(part)})`;
  const column = part as IndexedColumn;
  const { order, nulls, opClass } = column.indexConfig ?? {};
  const ordering = method === 'btree' ? [order === 'desc' ? 'DESC' : 'ASC', nulls ? `NULLS ${nulls.toUpperCase()}` : ''] : [];
  return [`"${column.name}"`, opClass, ...ordering].filter(Boolean).join(' ');
}

const inline = (expression: SQL): string => dialect.sqlToQuery(expression.inlineParams()).sql;
