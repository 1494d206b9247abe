/**
 * `npm run restore -- <file> [--force]`: loads a backup written by `npm run backup` into the
 * database the server is configured with (DATABASE_URL, or DATA_DIR's PGlite) and its uploaded
 * files into the server's file store (DATA_DIR/uploads, or the bucket of FILE_STORE=s3). The database is brought to the backup's migrations, the rows are
 * loaded in one transaction (all or nothing), then any newer migrations of this code run. It refuses
 * a database that holds any record, or a file store that holds any file, unless --force is
 * given: then every table is emptied and the store's files replaced by the backup's.
 * Stop the server first (PGlite allows one process; on PostgreSQL, no writes may race the restore).
 */
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { createGunzip } from 'node:zlib';
import { loadConfig } from '../config.ts';
import { createFileStore } from '../adapters/file-store.ts';
import { isStoredKey, type FileStore } from '../adapters/files.ts';
import { connectDatabase, type DatabaseHandle } from '../db/connect.ts';
import { migrate, readMigrations } from '../db/migrate.ts';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  appliedMigrations,
  ident,
  storeOf,
  tablesInDependencyOrder,
  writableColumns,
  type BackupEnd,
  type BackupHeader,
} from './catalog.ts';

export class RestoreRefused extends Error {}

export interface RestoreSummary {
  rows: Record<string, number>;
  files: number;
}

const BATCH_ROWS = 500;
/** Tables the migrations fill on their own: rows in them alone do not make a database non-empty. */
const SEEDED_BY_MIGRATIONS = ['settings', 'bank_accounts_directory', 'ledger_accounts'];

type Line =
  | BackupHeader
  | { table: string; columns: string[] }
  | { row: Record<string, unknown> }
  | { sequence: string; lastValue: string; isCalled: boolean }
  | { file: string; data: string }
  | BackupEnd;

async function* readLines(file: string): AsyncGenerator<Line> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const text of lines) if (text.length > 0) yield JSON.parse(text) as Line;
}

async function readHeader(file: string): Promise<BackupHeader> {
  if (!existsSync(file)) throw new RestoreRefused(`There is no backup file at ${file}`);
  for await (const first of readLines(file)) {
    const header = first as BackupHeader;
    if (header.format !== BACKUP_FORMAT) throw new RestoreRefused(`${file} is not an E-Ticketing backup`);
    if (header.version !== BACKUP_VERSION)
      throw new RestoreRefused(`${file} is a backup of format version ${header.version}; this code reads version ${BACKUP_VERSION}`);
    return header;
  }
  throw new RestoreRefused(`${file} is empty`);
}

async function storedFiles(store: FileStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of store.keys()) keys.push(key);
  return keys;
}

export async function restoreFrom(
  database: DatabaseHandle,
  files: FileStore | string,
  file: string,
  options: { force?: boolean } = {},
): Promise<RestoreSummary> {
  const store = storeOf(files);
  const header = await readHeader(file);
  const known = readMigrations();
  const unknown = header.migrations.filter((name) => !known.some((migration) => migration.name === name));
  if (unknown.length > 0)
    throw new RestoreRefused(`The backup needs migrations this code does not have (${unknown.join(', ')}): restore it with the version that wrote it`);

  // The schema as the backup knew it; newer migrations run after the rows are in.
  let applied: string[] = [];
  await database.rawTransaction(async ({ query }) => void (applied = await appliedMigrations(query)));
  const newer = applied.filter((name) => !header.migrations.includes(name));
  if (newer.length > 0)
    throw new RestoreRefused(`The database already has migrations newer than the backup (${newer.join(', ')}): restore into an empty database`);
  await migrate(
    database,
    known.filter((migration) => header.migrations.includes(migration.name)),
  );

  const existingFiles = await storedFiles(store);
  if (!options.force && existingFiles.length > 0) {
    throw new RestoreRefused(`${store.describe()} already holds ${existingFiles.length} files: restore refuses to overwrite them without --force`);
  }

  const rows: Record<string, number> = {};
  let end: BackupEnd | null = null;
  const uploads: { file: string; data: string }[] = [];
  await database.rawTransaction(async ({ exec, query }) => {
    const tables = await tablesInDependencyOrder(query);
    const nonEmpty: string[] = [];
    for (const table of tables.filter((name) => !SEEDED_BY_MIGRATIONS.includes(name))) {
      const found = await query(`SELECT 1 FROM ${ident(table)} LIMIT 1`);
      if (found.length > 0) nonEmpty.push(table);
    }
    if (nonEmpty.length > 0 && !options.force) {
      throw new RestoreRefused(`The database is not empty (records in ${nonEmpty.join(', ')}): restore refuses to overwrite it without --force`);
    }
    // Empty, or --force: the backup's rows replace every table's (the migrations' seeded rows too).
    await exec(`TRUNCATE ${tables.map(ident).join(', ')} CASCADE`);
    // Rows go in as they were: no trigger adds to the dashboard totals a second time.
    for (const table of tables) await exec(`ALTER TABLE ${ident(table)} DISABLE TRIGGER USER`);

    let table: string | null = null;
    let columns: string[] = [];
    let batch: Record<string, unknown>[] = [];
    const flush = async () => {
      if (!table || batch.length === 0) return;
      const list = columns.map(ident).join(', ');
      await query(
        `INSERT INTO ${ident(table)} (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} FROM json_populate_recordset(NULL::${ident(table)}, $1::json)`,
        [JSON.stringify(batch)],
      );
      rows[table] = (rows[table] ?? 0) + batch.length;
      batch = [];
    };
    for await (const line of readLines(file)) {
      if ('format' in line) continue;
      if ('table' in line) {
        await flush();
        if (!tables.includes(line.table)) throw new RestoreRefused(`The backup has a table the schema does not: ${line.table}`);
        table = line.table;
        rows[table] = 0;
        const writable = await writableColumns(query, table);
        columns = writable.filter((column) => line.columns.includes(column));
      } else if ('row' in line) {
        batch.push(line.row);
        if (batch.length >= BATCH_ROWS) await flush();
      } else if ('sequence' in line) {
        await flush();
        await query(`SELECT setval($1::regclass, $2::bigint, $3)`, [ident(line.sequence), line.lastValue, line.isCalled]);
      } else if ('file' in line) {
        await flush();
        if (!isStoredKey(line.file)) throw new RestoreRefused(`The backup has a file whose name is not a stored file's: ${line.file}`);
        uploads.push(line);
      } else if ('end' in line) {
        await flush();
        end = line;
      }
    }
    if (!end) throw new RestoreRefused(`${file} is incomplete (it has no end record): nothing was restored`);
    const expected: BackupEnd = end;
    for (const [name, n] of Object.entries(expected.rows)) {
      if ((rows[name] ?? 0) !== n) throw new RestoreRefused(`${file} is damaged: ${name} should have ${n} rows, it has ${rows[name] ?? 0}`);
    }
    if (uploads.length !== expected.files) throw new RestoreRefused(`${file} is damaged: it should hold ${expected.files} files, it holds ${uploads.length}`);
    for (const table of tables) await exec(`ALTER TABLE ${ident(table)} ENABLE TRIGGER USER`);
  });
  await migrate(database);

  const keep = new Set(uploads.map((upload) => upload.file));
  for (const name of existingFiles) if (!keep.has(name)) await store.remove(name);
  for (const upload of uploads) await store.write(upload.file, Buffer.from(upload.data, 'base64'));
  if (end && (end as BackupEnd).missingFiles?.length) {
    console.warn(
      `WARNING: this backup was taken without ${(end as BackupEnd).missingFiles!.length} file(s) its database names: ${(end as BackupEnd).missingFiles!.join(', ')}`,
    );
  }
  return { rows, files: uploads.length };
}

async function main(argv: string[]): Promise<void> {
  const force = argv.includes('--force');
  const files = argv.filter((arg) => arg !== '--force');
  if (files.length !== 1) throw new RestoreRefused('Usage: npm run restore -- <backup file> [--force]');
  const config = loadConfig();
  const database = await connectDatabase({ url: config.DATABASE_URL, pgliteDir: config.pgliteDir, poolSize: 2 });
  try {
    const summary = await restoreFrom(database, await createFileStore(config), path.resolve(files[0]), { force });
    const total = Object.values(summary.rows).reduce((sum, n) => sum + n, 0);
    console.log(`Restored into ${database.kind}: ${total} rows in ${Object.keys(summary.rows).length} tables and ${summary.files} uploaded files`);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
