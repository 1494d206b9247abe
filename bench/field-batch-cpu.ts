/**
 * Issue 49: the server's CPU per item of `POST /api/field/batch`.
 *
 *   npx tsx bench/field-batch-cpu.ts [--rounds 4] [--base ../other-checkout]           # PGlite
 *   TEST_DB=postgres TEST_DATABASE_URL=postgres://… npx tsx bench/field-batch-cpu.ts    # PostgreSQL
 *
 * `--base DIR`: the same figures of another checkout (the code before a change), measured in the
 * same run: this script is copied into DIR/bench and each checkout runs it twice, in turn (ABAB).
 *
 * On a fresh migrated database (the test harness: scans of a vehicle each count, no cash limit),
 * an enforcer sends batches of 100 scans of eight expired keke riders (the first scan of each a
 * day adds a penalty) and a remitter batches of 100 weekly cash subscriptions, through the app
 * (`inject`: routing, the body's check, the items, the reply). CPU is this process's user + system
 * time (on PGlite the database runs in it, as in the field bench's server), and, on a local
 * PostgreSQL, its processes' too; one warm-up round of each, then `rounds` rounds. Prints Markdown.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpus, loadavg } from 'node:os';
import type { FieldBatchItem } from '@eticket/contracts';
import { parseArgs } from './dataset/sizes.ts';
import { cpuMeter } from './cpu.ts';
import { controlledClock, createTestContext, NO_CASH_LIMITS, TEST_DB } from '../apps/api/test/harness.ts';
import { createMotorist, session } from '../apps/api/test/tickets.ts';

const args = parseArgs(process.argv.slice(2));
const ROUNDS = Number(args.get('rounds') ?? 4);
const BASE = args.get('base');
const JSON_OUT = args.has('json');
const ITEMS = 100;
const RIDERS = 8;

type Samples = Record<'scan' | 'subscription payment', { server: number[]; database: number[] }>;

async function measure(): Promise<Samples> {
  const clock = controlledClock(new Date(Date.now() - 10 * 24 * 3600_000).toISOString());
  const ctx = await createTestContext({ clock, scanRepeatMinutes: 0, tills: NO_CASH_LIMITS });
  try {
    const admin = await session(ctx, { role: 'admin' });
    const enforcer = await session(ctx, { role: 'enforcer' });
    const remitter = await session(ctx, { role: 'remitter' });
    const plan = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscription',
      headers: await admin.headers(),
      payload: { name: 'weekly', vehicleType: 'keke', price: 1000 },
    });
    const planId = plan.json().data.id as string;
    await ctx.app.inject({ method: 'POST', url: '/api/penalty', headers: await admin.headers(), payload: { vehicleType: 'keke', price: 500 } });
    const riders: string[] = [];
    for (let i = 0; i < RIDERS; i += 1) riders.push((await createMotorist(ctx, 'keke')).userCode);
    clock.set(new Date());

    const capturedAt = () => new Date(clock.now().getTime() - 60_000).toISOString();
    const scans = (): FieldBatchItem[] =>
      Array.from({ length: ITEMS }, (_, i) => ({ key: randomUUID(), kind: 'scan', body: { userCode: riders[i % RIDERS], capturedAt: capturedAt() } }));
    const payments = (): FieldBatchItem[] =>
      Array.from({ length: ITEMS }, (_, i) => ({
        key: randomUUID(),
        kind: 'subscription-payment',
        body: { userCode: riders[i % RIDERS], subscriptionId: planId, modeOfPayment: 'cash', capturedAt: capturedAt() },
      }));
    const meter = cpuMeter(process.pid, TEST_DB === 'postgres' ? (process.env.TEST_DATABASE_URL ?? null) : null);
    const send = async (who: typeof enforcer, items: FieldBatchItem[]) => {
      const stop = meter?.start();
      const started = process.cpuUsage();
      const reply = await ctx.app.inject({ method: 'POST', url: '/api/field/batch', headers: await who.headers(), payload: { items } });
      const used = process.cpuUsage(started);
      const results = reply.json().data.results as Array<{ status: number }>;
      if (reply.statusCode !== 200 || results.some((result) => result.status !== 201)) throw new Error(`batch failed: ${reply.body.slice(0, 300)}`);
      return { serverMs: (used.user + used.system) / 1000 / ITEMS, databaseMs: stop?.(ITEMS).databaseMs ?? null };
    };

    const samples = { scan: [] as number[], 'subscription payment': [] as number[] };
    const database = { scan: [] as number[], 'subscription payment': [] as number[] };
    for (let round = 0; round <= ROUNDS; round += 1) {
      const scan = await send(enforcer, scans());
      const payment = await send(remitter, payments());
      if (round === 0) continue;
      samples.scan.push(scan.serverMs);
      samples['subscription payment'].push(payment.serverMs);
      if (scan.databaseMs !== null) database.scan.push(scan.databaseMs);
      if (payment.databaseMs !== null) database['subscription payment'].push(payment.databaseMs);
    }
    return {
      scan: { server: samples.scan, database: database.scan },
      'subscription payment': { server: samples['subscription payment'], database: database['subscription payment'] },
    };
  } finally {
    await ctx.close();
  }
}

/** Runs this script (or its copy in the base checkout) in a process of its own; its samples. */
function measureIn(checkout: string): Samples {
  const script = path.join(checkout, 'bench', path.basename(fileURLToPath(import.meta.url)));
  const out = execFileSync('npx', ['tsx', script, '--json', '--rounds', String(ROUNDS)], {
    cwd: checkout,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as Samples;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (values: number[]) => (values.length ? `${median(values).toFixed(2)} (${values.map((v) => v.toFixed(1)).join(', ')})` : 'n/a');
const header = (rounds: string) => {
  console.log(`### ${TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${new Date().toISOString().slice(0, 16)}Z`);
  console.log('');
  console.log(
    `${rounds} of a ${ITEMS}-item batch each after one of warm-up; ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}.`,
  );
  console.log('');
};
const KINDS = ['scan', 'subscription payment'] as const;

if (JSON_OUT) {
  console.log(JSON.stringify(await measure()));
} else if (BASE) {
  const here = path.resolve(fileURLToPath(import.meta.url), '../..');
  const base = path.resolve(BASE);
  copyFileSync(fileURLToPath(import.meta.url), path.join(base, 'bench', path.basename(fileURLToPath(import.meta.url))));
  const runs = { base: [] as Samples[], this: [] as Samples[] };
  for (let turn = 0; turn < 2; turn += 1) {
    runs.base.push(measureIn(base));
    runs.this.push(measureIn(here));
  }
  const joined = (side: Samples[], kind: (typeof KINDS)[number], of: 'server' | 'database') => side.flatMap((samples) => samples[kind][of]);
  header(`2 × ${ROUNDS} rounds per checkout, in turn (ABAB),`);
  console.log('| batched item | checkout | this process, ms CPU per item: median (rounds) | PostgreSQL, ms CPU per item |');
  console.log('|---|---|---|---|');
  for (const kind of KINDS) {
    console.log(`| ${kind} | base (${BASE}) | ${ms(joined(runs.base, kind, 'server'))} | ${ms(joined(runs.base, kind, 'database'))} |`);
    console.log(`| ${kind} | this | ${ms(joined(runs.this, kind, 'server'))} | ${ms(joined(runs.this, kind, 'database'))} |`);
  }
} else {
  const samples = await measure();
  header(`${ROUNDS} rounds`);
  console.log('| batched item | this process, ms CPU per item: median (rounds) | PostgreSQL, ms CPU per item |');
  console.log('|---|---|---|');
  for (const kind of KINDS) console.log(`| ${kind} | ${ms(samples[kind].server)} | ${ms(samples[kind].database)} |`);
}
