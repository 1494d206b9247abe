/**
 * Issue 49: "npm run seed:demo with 2,000 motorists ≤ 60 s on PGlite on this machine".
 *
 *   npx tsx bench/seed.ts [--motorists 2000] [--postgres postgres://postgres@127.0.0.1:5432] [--before <commit> --before-motorists 300]
 *
 * Runs the seed's command (apps/api/src/seed-demo/main.ts, as `npm run seed:demo` does) as a child
 * process, timed from spawn to exit (Node's start, migrations, the seed, closing the database), with
 * its CPU (user + system, from /usr/bin/time): on a fresh PGlite in a temporary DATA_DIR, and, with
 * --postgres, on a throw-away database created on that server and dropped after. With --before, the
 * seed-demo folder of that commit is put beside this one for the run (and removed after) and both
 * seed the same number of motorists on PGlite, one after the other: a ratio taken side by side.
 * Prints a Markdown section for bench/seed-results.md, with the load average before and after.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { parseArgs } from './dataset/sizes.ts';

const args = parseArgs(process.argv.slice(2));
const MOTORISTS = Number(args.get('motorists') ?? 2000);
const POSTGRES = args.get('postgres');
const BEFORE = args.get('before');
const BEFORE_MOTORISTS = Number(args.get('before-motorists') ?? 300);
const ROOT = path.resolve(import.meta.dirname, '..');

interface Run {
  label: string;
  wall: number;
  cpu: number;
  /** The seed's own line: "Demo data ready in … s" and its parts. */
  reported: string[];
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

function seed(label: string, folder: string, motorists: number, env: Record<string, string>): Run {
  const childEnv: Record<string, string | undefined> = { ...process.env, ...env, DEMO_MOTORISTS: String(motorists) };
  // An empty value unsets (DATABASE_URL for PGlite).
  for (const [key, value] of Object.entries(env)) if (value === '') delete childEnv[key];
  const started = performance.now();
  const child = spawnSync('/usr/bin/time', ['-f', 'CPU %U %S', process.execPath, '--import', 'tsx', path.join(ROOT, 'apps/api/src', folder, 'main.ts')], {
    cwd: ROOT,
    env: childEnv,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const wall = (performance.now() - started) / 1000;
  if (child.status !== 0) throw new Error(`${label} failed:\n${child.stdout}\n${child.stderr}`);
  const [, user, system] = /CPU ([\d.]+) ([\d.]+)/.exec(child.stderr) ?? [];
  const lines = child.stdout.split('\n');
  const from = lines.findIndex((line) => line.startsWith('Demo data ready'));
  return { label, wall, cpu: Number(user) + Number(system), reported: lines.slice(from, from + 8).filter((line) => line && !line.startsWith('Created')) };
}

function onPglite(label: string, folder: string, motorists: number): Run {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'seed-bench-'));
  try {
    return seed(label, folder, motorists, { DATA_DIR: dataDir, DATABASE_URL: '' });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(server: string, motorists: number): Promise<Run> {
  const name = `seed_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'seed-bench-'));
  try {
    return seed(`PostgreSQL, ${motorists} motorists`, 'seed-demo', motorists, { DATA_DIR: dataDir, DATABASE_URL: `${server.replace(/\/[^/]*$/, '')}/${name}` });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The seed-demo folder of another commit, beside this one for the run. */
function withBefore<T>(commit: string, run: (folder: string) => T): T {
  const folder = '.seed-demo-before';
  const target = path.join(ROOT, 'apps/api/src', folder);
  rmSync(target, { recursive: true, force: true });
  execFileSync('sh', ['-c', `mkdir -p '${target}' && git archive '${commit}' apps/api/src/seed-demo | tar -x --strip-components=4 -C '${target}'`], {
    cwd: ROOT,
  });
  try {
    return run(folder);
  } finally {
    rmSync(target, { recursive: true, force: true });
  }
}

const loadBefore = load();
const runs: Run[] = [];
runs.push(onPglite(`PGlite, ${MOTORISTS} motorists`, 'seed-demo', MOTORISTS));
if (POSTGRES) runs.push(await onPostgres(POSTGRES, MOTORISTS));
if (BEFORE) {
  runs.push(withBefore(BEFORE, (folder) => onPglite(`PGlite, ${BEFORE_MOTORISTS} motorists, before (${BEFORE.slice(0, 7)})`, folder, BEFORE_MOTORISTS)));
  runs.push(onPglite(`PGlite, ${BEFORE_MOTORISTS} motorists, now`, 'seed-demo', BEFORE_MOTORISTS));
}

console.log(`### ${new Date().toISOString().slice(0, 16)}Z\n`);
console.log(`Command: \`npx tsx bench/seed.ts ${process.argv.slice(2).join(' ')}\`; ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), shared.`);
console.log(`Load average (1, 5, 15 min) before: ${loadBefore}; after: ${load()}.\n`);
console.log('| run | wall, spawn to exit | CPU (user + sys) |');
console.log('| --- | ---: | ---: |');
for (const run of runs) console.log(`| ${run.label} | ${run.wall.toFixed(1)} s | ${run.cpu.toFixed(1)} s |`);
for (const run of runs) console.log(`\n${run.label}, as the seed reported it:\n\n\`\`\`\n${run.reported.join('\n')}\n\`\`\``);
