// Starts the built server for the end-to-end journeys, on a fresh data folder seeded with one
// account of each role (e2e/fixtures/accounts.ts). Run with `node --import tsx`, as it imports the
// API's own TypeScript:
//   DATA_DIR=/tmp/x PORT=4173 node --import tsx apps/web/e2e/start-server.mjs
// The folder is removed when the server stops, unless E2E_KEEP_DATA=1.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { connectDatabase } from '../../api/src/db/connect.ts';
import { migrate, readMigrations } from '../../api/src/db/migrate.ts';
import { users } from '../../api/src/db/schema.ts';
import { newUserCode } from '../../api/src/domain/codes.ts';
import { hashPassword } from '../../api/src/platform/credentials/passwords.ts';
import { seedSuperAdmin } from '../../api/src/seed-admin.ts';
import { ACCOUNTS, E2E_PASSWORD } from './fixtures/accounts.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const serverEntry = path.join(repoRoot, 'apps/api/dist/main.js');
const webDist = path.join(repoRoot, 'apps/web/dist');
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('start-server.mjs needs DATA_DIR');
for (const built of [serverEntry, path.join(webDist, 'index.html')]) {
  if (!existsSync(built)) throw new Error(`${built} is missing: run npm run build first`);
}

async function seed() {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const database = await connectDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    // The built server's migrations, so the schema is exactly the one the server under test expects.
    await migrate(database, readMigrations(path.join(repoRoot, 'apps/api/dist/migrations')));
    const { superAdmin, ...others } = ACCOUNTS;
    await seedSuperAdmin(database.db, { email: superAdmin.email, password: E2E_PASSWORD });
    const passwordHash = await hashPassword(E2E_PASSWORD);
    await database.db.insert(users).values(
      Object.values(others).map((account, index) => ({
        userCode: newUserCode(),
        fullName: account.fullName,
        email: account.email,
        phone: `+23480100${String(index).padStart(5, '0')}`,
        passwordHash,
        role: account.role,
        department: account.department ?? null,
        agentRole: account.agentRole ?? null,
        unionRole: account.unionRole ?? null,
        unionName: account.unionName ?? null,
        isMotorist: account.isMotorist ?? false,
        registrationStatus: account.registrationStatus ?? 'approved',
      })),
    );
  } finally {
    await database.close();
  }
}

try {
  await seed();
  // A copy of the console, so a build started meanwhile in the same tree cannot swap it mid-run.
  cpSync(webDist, path.join(dataDir, 'web'), { recursive: true });
} catch (error) {
  // Drizzle's error repeats the whole query; its cause says what went wrong.
  console.error(`Could not seed the end-to-end database: ${error.cause?.message ?? error.message}`);
  process.exit(1);
}
const server = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'web'),
    HOST: process.env.HOST ?? '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // Journeys running side by side record agents' work and read the rankings at once: rank afresh every time.
    RANKING_CACHE_SECONDS: '0',
    // The journeys register far more people with photos, as the fixture super-admin, than a person would.
    UPLOADS_PER_ACCOUNT: '10000',
    // And far more cash as the fixture remitter, never lodged: the ₦50,000 till limit would refuse later journeys' cash.
    TILL_CASH_LIMIT_NAIRA: '100000000',
    SEED_ADMIN_EMAIL: ACCOUNTS.superAdmin.email,
    SEED_ADMIN_PASSWORD: E2E_PASSWORD,
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  if (process.env.E2E_KEEP_DATA === '1') console.log(`End-to-end data kept in ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
