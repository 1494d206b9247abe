import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlledClock, createPerson, createTestContext, TEST_DB, type TestContext } from '../../../test/harness.ts';
import { rowsOf } from '../../db/rows.ts';
import { createJobRunner, type Job } from './index.ts';

const HOUR_MS = 3_600_000;
const clock = controlledClock('2026-04-01T10:00:00Z');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(async () => ctx.close());

const runnerWith = (...jobs: Job[]) => {
  const runner = createJobRunner({ database: ctx.database, clock, log: ctx.app.log });
  for (const job of jobs) runner.register(job);
  return runner;
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`the job runner (${TEST_DB})`, () => {
  it('runs a job once per period however many runners ask, and again when it is due', async () => {
    let runs = 0;
    const job: Job = { name: 'count-once', everyMs: HOUR_MS, run: async () => void (runs += 1) };
    const [first, second] = [runnerWith(job), runnerWith(job)];
    expect(await first.run('count-once')).toBe('ran');
    expect(await second.run('count-once')).toBe('not-due');
    expect(await first.run('count-once')).toBe('not-due');
    expect(runs).toBe(1);

    clock.advance(HOUR_MS);
    expect(await second.run('count-once')).toBe('ran');
    expect(runs).toBe(2);
  });

  it('never runs a job twice at the same time: a runner asking meanwhile is told it is busy or not due', async () => {
    let running = 0;
    let most = 0;
    const job: Job = {
      name: 'slow',
      everyMs: HOUR_MS,
      run: async () => {
        running += 1;
        most = Math.max(most, running);
        await pause(200);
        running -= 1;
      },
    };
    const runners = [runnerWith(job), runnerWith(job), runnerWith(job)];
    const results = await Promise.all(runners.map((runner) => runner.run('slow')));
    expect(results.filter((result) => result === 'ran')).toHaveLength(1);
    expect(results.filter((result) => result !== 'ran').every((result) => result === 'busy' || result === 'not-due')).toBe(true);
    expect(most).toBe(1);
  });

  it('records what a run did; a failed run is thrown, recorded, and not retried before its period', async () => {
    let fail = true;
    const runner = runnerWith({
      name: 'flaky',
      everyMs: HOUR_MS,
      run: async () => {
        if (fail) throw new Error('the disk is full');
        return 'tidied 3 things';
      },
    });
    expect(await runner.runDue()).toEqual({ flaky: 'failed' });
    const outcome = async () => (await rowsOf<{ outcome: string }>(ctx.database.db, sql`SELECT outcome FROM job_runs WHERE name = 'flaky'`))[0].outcome;
    expect(await outcome()).toBe('failed: the disk is full');
    fail = false;
    expect(await runner.run('flaky')).toBe('not-due');
    clock.advance(HOUR_MS);
    expect(await runner.run('flaky')).toBe('ran');
    expect(await outcome()).toBe('tidied 3 things');
  });

  it('refuses a second job of the same name, and an unknown name', async () => {
    const job: Job = { name: 'twice', everyMs: 1, run: async () => undefined };
    const runner = runnerWith(job);
    expect(() => runner.register(job)).toThrow('registered already');
    await expect(runner.run('nobody')).rejects.toThrow('No job named nobody');
  });
});

describe(`housekeeping jobs (${TEST_DB})`, () => {
  it('prune idempotency keys older than the retention (7 days by default), keeping newer ones', async () => {
    const agent = await createPerson(ctx, { role: 'remitter' });
    const now = clock.now().getTime();
    const ages = { old: 8, edge: 6.9, fresh: 0.1 };
    for (const [key, days] of Object.entries(ages)) {
      const at = new Date(now - days * 24 * HOUR_MS).toISOString();
      await ctx.database.db.execute(
        sql`INSERT INTO idempotency_keys (agent_id, key, operation, request_hash, created_at) VALUES (${agent.id}, ${key}, 'pay', 'h', ${at}::timestamptz)`,
      );
    }
    clock.advance(HOUR_MS);
    expect(await ctx.app.jobs.run('prune-idempotency-keys')).toBe('ran');
    const left = await rowsOf<{ key: string }>(ctx.database.db, sql`SELECT key FROM idempotency_keys WHERE agent_id = ${agent.id} ORDER BY key`);
    expect(left.map((row) => row.key)).toEqual(['edge', 'fresh']);
  });

  it('are registered on the app: counters, idempotency keys, and on PGlite the vacuum', () => {
    const expected = ['compact-counts', 'prune-idempotency-keys', ...(TEST_DB === 'pglite' ? ['vacuum-like-autovacuum'] : [])];
    expect(ctx.app.jobs.names()).toEqual(expect.arrayContaining(expected));
  });
});
