/**
 * Issue 46: "recording a look adds at most 1 ms to a details view's p95".
 *
 *   npx tsx bench/personal-data-access.ts [--views 600]                                      # PGlite
 *   TEST_DB=postgres TEST_DATABASE_URL=postgres://… npx tsx bench/personal-data-access.ts   # PostgreSQL
 *
 * Serves a person's details (the whole server-side work of GET /api/user/{id}/details but the HTTP
 * layer: the person query, the masking, and the look's INSERT into personal_data_access awaited
 * before the reply) on a fresh migrated database, alternating, in random order per pair, a view
 * that records its look with one whose recorder records nothing. The HTTP layer adds the same time
 * to both. CPU per view is this process's (user + system, process.cpuUsage) over each side's calls:
 * on PGlite it holds the database's work too; on PostgreSQL the server's backend is not counted.
 * Prints a Markdown section for bench/personal-data-access-results.md.
 */
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from './dataset/sizes.ts';
import { systemClock } from '../apps/api/src/lib/clock.ts';
import { sql } from 'drizzle-orm';
import { createAccessRecorder, recordLooks, type AccessRecorder } from '../apps/api/src/modules/access-record/index.ts';
import { createPersonQuery } from '../apps/api/src/modules/people/person-query.ts';
import { createPersonRecords } from '../apps/api/src/modules/people/person-records.ts';
import { createPeopleListService } from '../apps/api/src/modules/people/lists/service.ts';
import { createTestContext, TEST_DB } from '../apps/api/test/harness.ts';
import { createMotorist, session } from '../apps/api/test/tickets.ts';

const args = parseArgs(process.argv.slice(2));
const VIEWS = Number(args.get('views') ?? 600);
const WARMUP = 60;
const PEOPLE = 40;

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), mean: samples.reduce((sum, x) => sum + x, 0) / samples.length };
};

const ctx = await createTestContext();
try {
  const admin = await session(ctx, { role: 'admin' });
  const people: string[] = [];
  for (let i = 0; i < PEOPLE; i += 1) people.push((await createMotorist(ctx, 'keke')).id);

  const query = createPersonQuery(ctx.database.db);
  const toRecords = createPersonRecords({ clock: systemClock });
  const notRecording: AccessRecorder = async () => {};
  // For comparison only (not what the app does): the INSERT's commit not waiting for the WAL flush,
  // which may lose the last looks of a database crash.
  const flushNotAwaited: AccessRecorder = (looks) =>
    ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL synchronous_commit = off`);
      await recordLooks(tx, looks);
    });
  const services = {
    recording: createPeopleListService({ query, toRecords, recordLooks: createAccessRecorder(ctx.database.db), clock: systemClock }),
    'not recording': createPeopleListService({ query, toRecords, recordLooks: notRecording, clock: systemClock }),
    'recording, commit without flush': createPeopleListService({ query, toRecords, recordLooks: flushNotAwaited, clock: systemClock }),
  };
  type SideName = keyof typeof services;
  const SIDES = Object.keys(services) as SideName[];
  const samples: Record<SideName, number[]> = { recording: [], 'not recording': [], 'recording, commit without flush': [] };
  const cpuMs: Record<SideName, number> = { recording: 0, 'not recording': 0, 'recording, commit without flush': 0 };
  const origin = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (bench) console' };
  let turn = 0;
  const view = async (side: SideName) => {
    const id = people[turn++ % people.length];
    const cpu = process.cpuUsage();
    const started = performance.now();
    await services[side].detail(admin.person, id, origin);
    const elapsed = performance.now() - started;
    const used = process.cpuUsage(cpu);
    return { elapsed, cpu: (used.user + used.system) / 1000 };
  };

  for (let i = 0; i < WARMUP; i += 1) for (const side of SIDES) await view(side);
  for (let i = 0; i < VIEWS; i += 1) {
    const order = [...SIDES].sort(() => Math.random() - 0.5);
    for (const side of order) {
      const { elapsed, cpu } = await view(side);
      samples[side].push(elapsed);
      cpuMs[side] += cpu;
    }
  }

  const recording = summary(samples.recording);
  const without = summary(samples['not recording']);
  const unflushed = summary(samples['recording, commit without flush']);
  const ms = (value: number) => value.toFixed(2);
  const added = (side: typeof recording, key: 'p50' | 'p95' | 'mean') => `${ms(side[key] - without[key])} ms`;
  const cpuPerView = (side: SideName) => ms(cpuMs[side] / VIEWS);
  console.log(`### ${TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${new Date().toISOString().slice(0, 16)}Z`);
  console.log('');
  console.log(
    `${VIEWS} details views each way after ${WARMUP} each of warm-up, alternating in random order over ${PEOPLE} motorists; ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), shared.`,
  );
  console.log('');
  console.log('| details view, server side | p50 ms | p95 ms | mean ms | CPU ms per view (this process) |');
  console.log('|---|---|---|---|---|');
  console.log(`| recording the look | ${ms(recording.p50)} | ${ms(recording.p95)} | ${ms(recording.mean)} | ${cpuPerView('recording')} |`);
  console.log(`| not recording | ${ms(without.p50)} | ${ms(without.p95)} | ${ms(without.mean)} | ${cpuPerView('not recording')} |`);
  console.log(
    `| added by the record | ${added(recording, 'p50')} | ${added(recording, 'p95')} | ${added(recording, 'mean')} | ${ms((cpuMs.recording - cpuMs['not recording']) / VIEWS)} |`,
  );
  console.log(
    `| (comparison) recording, commit without WAL flush | ${ms(unflushed.p50)} | ${ms(unflushed.p95)} | ${ms(unflushed.mean)} | ${cpuPerView('recording, commit without flush')} |`,
  );
} finally {
  await ctx.close();
}
