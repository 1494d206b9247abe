/**
 * What a backup holds and the catalog queries both jobs share. A backup is one gzipped file of JSON
 * lines, the same for PGlite and PostgreSQL (so a backup of one restores into the other):
 *   {"format":"eticketing-backup","version":1,"createdAt":…,"database":"pglite"|"postgres","migrations":[…]}
 *   {"table":"users","columns":[…]}            then one {"row":{…}} line per row of that table
 *   {"sequence":"…","lastValue":"…","isCalled":true}
 *   {"file":"<stored name>","data":"<base64>"} one per uploaded file
 *   {"end":true,"rows":{"users":12,…},"files":3,"missingFiles":[…]} (a file without it is incomplete and is refused;
 *      missingFiles: stored names the database holds and the store did not, in a backup told --allow-missing-files)
 * Tables come in foreign-key order (a table after every table it references).
 */
import { createLocalFileStore, type FileStore } from '../adapters/files.ts';

export const BACKUP_FORMAT = 'eticketing-backup';
export const BACKUP_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: 'pglite' | 'postgres';
  migrations: string[];
}

export interface BackupEnd {
  end: true;
  rows: Record<string, number>;
  files: number;
  missingFiles?: string[];
}

/** Every column that holds a stored file's name (adapters/files.ts), as table and column. */
const FILE_COLUMNS = [
  ['user_profiles', 'id_front_file'],
  ['user_profiles', 'id_back_file'],
  ['user_profiles', 'portrait_file'],
  ['guarantors', 'front_file'],
  ['guarantors', 'back_file'],
] as const;

/** The stored files the database names. */
export async function namedFiles(query: Query): Promise<Set<string>> {
  const union = FILE_COLUMNS.map(([table, column]) => `SELECT ${ident(column)} AS name FROM ${ident(table)} WHERE ${ident(column)} IS NOT NULL`).join(
    ' UNION ',
  );
  return new Set((await query<{ name: string }>(union)).map((row) => row.name));
}

/** A local store for a folder given by name (the tools' and tests' older form). */
export const storeOf = (files: FileStore | string): FileStore => (typeof files === 'string' ? createLocalFileStore(files, 'backup') : files);

type Query = <T>(sqlText: string, params?: unknown[]) => Promise<T[]>;

/** Quotes an identifier for SQL. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The tables of our schema (the connection's current schema) except schema_migrations, referenced tables first. */
export async function tablesInDependencyOrder(query: Query): Promise<string[]> {
  const tables = (
    await query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c
         WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
           AND c.relname <> 'schema_migrations'
         ORDER BY c.relname`,
    )
  ).map((row) => row.name);
  const references = await query<{ child: string; parent: string }>(
    `SELECT child.relname AS child, parent.relname AS parent FROM pg_constraint k
       JOIN pg_class child ON child.oid = k.conrelid JOIN pg_class parent ON parent.oid = k.confrelid
       WHERE k.contype = 'f' AND child.relnamespace = current_schema()::regnamespace AND child.oid <> parent.oid`,
  );
  const parents = new Map(tables.map((name) => [name, new Set<string>()]));
  for (const { child, parent } of references) if (parents.has(parent)) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const next = tables.find((name) => !placed.has(name) && [...parents.get(name)!].every((parent) => placed.has(parent)));
    if (!next) throw new Error(`Foreign keys form a cycle among: ${tables.filter((name) => !placed.has(name)).join(', ')}`);
    ordered.push(next);
    placed.add(next);
  }
  return ordered;
}

/** The columns a row of the table is written with (generated columns are computed again on restore). */
export async function writableColumns(query: Query, table: string): Promise<string[]> {
  const rows = await query<{ name: string }>(
    `SELECT a.attname AS name FROM pg_attribute a
       WHERE a.attrelid = (quote_ident(current_schema()) || '.' || quote_ident($1))::regclass
         AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
       ORDER BY a.attnum`,
    [table],
  );
  return rows.map((row) => row.name);
}

export async function sequences(query: Query): Promise<string[]> {
  const rows = await query<{ name: string }>(
    `SELECT relname AS name FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind = 'S' ORDER BY relname`,
  );
  return rows.map((row) => row.name);
}

export async function appliedMigrations(query: Query): Promise<string[]> {
  const exists = await query<{ found: boolean }>(`SELECT to_regclass(quote_ident(current_schema()) || '.schema_migrations') IS NOT NULL AS found`);
  if (!exists[0]?.found) return [];
  return (await query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).map((row) => row.name);
}
