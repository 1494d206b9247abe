// Starts the built server for an app's end-to-end journeys, on a fresh data folder seeded with that
// app's fixtures (apps/<app>/e2e/seed.mjs: what it seeds, which build it serves, its settings).
// Run with `node --import tsx`, as it imports the API's own TypeScript:
//   DATA_DIR=/tmp/x PORT=4173 node --import tsx scripts/e2e-server.mjs web     (or field)
// The folder is removed when the server stops, unless E2E_KEEP_DATA=1. With E2E_POSTGRES_URL
// (postgres://…/somedb) the data lives there instead of PGlite: that database is dropped and made
// again (the field bench measures the sync on the PostgreSQL a deployment runs).
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { connectDatabase } from '../apps/api/src/db/connect.ts';
import { migrate, readMigrations } from '../apps/api/src/db/migrate.ts';

const APPS = ['web', 'field'];
const app = process.argv[2];
if (!APPS.includes(app)) throw new Error(`e2e-server.mjs needs the app whose journeys it serves: ${APPS.join(' or ')}`);
const repoRoot = path.resolve(import.meta.dirname, '..');
const { seed, build, env } = (await import(pathToFileURL(path.join(repoRoot, `apps/${app}/e2e/seed.mjs`)).href)).default;

const serverEntry = path.join(repoRoot, 'apps/api/dist/main.js');
const dist = path.resolve(repoRoot, build.dist);
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('e2e-server.mjs needs DATA_DIR');
for (const built of [serverEntry, path.join(dist, 'index.html')]) {
  if (!existsSync(built)) throw new Error(`${built} is missing: run npm run build first`);
}

const postgresUrl = process.env.E2E_POSTGRES_URL;

/** Drops and creates the database E2E_POSTGRES_URL names, through the server's `postgres` database. */
async function recreatePostgres(url) {
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`E2E_POSTGRES_URL names a database e2e-server.mjs will not drop: ${name}`);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).href });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
}

async function freshDatabase() {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  if (postgresUrl) await recreatePostgres(postgresUrl);
  const database = await connectDatabase(postgresUrl ? { url: postgresUrl } : { pgliteDir: path.join(dataDir, 'pglite') });
  try {
    // The built server's migrations, so the schema is exactly the one the server under test expects.
    await migrate(database, readMigrations(path.join(repoRoot, 'apps/api/dist/migrations')));
    await seed(database);
  } finally {
    await database.close();
  }
}

try {
  await freshDatabase();
  // A copy of the build, so a build started meanwhile in the same tree cannot swap it mid-run.
  cpSync(dist, path.join(dataDir, app), { recursive: true });
} catch (error) {
  // Drizzle's error repeats the whole query; its cause says what went wrong.
  console.error(`Could not seed the ${app} journeys' database: ${error.cause?.message ?? error.message}`);
  process.exit(1);
}
const server = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    ...(postgresUrl ? { DATABASE_URL: postgresUrl } : {}),
    // No console unless it is the app under test.
    WEB_DIST: path.join(dataDir, 'no-console'),
    [build.servedAs]: path.join(dataDir, app),
    HOST: process.env.HOST ?? '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...env,
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  if (process.env.E2E_KEEP_DATA === '1') console.log(`End-to-end data kept in ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
