/**
 * Builds the bench data set (or finds it built) in PostgreSQL or an embedded PGlite folder:
 * migrations through the app's own migrate(), then bulk SQL in chunks with the roll-up triggers
 * off (session_replication_role = replica), the roll-ups counted afresh, indexes built, VACUUM
 * and ANALYZE as the database would get them (BenchDb.maintain). bench_meta records what was built;
 * a rerun with the same size reuses it.
 *
 *   npx tsx bench/dataset/build.ts [--rebuild] [--pglite <dir>] [--motorists N --agents N --scans N --payments N]
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { migrate } from '../../apps/api/src/db/migrate.ts';
import { hashPassword } from '../../apps/api/src/platform/credentials/passwords.ts';
import { insertStakeholders } from './allocation.ts';
import { insertAuditLog } from './audit.ts';
import { type BenchDb, DEFAULT_DATABASE_URL, ensureDatabase, openPglite, openPostgres } from './db.ts';
import { CREATE_FUNCTIONS, DROP_FUNCTIONS } from './functions.ts';
import { dropSecondaryIndexes, restoreIndexes } from './indexes.ts';
import { BENCH_ADMIN_EMAIL, BENCH_PASSWORD, createParams, insertMotorists, insertStaffAndAgents, stageMotorists } from './people.ts';
import { rebuildListCounts, rebuildRollups } from './rollups.ts';
import { type DatasetSize, PGLITE_SIZE, POSTGRES_SIZE, describeSize, parseArgs, sizeFromArgs } from './sizes.ts';
import { createStaging, insertPlansAndCharges, planActivity, redrawDuplicateReceipts, stageTickets, writeInTimeOrder } from './tickets.ts';
import { verifyDataset } from './verify.ts';

/** PostgreSQL at a URL, or the PGlite a server with DATA_DIR=dataDir opens (dataDir/pglite). */
export type Target = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

const pgliteDir = (target: { dataDir: string }) => path.join(target.dataDir, 'pglite');

export interface Dataset {
  target: Target;
  size: DatasetSize;
  builtAt: string;
  buildSeconds: number;
  counts: Record<string, number>;
  adminEmail: string;
  adminPassword: string;
  reused: boolean;
}

interface Meta {
  status: 'building' | 'complete';
  version?: number;
  size: DatasetSize;
  builtAt: string;
  buildSeconds: number;
  counts: Record<string, number>;
}

const log = (line: string) => console.log(`[dataset] ${line}`);

export function targetFromArgs(args: Map<string, string>): Target {
  const dir = args.get('pglite');
  if (dir !== undefined) return { kind: 'pglite', dataDir: path.resolve(dir === 'true' ? 'bench/.pglite-data' : dir) };
  return { kind: 'postgres', url: process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL };
}

async function open(target: Target): Promise<BenchDb> {
  if (target.kind === 'pglite') return openPglite(pgliteDir(target));
  await ensureDatabase(target.url);
  return openPostgres(target.url);
}

/** Same data set asked for (the chunk size only paces the build). */
const sameSize = (a: DatasetSize, b: DatasetSize) =>
  a.motorists === b.motorists && a.agents === b.agents && a.scans === b.scans && a.payments === b.payments && a.penaltyShare === b.penaltyShare;

/** What the build writes beyond the sizes; a data set of an older version is built again. 2: the audit log. */
const DATASET_VERSION = 2;

async function readMeta(db: BenchDb): Promise<Meta | null> {
  const [table] = await db.query<{ found: string | null }>(`SELECT to_regclass('public.bench_meta')::text AS found`);
  if (!table.found) return null;
  const [row] = await db.query<{ value: Meta }>(`SELECT value FROM bench_meta WHERE key = 'dataset'`);
  return row?.value ?? null;
}

async function holdsData(db: BenchDb): Promise<boolean> {
  const [table] = await db.query<{ found: string | null }>(`SELECT to_regclass('public.users')::text AS found`);
  if (!table.found) return false;
  const [row] = await db.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM users) AS any');
  return row.any;
}

async function wipe(db: BenchDb, target: Target): Promise<BenchDb> {
  if (target.kind === 'pglite') {
    await db.close();
    rmSync(pgliteDir(target), { recursive: true, force: true });
    return open(target);
  }
  await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
  return db;
}

/** The data set of that size, built when missing (or when rebuild is asked). */
export async function ensureDataset(target: Target, size: DatasetSize, options: { rebuild?: boolean } = {}): Promise<Dataset> {
  let db = await open(target);
  try {
    const meta = await readMeta(db);
    const same = meta?.status === 'complete' && sameSize(meta.size, size) && meta.version === DATASET_VERSION;
    if (same && !options.rebuild) {
      log(`reusing the data set built ${meta.builtAt}: ${describeSize(meta.size)}`);
      return {
        target,
        size,
        builtAt: meta.builtAt,
        buildSeconds: meta.buildSeconds,
        counts: meta.counts,
        adminEmail: BENCH_ADMIN_EMAIL,
        adminPassword: BENCH_PASSWORD,
        reused: true,
      };
    }
    if (meta?.status === 'complete' && !options.rebuild) {
      const why = sameSize(meta.size, size) ? 'written by an older version of the bench (no audit log)' : `of another size (${describeSize(meta.size)})`;
      throw new Error(`This database holds a bench data set ${why}; pass --rebuild to replace it`);
    }
    if (!meta && !options.rebuild && (await holdsData(db))) {
      throw new Error('This database holds data that is not a bench data set; name another database, or pass --rebuild to wipe it');
    }
    if (meta || options.rebuild) {
      log(meta?.status === 'building' ? 'an earlier build did not finish: starting again' : 'dropping the old data set');
      db = await wipe(db, target);
    }
    return await build(db, target, size);
  } finally {
    await db.close();
  }
}

async function build(db: BenchDb, target: Target, size: DatasetSize): Promise<Dataset> {
  const started = Date.now();
  const step = async (label: string, work: () => Promise<unknown>) => {
    const at = Date.now();
    await work();
    log(`${label} (${((Date.now() - at) / 1000).toFixed(0)} s, ${((Date.now() - started) / 60000).toFixed(1)} min in)`);
  };
  log(`building ${describeSize(size)} in ${target.kind === 'pglite' ? `PGlite ${pgliteDir(target)}` : 'PostgreSQL'}`);
  await step('migrations', () => migrate(db.handle()));
  await db.exec(`CREATE TABLE bench_meta (key text PRIMARY KEY, value jsonb NOT NULL)`);
  const meta: Meta = { status: 'building', version: DATASET_VERSION, size, builtAt: new Date().toISOString(), buildSeconds: 0, counts: {} };
  await db.query(`INSERT INTO bench_meta (key, value) VALUES ('dataset', $1)`, [JSON.stringify(meta)]);

  // Triggers (the roll-ups) and foreign-key checks are off for this session; the rows are built consistent.
  await db.exec(`SET session_replication_role = replica; SET TimeZone = 'UTC'`);
  await db.exec(
    target.kind === 'pglite'
      ? `SET work_mem = '32MB'; SET maintenance_work_mem = '256MB'`
      : `SET work_mem = '128MB'; SET maintenance_work_mem = '512MB'; SET synchronous_commit = off; SET jit = off`,
  );
  await db.exec(CREATE_FUNCTIONS);

  const passwordHash = await hashPassword(BENCH_PASSWORD);
  await step('staff, unions and agents', async () => {
    await createParams(db, passwordHash);
    await insertStaffAndAgents(db, size);
    await insertPlansAndCharges(db);
  });
  await step('motorists planned', () => stageMotorists(db, size));
  let subscriptionPayments = 0;
  await step('activity planned', async () => {
    subscriptionPayments = await planActivity(db, size);
  });
  log(`  ${subscriptionPayments.toLocaleString('en')} subscription payments will be written`);
  await step('secondary indexes dropped for the load', async () => {
    await createStaging(db);
    await dropSecondaryIndexes(db);
  });

  const penaltyPayments = size.payments * size.penaltyShare;
  for (let lo = 1; lo <= size.motorists; lo += size.chunk) {
    const hi = Math.min(size.motorists, lo + size.chunk - 1);
    await step(`motorists ${lo.toLocaleString('en')}–${hi.toLocaleString('en')} of ${size.motorists.toLocaleString('en')}`, async () => {
      await insertMotorists(db, lo, hi);
      await stageTickets(db, lo, hi, Math.round((penaltyPayments * (hi - lo + 1)) / size.motorists));
    });
  }
  for (const table of ['scans', 'subscription_payments', 'penalty_payments']) {
    await step(`${table} written in time order`, () => writeInTimeOrder(db, table, log));
  }
  await step('audit log of the registrations, approvals and suspensions', () => insertAuditLog(db));
  await step('receipt numbers checked unique', async () => log(`  ${await redrawDuplicateReceipts(db)} drawn again`));
  await step('indexes built', () => restoreIndexes(db, log));
  await step('roll-ups counted', () => rebuildRollups(db));
  await step('stakeholders and payouts', () => insertStakeholders(db));
  await step('list counts', async () =>
    log(`  rebuild_list_counts(): ${(await rebuildListCounts(db)) ? 'called' : 'not in this schema (no migration 0006 yet)'}`),
  );
  const counts = await verifyDataset(db, log);
  await db.exec(`
    DROP TABLE bench_stage_params, bench_stage_staff, bench_stage_agents, bench_stage_pool, bench_stage_pick, bench_stage_motorists,
               bench_chunk_scans, bench_chunk_penalty_payments, bench_chunk_owed;
    ${DROP_FUNCTIONS}
    RESET session_replication_role`);
  await step('VACUUM and ANALYZE', async () => log(`  ${await db.maintain()}`));

  const done: Meta = {
    status: 'complete',
    version: DATASET_VERSION,
    size,
    builtAt: new Date().toISOString(),
    buildSeconds: Math.round((Date.now() - started) / 1000),
    counts,
  };
  await db.query(`UPDATE bench_meta SET value = $1 WHERE key = 'dataset'`, [JSON.stringify(done)]);
  log(
    `ready in ${(done.buildSeconds / 60).toFixed(1)} min: ${Object.entries(counts)
      .map(([k, v]) => `${k} ${v.toLocaleString('en')}`)
      .join(', ')}`,
  );
  return {
    target,
    size,
    builtAt: done.builtAt,
    buildSeconds: done.buildSeconds,
    counts,
    adminEmail: BENCH_ADMIN_EMAIL,
    adminPassword: BENCH_PASSWORD,
    reused: false,
  };
}

export function sizeFor(target: Target, args: Map<string, string>): DatasetSize {
  return sizeFromArgs(args, target.kind === 'pglite' ? PGLITE_SIZE : POSTGRES_SIZE);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = parseArgs(process.argv.slice(2));
  const target = targetFromArgs(args);
  const dataset = await ensureDataset(target, sizeFor(target, args), { rebuild: args.has('rebuild') });
  console.log(`Sign in as ${dataset.adminEmail} / ${dataset.adminPassword}`);
}
