/**
 * npx tsx bench/speed-tricks.ts [--seconds 4] [--slices 2] [--rounds 1] [--only <text>[,<text>…]|--all] [--tricks a,b]
 *                               [--against <main.js> [--label <name>]] [--out <file>] [--motorists N --agents N --scans N --payments N]
 *
 * What each speed trick of apps/api/src/platform/speed buys: the real server as it runs, beside the
 * same build started with one trick off (BENCH_SPEED_OFF), each call measured on both in alternating
 * slices (interleave.ts) with 10 clients (a heavy call: as many as calls.ts gives it), on the data
 * set of `npm run bench`. The figure is the server's CPU per request (steadier than latency on a
 * shared machine), and PostgreSQL's.
 * Writes bench/speed-tricks-results.md. With --against, the other side is another build of the
 * server (another checkout's apps/api/dist/main.js) instead of a trick turned off: a change's cost in
 * one run (bench/before-after-results.md, or --out: the file of a change's own figures).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { benchCalls, type Call, namedBy, urlOf } from './calls.ts';
import { readContext } from './context.ts';
import { ensureDataset, sizeFor, targetFromArgs } from './dataset/build.ts';
import { openPostgres } from './dataset/db.ts';
import { parseArgs } from './dataset/sizes.ts';
import { cpuMeter } from './cpu.ts';
import { combine, interleaved, type Side } from './interleave.ts';
import { loadTest, type Measure, requireWrk } from './load.ts';
import { cpuMs, describeMachine } from './report.ts';
import { buildIfStale, type RunningServer, signInAsCallers, startServer } from './server.ts';

const TRICKS = ['inline-choices', 'row-mapper', 'pool-direct', 'json-projection'] as const;
/** A list of each kind and a dashboard: the calls the tricks were made for. */
const DEFAULT_CALLS = [
  'motorists: first page',
  'motorists: search',
  'registrars: status pending',
  'scans: first page',
  'subscription payments: page 500',
  'audit log: first page',
  'admin dashboard: month',
];

const args = parseArgs(process.argv.slice(2));
const target = targetFromArgs(args);
if (target.kind !== 'postgres') throw new Error('speed-tricks measures on PostgreSQL only');
const seconds = Number(args.get('seconds') ?? 4);
const slices = Number(args.get('slices') ?? 2);
const rounds = Number(args.get('rounds') ?? 1);
const only = args.get('only');
const against = args.get('against');
const tricks = against ? [args.get('label') ?? 'before'] : ((args.get('tricks')?.split(',') ?? [...TRICKS]) as string[]);
const log = (line: string) => console.log(`[speed-tricks] ${line}`);

requireWrk();
const dataset = await ensureDataset(target, sizeFor(target, args), { rebuild: false });
const db = await openPostgres(target.url);
const context = await readContext(db);
const machine = await describeMachine(db);
await db.close();
const calls = benchCalls(context).filter((call) =>
  args.has('all') ? call.kind !== 'allocation' : only ? namedBy(only)(call) : DEFAULT_CALLS.includes(call.name),
);
buildIfStale();

interface Running {
  server: RunningServer;
  side(call: Call): Side;
}
async function start(env: Record<string, string>, bundle?: string): Promise<Running> {
  const server = await startServer(target, env, bundle);
  const tokenOf = await signInAsCallers(server.baseUrl, calls, dataset, context);
  const meter = cpuMeter(server.pid, target.kind === 'postgres' ? target.url : null);
  return {
    server,
    side: (call) => (sliceSeconds, warm) =>
      loadTest(server.baseUrl + urlOf(call), tokenOf(call), {
        connections: call.heavy?.connections ?? 10,
        seconds: sliceSeconds,
        warmupSeconds: warm ? 1 : 0,
        meter,
      }),
  };
}

interface Line {
  trick: string;
  call: string;
  on: Measure;
  off: Measure;
}
const lines: Line[] = [];
const on = await start({});
try {
  for (const trick of tricks) {
    const off = against ? await start({}, path.resolve(against)) : await start({ BENCH_SPEED_OFF: trick });
    try {
      for (const call of calls) {
        const parts: Measure[][] = [[], []];
        for (let round = 0; round < rounds; round += 1) {
          const [onParts, offParts] = await interleaved([on.side(call), off.side(call)], seconds, slices);
          parts[0].push(...onParts);
          parts[1].push(...offParts);
        }
        const line = { trick, call: call.name, on: combine(parts[0]), off: combine(parts[1]) };
        lines.push(line);
        log(`${trick} off, ${call.name}: server ${cpuMs(line.on.cpu?.serverMs)} → ${cpuMs(line.off.cpu?.serverMs)} ms/req`);
      }
    } finally {
      await off.server.stop();
    }
  }
} finally {
  await on.server.stop();
}

const ratio = (line: Line) => {
  const [a, b] = [line.on.cpu?.serverMs, line.off.cpu?.serverMs];
  return a && b ? (b / a).toFixed(2) : '–';
};
const table = [
  against
    ? '| other build | call | server CPU ms/req: this build | other | other/this | PostgreSQL CPU ms/req: this | other | p50 ms: this | other |'
    : '| trick turned off | call | server CPU ms/req: on | off | off/on | PostgreSQL CPU ms/req: on | off | p50 ms: on | off |',
  '|---|---|---:|---:|---:|---:|---:|---:|---:|',
  ...lines.map(
    (line) =>
      `| ${line.trick} | ${line.call} | ${cpuMs(line.on.cpu?.serverMs)} | ${cpuMs(line.off.cpu?.serverMs)} | ${ratio(line)} | ` +
      `${cpuMs(line.on.cpu?.databaseMs)} | ${cpuMs(line.off.cpu?.databaseMs)} | ${line.on.p50.toFixed(1)} | ${line.off.p50.toFixed(1)} |`,
  ),
].join('\n');
const file = args.has('out') ? path.resolve(args.get('out')!) : path.join(import.meta.dirname, against ? 'before-after-results.md' : 'speed-tricks-results.md');
writeFileSync(
  file,
  [
    against ? '# Before and after: this build beside another' : '# Speed tricks: what each buys',
    '',
    `Run ${new Date().toISOString()} by \`npx tsx bench/speed-tricks.ts\` (${seconds} s a call and side in ${slices} alternating slices, ${rounds} round${rounds === 1 ? '' : 's'}, 10 clients, a heavy call the fewer calls.ts gives it).`,
    '',
    ...machine.map((line) => `- ${line}`),
    `- Data set: ${Object.entries(dataset.counts)
      .map(([k, v]) => `${k.replace(/_/g, ' ')} ${v.toLocaleString('en')}`)
      .join(', ')}`,
    '',
    (against
      ? `This build of the server beside another (${against}), in alternating slices, both on the same database. `
      : 'The server as it runs ("on") beside the same build with one trick off (BENCH_SPEED_OFF, apps/api/src/platform/speed/switches.ts), both on the same database. ') +
      "CPU ms/req: the server process's CPU time (user and system) over its requests; PostgreSQL's, every local postgres process's (other work on the machine's database counts too).",
    '',
    table,
    '',
  ].join('\n'),
);
console.log(`\n${table}\n\nWritten to ${path.relative(process.cwd(), file)}`);
