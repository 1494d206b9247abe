// The demo data the console is measured on: `npm run seed:demo` into a DATA_DIR kept under
// bench/.cache (about three minutes on PGlite), reused by later runs; each run works on a copy.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CACHE_DIR, REPO_ROOT } from '../shared/paths.ts';
import { BENCH_ADMIN } from './paths.ts';

const SEEDED_DIR = path.join(CACHE_DIR, 'demo-data');
const RECEIPT = path.join(CACHE_DIR, 'demo-data.json');

export interface DemoData {
  dataDir: string;
  /** When the cached data was seeded (its 13 months end on that day). */
  seededAt: string;
  motorists: number;
}

function seed(motorists: number): void {
  rmSync(SEEDED_DIR, { recursive: true, force: true });
  rmSync(RECEIPT, { force: true });
  mkdirSync(SEEDED_DIR, { recursive: true });
  console.log(`Seeding the demo data (${motorists} motorists) into ${path.relative(REPO_ROOT, SEEDED_DIR)}; about three minutes…`);
  const result = spawnSync('npm', ['run', '--silent', 'seed:demo'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      DATA_DIR: SEEDED_DIR,
      DATABASE_URL: '',
      DEMO_MOTORISTS: String(motorists),
      SEED_ADMIN_EMAIL: BENCH_ADMIN.email,
      SEED_ADMIN_PASSWORD: BENCH_ADMIN.password,
    },
  });
  if (result.status !== 0) throw new Error('npm run seed:demo failed');
  writeFileSync(RECEIPT, JSON.stringify({ seededAt: new Date().toISOString(), motorists }));
}

/** A fresh copy of the seeded data in `dataDir`; seeds first when there is none (or `reseed`). */
export function copyOfDemoData(dataDir: string, { reseed = false, motorists = 2000 } = {}): DemoData {
  const receipt = existsSync(RECEIPT) ? (JSON.parse(readFileSync(RECEIPT, 'utf8')) as Omit<DemoData, 'dataDir'>) : null;
  if (reseed || !receipt || receipt.motorists !== motorists) seed(motorists);
  const { seededAt } = JSON.parse(readFileSync(RECEIPT, 'utf8')) as DemoData;
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(SEEDED_DIR, dataDir, { recursive: true });
  return { dataDir, seededAt, motorists };
}
