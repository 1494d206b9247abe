// Starts the built server for the field journeys on a fresh data folder with the accounts, motorists
// and prices of e2e/support/fixtures.ts. Run with `node --import tsx` (it imports the API's TypeScript).
// FIELD_DIST names another build of the field app to serve (npm run bench:field builds its own).
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { connectDatabase } from '../../api/src/db/connect.ts';
import { migrate, readMigrations } from '../../api/src/db/migrate.ts';
import { penaltyCharges, subscriptionPlans, users, vehicles } from '../../api/src/db/schema.ts';
import { newUserCode } from '../../api/src/domain/codes.ts';
import { hashPassword } from '../../api/src/platform/credentials/passwords.ts';
import {
  AGENTS,
  BUS_DRIVER,
  KEKE_PENALTY,
  NEW_RIDER,
  PENDING_RIDER,
  WEEKLY_RIDER,
  LEVY_NAME,
  MOTORISTS,
  PASSWORD,
  PLANS,
  TILL_RIDERS,
} from './support/fixtures.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const serverEntry = path.join(repoRoot, 'apps/api/dist/main.js');
const fieldDist = path.resolve(repoRoot, process.env.FIELD_DIST ?? 'apps/field/dist');
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('start-server.mjs needs DATA_DIR');
for (const built of [serverEntry, path.join(fieldDist, 'index.html')]) {
  if (!existsSync(built)) throw new Error(`${built} is missing: run npm run build first`);
}

async function seed() {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const database = await connectDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    await migrate(database, readMigrations(path.join(repoRoot, 'apps/api/dist/migrations')));
    const passwordHash = await hashPassword(PASSWORD);
    const now = new Date();
    const registered = new Date(now.getTime() - 10 * 24 * 3600_000);
    await database.db.insert(users).values(
      Object.values(AGENTS).map((agent, index) => ({
        userCode: newUserCode(),
        fullName: agent.fullName,
        email: agent.email,
        phone: `+23480200${String(index).padStart(5, '0')}`,
        passwordHash,
        role: agent.role,
        agentRole: agent.agentRole ?? null,
        department: agent.department ?? null,
        registrationStatus: 'approved',
      })),
    );
    const motorists = await database.db
      .insert(users)
      .values(
        [...MOTORISTS, BUS_DRIVER, PENDING_RIDER, WEEKLY_RIDER, NEW_RIDER, ...TILL_RIDERS].map((m, index) => ({
          userCode: m.userCode,
          fullName: m.fullName,
          email: `${m.userCode}@field.test`,
          phone: `+23480300${String(index).padStart(5, '0')}`,
          passwordHash,
          role: 'motorist',
          isMotorist: true,
          registrationStatus: m === PENDING_RIDER ? 'pending' : 'approved',
          createdAt: m === NEW_RIDER ? now : registered,
          updatedAt: m === NEW_RIDER ? now : registered,
        })),
      )
      .returning({ id: users.id, userCode: users.userCode });
    await database.db.insert(vehicles).values(
      motorists.map((m) => ({
        userId: m.id,
        plateNumber: [...MOTORISTS, BUS_DRIVER, PENDING_RIDER, WEEKLY_RIDER, NEW_RIDER, ...TILL_RIDERS].find((x) => x.userCode === m.userCode).plateNumber,
        vehicleType: m.userCode === BUS_DRIVER.userCode ? 'bus' : 'keke',
        vehicleModel: 'tvs king',
      })),
    );
    await database.db
      .insert(subscriptionPlans)
      .values(PLANS.map((p) => ({ name: p.name, vehicleType: p.vehicleType, priceKobo: p.price * 100, createdAt: now, updatedAt: now })));
    await database.db.insert(penaltyCharges).values({ vehicleType: 'keke', priceKobo: KEKE_PENALTY * 100, createdAt: now, updatedAt: now });
  } finally {
    await database.close();
  }
}

try {
  await seed();
  cpSync(fieldDist, path.join(dataDir, 'field'), { recursive: true });
} catch (error) {
  console.error(`Could not seed the field journeys' database: ${error.cause?.message ?? error.message}`);
  process.exit(1);
}
const server = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-console'),
    FIELD_DIST: path.join(dataDir, 'field'),
    HOST: process.env.HOST ?? '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    SEED_ADMIN_PASSWORD: PASSWORD,
    LEVY_NAME,
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
