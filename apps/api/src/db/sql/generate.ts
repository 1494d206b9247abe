import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { format } from 'sql-formatter';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { connectDatabase, databaseOnPglite, type Database } from '../connect.ts';
import { migrate } from '../migrate.ts';
import { EXAMPLE_ROWS, type ExampleCall, type SqlExamples } from './examples.ts';
import { functionFiles } from './functions.ts';
import { recordingClient, type Recorder } from './recorder.ts';

/**
 * The committed SQL (docs/sql.md): every statement of every module's repositories, as its example
 * calls send it to a freshly migrated PGlite database, in db/queries/<module>.sql; the current body
 * of every function and trigger in db/functions/<name>.sql. Written by `npm run sql`; checked by
 * committed.test.ts.
 */
const SRC = fileURLToPath(new URL('../../', import.meta.url));
const MODULES_DIR = path.join(SRC, 'modules');

/** What one queries file shows: the SQL sources of some files, and the example calls that run them. */
interface Unit {
  name: string;
  /** Where its files are, as the file's header names it. */
  shown: string;
  files: string[];
  examples: string;
}

/**
 * Every module's folder; and the platform's statements (audit log, idempotency keys) with the
 * housekeeping jobs' (db/housekeeping.ts), whose examples are in platform/sql-examples.ts.
 */
function units(): Unit[] {
  const modules = readdirSync(MODULES_DIR)
    .filter((entry) => statSync(path.join(MODULES_DIR, entry)).isDirectory())
    .sort()
    .map((name) => {
      const dir = path.join(MODULES_DIR, name);
      return { name, shown: `apps/api/src/modules/${name}`, files: sourceFiles(dir), examples: path.join(dir, 'sql-examples.ts') };
    });
  const platform = path.join(SRC, 'platform');
  return [
    ...modules,
    {
      name: 'platform',
      shown: 'apps/api/src/platform and apps/api/src/db/housekeeping.ts',
      files: [...sourceFiles(platform), path.join(SRC, 'db', 'housekeeping.ts')],
      examples: path.join(platform, 'sql-examples.ts'),
    },
  ];
}
/** Where the files go, relative to apps/api/src/db. */
export const OUTPUT_DIRS = ['queries', 'functions'] as const;

/** A module's SQL sources: its exports whose first parameter is `db`. */
interface Source {
  name: string;
  make: (db: Database, ...args: unknown[]) => unknown;
  /** Called with db alone, it answers an object of methods (a repository). */
  factory: boolean;
}

// A function's text as the loader left it: `function f(db, …)`, `(db) => …`, or minified (tsx) `db=>…`.
const DB_FIRST = /^(?:async\s*)?(?:(?:function\s*[\w$]*\s*)?\(\s*db\s*(?:[,)=]|$)|db\s*=>)/;
const DB_ONLY = /^(?:async\s*)?(?:(?:function\s*[\w$]*\s*)?\(\s*db\s*\)|db\s*=>)/;

/** Every file of a folder, sorted; tests and example files left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((entry) => {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) return sourceFiles(full);
      return entry.endsWith('.ts') && !entry.endsWith('.test.ts') && entry !== 'sql-examples.ts' ? [full] : [];
    });
}

async function sourcesOf(files: string[]): Promise<Source[]> {
  const byFunction = new Map<unknown, Source>();
  for (const file of files) {
    const exports = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports).sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (typeof value !== 'function' || !DB_FIRST.test(String(value))) continue;
      const known = byFunction.get(value);
      // Re-exported under the same function: named once, by its first name in sort order.
      if (known && known.name <= name) continue;
      // An async function of db alone runs statements; a plain one makes a repository.
      byFunction.set(value, { name, make: value as Source['make'], factory: DB_ONLY.test(String(value)) && !/^async\b/.test(String(value)) });
    }
  }
  return [...byFunction.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** One heading of a queries file: the function or list shape, and the statements it sent. */
interface Entry {
  heading: string;
  call: string;
  statements: string[];
  failed: boolean;
}

async function run(recorder: Recorder, heading: string, args: ExampleCall, call: () => Promise<unknown>, warn: (line: string) => void): Promise<Entry> {
  recorder.start();
  let failed = false;
  try {
    await call();
  } catch (error) {
    failed = true;
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    warn(`${heading}: ${cause instanceof Error ? cause.message.split('\n')[0] : String(cause)}`);
  }
  return { heading, call: args.length ? JSON.stringify(args) : '', statements: recorder.stop(), failed };
}

const calls = (examples: SqlExamples[keyof SqlExamples], name: string): readonly ExampleCall[] | string | undefined =>
  (examples as Record<string, readonly ExampleCall[] | string> | undefined)?.[name];

/** Runs a module's example calls; throws naming every method or function that has none. */
async function unitEntries(unit: Unit, db: Database, recorder: Recorder, warn: (line: string) => void): Promise<Entry[]> {
  const sources = await sourcesOf(unit.files);
  const examplesFile = unit.examples;
  const hasExamples = statSync(examplesFile, { throwIfNoEntry: false }) !== undefined;
  if (sources.length === 0 && !hasExamples) return [];
  const examples: SqlExamples = hasExamples ? ((await import(pathToFileURL(examplesFile).href)) as { default: SqlExamples }).default : {};
  const missing: string[] = [];
  const used = { methods: new Set<string>(), functions: new Set<string>() };
  const entries: Entry[] = [];
  for (const source of sources) {
    if (!source.factory) {
      used.functions.add(source.name);
      const given = calls(examples.functions, source.name);
      if (given === undefined) missing.push(`function ${source.name}`);
      if (typeof given !== 'object') continue;
      for (const args of given) entries.push(await run(recorder, source.name, args, () => Promise.resolve(source.make(db, ...args)), warn));
      continue;
    }
    const made = source.make(db);
    const methods = typeof made === 'function' ? [['', made]] : Object.entries(made as object).filter(([, value]) => typeof value === 'function');
    for (const [method, fn] of methods as [string, (...args: unknown[]) => unknown][]) {
      if (method === 'transaction') continue;
      const key = method || source.name;
      const table = method ? examples.methods : examples.functions;
      (method ? used.methods : used.functions).add(key);
      const given = calls(table, key);
      if (given === undefined) missing.push(method ? `method ${method}` : `function ${source.name}`);
      if (typeof given !== 'object') continue;
      const heading = method ? `${source.name}.${method}` : source.name;
      // A method shared by two sources (a repository spreading its queries) is shown once.
      if (method && entries.some((entry) => entry.heading.endsWith(`.${method}`) && entry.heading !== heading)) continue;
      for (const args of given) entries.push(await run(recorder, heading, args, () => Promise.resolve(fn(...args)), warn));
    }
  }
  for (const [label, call] of Object.entries(examples.calls ?? {})) entries.push(await run(recorder, label, [], () => call(db), warn));
  const unknown = [
    ...Object.keys(examples.methods ?? {})
      .filter((name) => !used.methods.has(name))
      .map((name) => `method ${name}`),
    ...Object.keys(examples.functions ?? {})
      .filter((name) => !used.functions.has(name))
      .map((name) => `function ${name}`),
  ];
  const problems = [
    ...[...new Set(missing)].map((name) => `no example call for ${name}`),
    ...unknown.map((name) => `an example for ${name}, which no export of the module has`),
  ];
  if (problems.length > 0) {
    throw new Error(`${path.relative(SRC, examplesFile)}: ${problems.join('; ')}. Add or remove them, then run npm run sql.`);
  }
  return entries;
}

/**
 * A statement as written in the file: laid out by sql-formatter (pinned to an exact version, so the
 * layout only changes with an upgrade and `npm run sql`), ended by `;`. What it cannot parse is kept
 * as written, its common indentation removed.
 */
function formatStatement(text: string): string {
  try {
    const body = format(text, { language: 'postgresql', keywordCase: 'upper', tabWidth: 2, expressionWidth: 80 }).trim();
    return body.endsWith(';') ? body : `${body};`;
  } catch {
    return dedented(text);
  }
}

function dedented(text: string): string {
  const lines = text.replace(/\r/g, '').split('\n');
  const rest = lines.slice(1).filter((line) => line.trim() !== '');
  const indent = Math.min(...rest.map((line) => line.length - line.trimStart().length));
  const body = [lines[0].trim(), ...lines.slice(1).map((line) => line.slice(Number.isFinite(indent) ? indent : 0).trimEnd())]
    .join('\n')
    .trim()
    .replace(/\n{2,}/g, '\n');
  return body.endsWith(';') ? body : `${body};`;
}

function queriesFile(unit: Unit, entries: Entry[]): string {
  // A call that sent what an earlier call of the same function sent adds nothing.
  const distinct = entries.filter(
    (entry, index) => !entries.slice(0, index).some((earlier) => earlier.heading === entry.heading && earlier.statements.join() === entry.statements.join()),
  );
  const sorted = distinct.sort((a, b) => (a.heading === b.heading ? 0 : a.heading < b.heading ? -1 : 1));
  const blocks = sorted.map((entry) => {
    const head = [`-- ${entry.heading}`];
    if (entry.call) head.push(`-- called with ${entry.call}`);
    if (entry.statements.length === 0) head.push('-- (no statement)');
    const statements = entry.statements.map(formatStatement);
    if (entry.failed) statements.push('-- (the example call stopped at an error here: statements after it are not shown)');
    return [...head, ...statements].join('\n');
  });
  return [
    `-- Generated by \`npm run sql\` from ${unit.shown}: do not edit (docs/sql.md).`,
    '-- Every statement its repositories send, in the order each example call sends them; parameters are $1..$n.',
    '',
    blocks.join('\n\n'),
    '',
  ].join('\n');
}

/** A freshly migrated PGlite database's data directory. */
async function migratedImage(): Promise<Blob> {
  const handle = await connectDatabase({});
  try {
    await migrate(handle);
    return await handle.dumpDataDir!();
  } finally {
    await handle.close();
  }
}

/**
 * Every generated file, by its path under apps/api/src/db, with its content. `image`: a migrated
 * PGlite data directory to start from (tests pass their template); unset, the migrations run here.
 */
export async function generateSql(options: { image?: Blob; warn?: (line: string) => void } = {}): Promise<Map<string, string>> {
  const warn = options.warn ?? (() => {});
  const client = await PGlite.create({ extensions: { pg_trgm }, loadDataDir: options.image ?? (await migratedImage()) });
  try {
    const files = new Map<string, string>();
    for (const [name, content] of await functionFiles(client)) files.set(`functions/${name}.sql`, content);
    await client.exec(EXAMPLE_ROWS);
    const { client: recording, recorder } = recordingClient(client);
    const db = databaseOnPglite(recording);
    const problems: string[] = [];
    for (const unit of units()) {
      const entries = await unitEntries(unit, db, recorder, warn).catch((error: Error) => void problems.push(error.message));
      if (entries && entries.length > 0) files.set(`queries/${unit.name}.sql`, queriesFile(unit, entries));
    }
    if (problems.length > 0) throw new Error(problems.join('\n'));
    return files;
  } finally {
    await client.close();
  }
}
