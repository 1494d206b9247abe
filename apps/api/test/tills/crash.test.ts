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
 * Issue 42: "kill -9 during a close: no half entry". Real processes (shift.ts) take cash, close the
 * till short and approve the close, again and again, until SIGKILL stops them, most likely inside
 * one of those transactions; the books and tills they leave are then checked whole. On PGlite one
 * process (its files reopened after the kill, as a restart would); on PostgreSQL two at once.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const shiftScript = path.join(import.meta.dirname, 'shift.ts');
const SHIFTS_BEFORE_KILL = 12;
const PRICE = 150.25;

let ctx: TestContext;
let planId: string;
let managerId: string;
const folders: string[] = [];
beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await session(ctx, { role: 'admin' });
  managerId = (await session(ctx, { role: 'manager', department: 'remitter-manager' })).person.id;
  const reply = await ctx.app.inject({
    method: 'POST',
    url: '/api/subscription',
    headers: await admin.headers(),
    payload: { name: 'daily', vehicleType: 'keke', price: PRICE },
  });
  planId = reply.json().data.id;
}, 60_000);
afterAll(async () => {
  await ctx.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

async function newRemitter() {
  const motorist = await createMotorist(ctx, 'keke');
  const agent = await session(ctx, { role: 'remitter' });
  return { agentId: agent.person.id, userCode: motorist.userCode };
}

/** Starts a shift process for the remitter; resolves once it has worked `count` shifts. */
async function startShifts(env: Record<string, string>, remitter: { agentId: string; userCode: string }, count: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', shiftScript], {
    cwd: repoRoot,
    env: { ...process.env, ...env, AGENT_ID: remitter.agentId, USER_CODE: remitter.userCode, PLAN_ID: planId, MANAGER_ID: managerId, PRICE: String(PRICE) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 90_000;
  while (!printed.includes(`shift ${count}\n`)) {
    if (child.exitCode !== null) throw new Error(`the shifts stopped (exit ${child.exitCode}):\n${printed}`);
    if (Date.now() > deadline) throw new Error(`${count} shifts were not worked in 90 s:\n${printed}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  // Killed a random moment later: inside a payment, a close or an approval.
  await new Promise((resolve) => setTimeout(resolve, Math.random() * 150));
  return {
    agentId: remitter.agentId,
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * Whole books and tills: every entry whole, each payment and approved close with exactly its
 * entries, balances equal to their lines; each close's tills in its state (none half-closed), and
 * each till account holding the cash of the tills not yet closed.
 */
async function expectWholeBooks(database: DatabaseHandle, agentIds: string[]) {
  const ledger = ledgerQueries(database.db);
  expect(await ledger.unbalancedEntries()).toEqual([]);
  expect(await ledger.recordDifferences()).toEqual([]);
  expect(await ledger.balanceDifferences()).toEqual([]);
  expect(await ledger.total()).toBe(0);
  const query = <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(database.db, statement);
  for (const agentId of agentIds) {
    const mismatched = await query<{ id: string; status: string; close_status: string | null }>(sql`
      SELECT t.id, t.status, c.status AS close_status FROM tills t LEFT JOIN till_closes c ON c.id = t.close_id
      WHERE t.remitter_id = ${agentId}::uuid
        AND NOT ((t.status = 'open' AND c.id IS NULL) OR (t.status = 'closing' AND c.status = 'pending') OR (t.status = 'closed' AND c.status = 'approved'))`);
    expect(mismatched).toEqual([]);
    const [row] = await query<{ closes: number; approved: number; unclosed: string; till: string }>(sql`
      SELECT (SELECT count(*)::int FROM till_closes WHERE remitter_id = ${agentId}::uuid) AS closes,
             (SELECT count(*)::int FROM till_closes WHERE remitter_id = ${agentId}::uuid AND status = 'approved') AS approved,
             (SELECT coalesce(sum(p.amount_kobo), 0)::text FROM subscription_payments p JOIN tills t ON t.id = p.till_id
              WHERE t.remitter_id = ${agentId}::uuid AND t.status <> 'closed') AS unclosed,
             (SELECT coalesce(sum(debits_kobo - credits_kobo), 0)::text FROM ledger_balances WHERE account_code = ${`till:${agentId}`}) AS till`);
    expect(row.approved).toBeGreaterThanOrEqual(SHIFTS_BEFORE_KILL);
    expect(row.closes - row.approved).toBeLessThanOrEqual(1);
    expect(Number(row.till)).toBe(Number(row.unclosed));
    const [{ shortage }] = await query<{ shortage: string }>(sql`
      SELECT coalesce(sum(debits_kobo - credits_kobo), 0)::text AS shortage FROM ledger_balances WHERE account_code = ${`shortage:${agentId}`}`);
    expect(Number(shortage)).toBe(row.approved * 25);
  }
}

describe(`kill -9 during till closes (${TEST_DB})`, () => {
  it.runIf(TEST_DB === 'pglite')(
    'leaves no half close and no half entry in the PGlite files it was writing',
    async () => {
      const remitter = await newRemitter();
      const folder = mkdtempSync(path.join(tmpdir(), 'eticket-tills-crash-'));
      folders.push(folder);
      const image = path.join(folder, 'image.tar');
      writeFileSync(image, Buffer.from(await (await ctx.database.dumpDataDir!()).arrayBuffer()));
      const pgliteDir = path.join(folder, 'pglite');
      const running = await startShifts({ PGLITE_DIR: pgliteDir, PGLITE_IMAGE: image }, remitter, SHIFTS_BEFORE_KILL);
      await running.kill();
      const reopened = await connectDatabase({ pgliteDir });
      try {
        await expectWholeBooks(reopened, [running.agentId]);
      } finally {
        await reopened.close();
      }
    },
    180_000,
  );

  it.runIf(TEST_DB === 'postgres')(
    'two processes closing and approving at once, both killed mid-way: whole closes, whole entries',
    async () => {
      const env = { DATABASE_URL: ctx.databaseUrl! };
      const [first, second] = await Promise.all([
        startShifts(env, await newRemitter(), SHIFTS_BEFORE_KILL),
        startShifts(env, await newRemitter(), SHIFTS_BEFORE_KILL),
      ]);
      await Promise.all([first.kill(), second.kill()]);
      // The server ends a killed client's session and rolls its open transaction back.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await expectWholeBooks(ctx.database, [first.agentId, second.agentId]);
    },
    180_000,
  );
});
