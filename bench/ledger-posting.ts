/**
 * Issue 42: "posting the entry adds at most 10 % to a payment's server time".
 *
 *   npx tsx bench/ledger-posting.ts [--payments 400]                              # PGlite
 *   TEST_DB=postgres TEST_DATABASE_URL=postgres://… npx tsx bench/ledger-posting.ts   # PostgreSQL
 *
 * Records field subscription payments through the field service (the whole server-side work of
 * POST /api/field/subscription-payment but the HTTP layer: the idempotency key, the locked context,
 * the payment, the subscription, the receipt text, the key's answer, one transaction) on a fresh
 * migrated database, alternating, in random order per pair, a payment that posts its ledger entry
 * with one whose ledger is told to post nothing. The HTTP layer is left out on purpose: it adds the
 * same time to both, so the share the posting takes of the real request is smaller than measured.
 * Prints a Markdown section for bench/ledger-results.md.
 */
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { StringChunk, type SQL } from 'drizzle-orm';
import { parseArgs } from './dataset/sizes.ts';
import type { Database } from '../apps/api/src/db/connect.ts';
import { systemClock } from '../apps/api/src/lib/clock.ts';
import { createFieldRepository, type FieldRepository } from '../apps/api/src/modules/field/repository.ts';
import { createFieldService } from '../apps/api/src/modules/field/service.ts';
import { createTestContext, NO_CASH_LIMITS, TEST_DB } from '../apps/api/test/harness.ts';
import { createMotorist, session } from '../apps/api/test/tickets.ts';

const args = parseArgs(process.argv.slice(2));
const PAYMENTS = Number(args.get('payments') ?? 400);
const WARMUP = 50;
const MOTORISTS = 40;

/** The transaction's handle, but the ledger's one statement (ledger_post, modules/ledger) answers without running. */
function skippingLedgerPost(tx: Database): Database {
  const isLedgerPost = (query: SQL) => query.queryChunks.some((chunk) => chunk instanceof StringChunk && chunk.value.join('').includes('ledger_post('));
  return new Proxy(tx, {
    get: (target, property, receiver) =>
      property === 'execute'
        ? (query: SQL) => (isLedgerPost(query) ? Promise.resolve({ rows: [{ id: 'not posted' }] }) : target.execute(query))
        : Reflect.get(target, property, receiver),
  });
}

/** The field repository, but its transactions' ledger posts nothing: the payment as it was before the ledger. */
function withoutPosting(repository: FieldRepository): FieldRepository {
  return {
    ...repository,
    transaction: (work) => repository.transaction((unit) => work({ ...unit, tx: skippingLedgerPost(unit.tx) })),
  };
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), mean: samples.reduce((sum, x) => sum + x, 0) / samples.length };
};

const ctx = await createTestContext();
try {
  const admin = await session(ctx, { role: 'admin' });
  const remitter = await session(ctx, { role: 'remitter' });
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/subscription',
    headers: await admin.headers(),
    payload: { name: 'daily', vehicleType: 'keke', price: 200 },
  });
  const planId = created.json().data.id as string;
  const motorists: Array<{ userCode: string }> = [];
  for (let i = 0; i < MOTORISTS; i += 1) motorists.push(await createMotorist(ctx, 'keke'));

  const repository = createFieldRepository(ctx.database.db);
  const services = {
    posting: createFieldService({ repository, clock: systemClock, options: { tills: NO_CASH_LIMITS } }),
    'not posting': createFieldService({ repository: withoutPosting(repository), clock: systemClock, options: { tills: NO_CASH_LIMITS } }),
  };
  const samples: Record<keyof typeof services, number[]> = { posting: [], 'not posting': [] };
  let turn = 0;
  const pay = async (side: keyof typeof services) => {
    const motorist = motorists[turn++ % motorists.length];
    const input = { userCode: motorist.userCode, subscriptionId: planId, modeOfPayment: 'cash' as const };
    const started = performance.now();
    await services[side].subscriptionPayment(remitter.person, randomUUID(), input);
    return performance.now() - started;
  };

  for (let i = 0; i < WARMUP; i += 1) for (const side of ['posting', 'not posting'] as const) await pay(side);
  for (let i = 0; i < PAYMENTS; i += 1) {
    const order = Math.random() < 0.5 ? (['posting', 'not posting'] as const) : (['not posting', 'posting'] as const);
    for (const side of order) samples[side].push(await pay(side));
  }

  const withPosting = summary(samples.posting);
  const without = summary(samples['not posting']);
  const added = (key: 'p50' | 'p95' | 'mean') => `${(((withPosting[key] - without[key]) / without[key]) * 100).toFixed(1)} %`;
  const ms = (value: number) => value.toFixed(2);
  console.log(`### ${TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${new Date().toISOString().slice(0, 16)}Z`);
  console.log('');
  console.log(
    `${PAYMENTS} payments each way after ${WARMUP} each of warm-up, alternating in random order; ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), shared.`,
  );
  console.log('');
  console.log('| field payment, server side | p50 ms | p95 ms | mean ms |');
  console.log('|---|---|---|---|');
  console.log(`| with the ledger entry | ${ms(withPosting.p50)} | ${ms(withPosting.p95)} | ${ms(withPosting.mean)} |`);
  console.log(`| without it | ${ms(without.p50)} | ${ms(without.p95)} | ${ms(without.mean)} |`);
  console.log(`| added by the posting | ${added('p50')} | ${added('p95')} | ${added('mean')} |`);
} finally {
  await ctx.close();
}
