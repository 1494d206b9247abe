/**
 * `npm run backup [-- <file>] [--allow-missing-files]`: writes the database the server is configured
 * with (DATABASE_URL, or DATA_DIR's PGlite) and the uploaded files of its file store (DATA_DIR/uploads,
 * or the S3 bucket of FILE_STORE=s3) to one file, by default
 * ./backups/eticketing-<UTC time>.backup.gz. Needs no external program (no pg_dump): every table of
 * our schema is read in one read-only, repeatable-read transaction (one consistent snapshot), so a
 * backup of PostgreSQL may be taken while the server runs; PGlite is opened by one process at a
 * time, so stop the server first. The format is described in catalog.ts. A database naming files
 * the store does not hold is refused (no backup is written), unless --allow-missing-files: then the
 * backup is written and names them.
 */
import { once } from 'node:events';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createGzip } from 'node:zlib';
import { loadConfig } from '../config.ts';
import { createFileStore } from '../adapters/file-store.ts';
import type { FileStore } from '../adapters/files.ts';
import { connectDatabase, type DatabaseHandle } from '../db/connect.ts';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  appliedMigrations,
  ident,
  namedFiles,
  sequences,
  storeOf,
  tablesInDependencyOrder,
  writableColumns,
  type BackupEnd,
  type BackupHeader,
} from './catalog.ts';

export interface BackupSummary {
  file: string;
  rows: Record<string, number>;
  files: number;
  /** Files the database names that the store does not hold (only with allowMissingFiles). */
  missingFiles: string[];
}

/** The database names files the store lacks: a backup of it could not be restored whole. */
export class MissingFiles extends Error {
  constructor(
    readonly missing: string[],
    where: string,
  ) {
    const shown = missing.slice(0, 10).join(', ') + (missing.length > 10 ? `, and ${missing.length - 10} more` : '');
    super(
      `The database names ${missing.length} uploaded file(s) that ${where} does not hold: ${shown}. ` +
        'Nothing was written. Check FILE_STORE and its settings (is this the store the server uses?), or back up anyway with --allow-missing-files.',
    );
  }
}

/** Writes the backup to `file` (through a temporary name, so a failed backup leaves no file that looks whole). */
export async function backupTo(
  database: DatabaseHandle,
  files: FileStore | string,
  file: string,
  now = new Date(),
  options: { allowMissingFiles?: boolean } = {},
): Promise<BackupSummary> {
  const store = storeOf(files);
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  const gzip = createGzip();
  const out = createWriteStream(partial, { mode: 0o600 });
  gzip.pipe(out);
  const line = async (value: unknown) => {
    if (!gzip.write(`${JSON.stringify(value)}\n`)) await once(gzip, 'drain');
  };
  const rows: Record<string, number> = {};
  let named = new Set<string>();
  let fileCount = 0;
  const missingFiles: string[] = [];
  try {
    await database.rawTransaction(async ({ query }) => {
      await query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: now.toISOString(),
        database: database.kind,
        migrations: await appliedMigrations(query),
      };
      if (header.migrations.length === 0) throw new Error('The database has no tables of E-Ticketing yet: nothing to back up.');
      await line(header);
      for (const table of await tablesInDependencyOrder(query)) {
        await line({ table, columns: await writableColumns(query, table) });
        const found = await query<{ j: string }>(`SELECT row_to_json(t)::text AS j FROM ${ident(table)} t`);
        for (const { j } of found) {
          if (!gzip.write(`{"row":${j}}\n`)) await once(gzip, 'drain');
        }
        rows[table] = found.length;
      }
      for (const sequence of await sequences(query)) {
        const [state] = await query<{ last_value: string; is_called: boolean }>(`SELECT last_value::text, is_called FROM ${ident(sequence)}`);
        await line({ sequence, lastValue: state.last_value, isCalled: state.is_called });
      }
      named = await namedFiles(query);
    });
    const keys: string[] = [];
    for await (const key of store.keys()) keys.push(key);
    const stored = new Set(keys);
    missingFiles.push(...[...named].filter((key) => !stored.has(key)).sort());
    if (missingFiles.length > 0 && !options.allowMissingFiles) throw new MissingFiles(missingFiles, store.describe());
    for (const key of keys.sort()) {
      const bytes = await store.read(key);
      if (!bytes) continue; // removed since it was listed (a registration that failed)
      await line({ file: key, data: bytes.toString('base64') });
      fileCount += 1;
    }
    const end: BackupEnd = { end: true, rows, files: fileCount, ...(missingFiles.length > 0 ? { missingFiles } : {}) };
    await line(end);
    gzip.end();
    await once(out, 'close');
    await rename(partial, file);
  } catch (error) {
    gzip.destroy();
    out.destroy();
    await rm(partial, { force: true });
    throw error;
  }
  return { file, rows, files: fileCount, missingFiles };
}

const stamp = (now: Date) =>
  now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')
    .replace('T', '-');

async function main(argv: string[]): Promise<void> {
  const allowMissingFiles = argv.includes('--allow-missing-files');
  const [named] = argv.filter((arg) => arg !== '--allow-missing-files');
  const config = loadConfig();
  const file = path.resolve(named ?? path.join('backups', `eticketing-${stamp(new Date())}.backup.gz`));
  if (!config.DATABASE_URL && !existsSync(config.pgliteDir)) {
    throw new Error(`There is no PGlite database at ${config.pgliteDir} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`);
  }
  const database = await connectDatabase({ url: config.DATABASE_URL, pgliteDir: config.pgliteDir, poolSize: 2 });
  try {
    const store = await createFileStore(config);
    const summary = await backupTo(database, store, file, new Date(), { allowMissingFiles });
    const total = Object.values(summary.rows).reduce((sum, n) => sum + n, 0);
    console.log(
      `Backed up ${database.kind}: ${total} rows in ${Object.keys(summary.rows).length} tables and ${summary.files} uploaded files (${store.describe()}) to ${file}`,
    );
    if (summary.missingFiles.length > 0) {
      console.warn(
        `WARNING: ${summary.missingFiles.length} file(s) named by the database are not in the store and are not in this backup: ${summary.missingFiles.join(', ')}`,
      );
    }
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
