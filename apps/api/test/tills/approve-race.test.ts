import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows.ts';
import { createTestContext, TEST_DB, type TestContext } from '../harness.ts';
import { multipartForm } from '../images.ts';
import { createMotorist, newKey, session } from '../tickets.ts';

/**
 * Issue 42: "two processes approving one close at once: one approval". Two processes (approver.ts),
 * each with its own connections to the database, approve the same close at the same moment, as two
 * managers' clicks on two servers would: one approves, the other is told it was already approved,
 * and the close has one lodgement and one variance entry. PostgreSQL only (PGlite is one process;
 * the in-process race is in modules/tills/tills.test.ts).
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const approverScript = path.join(import.meta.dirname, 'approver.ts');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(async () => ctx.close());

function startApprover(closeId: string, managerId: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', approverScript], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: ctx.databaseUrl!, CLOSE_ID: closeId, MANAGER_ID: managerId },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    async ready() {
      const deadline = Date.now() + 60_000;
      while (!printed.includes('ready\n')) {
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the approver did not start:\n${printed}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    go: () => child.stdin.end('go\n'),
    async outcome() {
      await exited;
      return printed.replace('ready\n', '').trim();
    },
  };
}

describe(`two processes approving one close (${TEST_DB})`, () => {
  it.runIf(TEST_DB === 'postgres')(
    'one approval, one set of entries; the other is refused naming who approved',
    async () => {
      const admin = await session(ctx, { role: 'admin' });
      const plan = await ctx.app.inject({
        method: 'POST',
        url: '/api/subscription',
        headers: await admin.headers(),
        payload: { name: 'daily', vehicleType: 'keke', price: 2500 },
      });
      const remitter = await session(ctx, { role: 'remitter' });
      for (let round = 0; round < 3; round += 1) {
        const motorist = await createMotorist(ctx, 'keke');
        const paid = await ctx.app.inject({
          method: 'POST',
          url: '/api/field/subscription-payment',
          headers: await remitter.headers({ 'idempotency-key': newKey() }),
          payload: { userCode: motorist.userCode, subscriptionId: plan.json().data.id, modeOfPayment: 'cash' },
        });
        expect(paid.statusCode).toBe(201);
        const closed = await ctx.app.inject({
          method: 'POST',
          url: '/api/field/till/close',
          headers: await remitter.headers({ 'idempotency-key': newKey() }),
          payload: multipartForm({ counted: '2000', lodgementKind: 'transfer', transferReference: `TRF-${round}`, lodgedOn: '2026-01-01' }),
        });
        expect(closed.statusCode, closed.body).toBe(201);
        const closeId = closed.json().data.id as string;

        const managers = [
          await session(ctx, { role: 'manager', department: 'remitter-manager', fullName: `first manager ${round}` }),
          await session(ctx, { role: 'manager', department: 'remitter-manager', fullName: `second manager ${round}` }),
        ];
        const approvers = managers.map((manager) => startApprover(closeId, manager.person.id));
        await Promise.all(approvers.map((approver) => approver.ready()));
        approvers.forEach((approver) => approver.go());
        const outcomes = await Promise.all(approvers.map((approver) => approver.outcome()));
        expect(outcomes.filter((outcome) => outcome === 'approved')).toHaveLength(1);
        const winner = outcomes.indexOf('approved');
        expect(outcomes[1 - winner]).toBe(`refused 409 This close was already approved by ${winner === 0 ? 'first' : 'second'} manager ${round}`);

        const entries = await rowsOf<{ kind: string; n: number }>(
          ctx.database.db,
          sql`SELECT kind, count(*)::int AS n FROM ledger_entries WHERE source_id = ${closeId}::uuid GROUP BY kind ORDER BY kind`,
        );
        expect(entries).toEqual([
          { kind: 'lodgement', n: 1 },
          { kind: 'till_variance', n: 1 },
        ]);
        const [close] = await rowsOf<{ decided_by: string }>(ctx.database.db, sql`SELECT decided_by FROM till_closes WHERE id = ${closeId}::uuid`);
        expect(close.decided_by).toBe(managers[winner].person.id);
        const audit = await rowsOf<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM audit_log WHERE entity_id = ${closeId}::uuid`);
        expect(audit).toEqual([{ n: 1 }]);
      }
    },
    180_000,
  );
});
