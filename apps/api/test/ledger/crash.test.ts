import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../src/db/connect.ts';
import { rowsOf } from '../../src/db/rows.ts';
import { ledgerQueries } from '../../src/modules/ledger/repository.ts';
import { createTestContext, TEST_DB, type TestContext } from '../harness.ts';
import { createMotorist, session } from '../tickets.ts';

/**
 * Issue 42: "kill -9 during a posting: no half entry", and two processes posting at once. Real
 * processes (poster.ts) record payments through the field service until SIGKILL stops them, most
 * likely inside a payment's transaction; the ledger they leave is then checked whole. On PGlite one
 * process (its files reopened after the kill, as a restart would); on PostgreSQL two at once.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const poster = path.join(import.meta.dirname, 'poster.ts');
const PAYMENTS_BEFORE_KILL = 25;

let ctx: TestContext;
let planId: string;
const folders: string[] = [];
beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await session(ctx, { role: 'admin' });
  const reply = await ctx.app.inject({
    method: 'POST',
    url: '/api/subscription',
    headers: await admin.headers(),
    payload: { name: 'daily', vehicleType: 'keke', price: 150.25 },
  });
  planId = reply.json().data.id;
}, 60_000);
afterAll(async () => {
  await ctx.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A remitter and the motorist they take payments from. */
async function newPayer() {
  const motorist = await createMotorist(ctx, 'keke');
  const agent = await session(ctx, { role: 'remitter' });
  return { agentId: agent.person.id, userCode: motorist.userCode };
}

/** Starts a poster for the payer; resolves once it has committed `count` payments. */
async function startPoster(env: Record<string, string>, payer: { agentId: string; userCode: string }, count: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', poster], {
    cwd: repoRoot,
    env: { ...process.env, ...env, AGENT_ID: payer.agentId, USER_CODE: payer.userCode, PLAN_ID: planId },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 90_000;
  while (!printed.includes(`paid ${count}\n`)) {
    if (child.exitCode !== null) throw new Error(`the poster stopped (exit ${child.exitCode}):\n${printed}`);
    if (Date.now() > deadline) throw new Error(`the poster did not pay ${count} times in 90 s:\n${printed}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    agentId: payer.agentId,
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
      return Number(/paid (\d+)\n(?![\s\S]*paid)/.exec(printed)?.[1] ?? 0);
    },
  };
}

/** The books a crash left: whole entries, each payment with exactly its own, balances equal to their lines. */
async function expectWholeBooks(database: DatabaseHandle, agents: Array<{ agentId: string; paid: number }>) {
  const ledger = ledgerQueries(database.db);
  expect(await ledger.unbalancedEntries()).toEqual([]);
  expect(await ledger.recordDifferences()).toEqual([]);
  expect(await ledger.balanceDifferences()).toEqual([]);
  expect(await ledger.total()).toBe(0);
  for (const { agentId, paid } of agents) {
    const [row] = await rowsOf<{ payments: number; lines: number; till: string }>(
      database.db,
      sql`SELECT (SELECT count(*)::int FROM subscription_payments WHERE remitter_id = ${agentId}::uuid) AS payments,
                 (SELECT count(*)::int FROM ledger_lines WHERE account_code = ${`till:${agentId}`}) AS lines,
                 (SELECT coalesce(sum(debits_kobo - credits_kobo), 0)::text FROM ledger_balances WHERE account_code = ${`till:${agentId}`}) AS till`,
    );
    // Every payment it was told of is there; at most one more (committed, killed before it printed).
    expect(row.payments - paid).toBeGreaterThanOrEqual(0);
    expect(row.payments - paid).toBeLessThanOrEqual(1);
    expect({ lines: row.lines, till: Number(row.till) }).toEqual({ lines: row.payments, till: row.payments * 15025 });
  }
}

describe(`kill -9 during postings (${TEST_DB})`, () => {
  it.runIf(TEST_DB === 'pglite')(
    'leaves no half entry in the PGlite files it was writing',
    async () => {
      const payer = await newPayer();
      const folder = mkdtempSync(path.join(tmpdir(), 'eticket-ledger-crash-'));
      folders.push(folder);
      const image = path.join(folder, 'image.tar');
      writeFileSync(image, Buffer.from(await (await ctx.database.dumpDataDir!()).arrayBuffer()));
      const pgliteDir = path.join(folder, 'pglite');
      const running = await startPoster({ PGLITE_DIR: pgliteDir, PGLITE_IMAGE: image }, payer, PAYMENTS_BEFORE_KILL);
      const paid = await running.kill();
      const reopened = await connectDatabase({ pgliteDir });
      try {
        await expectWholeBooks(reopened, [{ agentId: running.agentId, paid }]);
      } finally {
        await reopened.close();
      }
    },
    180_000,
  );

  it.runIf(TEST_DB === 'postgres')(
    'two processes posting at once, both killed mid-way: whole entries, balances equal to their lines',
    async () => {
      const env = { DATABASE_URL: ctx.databaseUrl! };
      const [first, second] = await Promise.all([
        startPoster(env, await newPayer(), PAYMENTS_BEFORE_KILL),
        startPoster(env, await newPayer(), PAYMENTS_BEFORE_KILL),
      ]);
      const paid = await Promise.all([first.kill(), second.kill()]);
      // The server ends a killed client's session and rolls its open transaction back.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await expectWholeBooks(ctx.database, [
        { agentId: first.agentId, paid: paid[0] },
        { agentId: second.agentId, paid: paid[1] },
      ]);
    },
    180_000,
  );
});
