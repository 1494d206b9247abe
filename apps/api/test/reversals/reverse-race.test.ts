import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows.ts';
import { createTestContext, TEST_DB, type TestContext } from '../harness.ts';
import { createMotorist, newKey, session } from '../tickets.ts';

/**
 * Issue 44: two processes reversing one payment at once reverse it once. Two processes (reverser.ts),
 * each with its own connections, reverse the same payment at the same moment, as two admins' clicks
 * on two servers would: one reverses, the other is told it was already reversed; the books hold one
 * reversing entry, the subscription lost one payment's time once. PostgreSQL only (PGlite is one
 * process).
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const reverserScript = path.join(import.meta.dirname, 'reverser.ts');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(async () => ctx.close());

function startReverser(paymentId: string, actorId: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', reverserScript], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: ctx.databaseUrl!, PAYMENT_ID: paymentId, ACTOR_ID: actorId },
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
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the reverser did not start:\n${printed}`);
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

describe(`two processes reversing one payment (${TEST_DB})`, () => {
  it.runIf(TEST_DB === 'postgres')(
    'one reversal, one reversing entry, the expiry moved once; the other is refused (409)',
    async () => {
      const admin = await session(ctx, { role: 'admin', fullName: 'first admin' });
      const other = await session(ctx, { role: 'admin', fullName: 'second admin' });
      const plan = await ctx.app.inject({
        method: 'POST',
        url: '/api/subscription',
        headers: await admin.headers(),
        payload: { name: 'weekly', vehicleType: 'keke', price: 2500 },
      });
      const remitter = await session(ctx, { role: 'remitter' });
      for (let round = 0; round < 3; round += 1) {
        const motorist = await createMotorist(ctx, 'keke');
        const payments: string[] = [];
        for (let i = 0; i < 2; i += 1) {
          const paid = await ctx.app.inject({
            method: 'POST',
            url: '/api/field/subscription-payment',
            headers: await remitter.headers({ 'idempotency-key': newKey() }),
            payload: { userCode: motorist.userCode, subscriptionId: plan.json().data.id, modeOfPayment: 'cash' },
          });
          expect(paid.statusCode).toBe(201);
          payments.push(paid.json().data.payment._id as string);
        }
        const expiry = async () => {
          const [row] = await rowsOf<{ at: string }>(
            ctx.database.db,
            sql`SELECT extract(epoch FROM expires_at)::text AS at FROM ticket_subscriptions WHERE user_id = ${motorist.id}::uuid`,
          );
          return Number(row.at);
        };
        const before = await expiry();

        const reversers = [startReverser(payments[0], admin.person.id), startReverser(payments[0], other.person.id)];
        await Promise.all(reversers.map((reverser) => reverser.ready()));
        reversers.forEach((reverser) => reverser.go());
        const outcomes = await Promise.all(reversers.map((reverser) => reverser.outcome()));
        expect(
          outcomes.filter((outcome) => outcome === 'reversed'),
          outcomes.join('\n'),
        ).toHaveLength(1);
        const winner = outcomes.indexOf('reversed');
        expect(outcomes[1 - winner]).toMatch(new RegExp(`^refused 409 This payment was already reversed on .+ by ${winner === 0 ? 'first' : 'second'} admin$`));

        const [{ n }] = await rowsOf<{ n: number }>(
          ctx.database.db,
          sql`SELECT count(*)::int AS n FROM ledger_entries WHERE kind = 'reversal'
              AND reverses_id = (SELECT id FROM ledger_entries WHERE kind = 'subscription_payment' AND source_id = ${payments[0]}::uuid)`,
        );
        expect(n).toBe(1);
        // Taken back once: the second payment now runs a week from its own capture time.
        const [second] = await rowsOf<{ at: string }>(
          ctx.database.db,
          sql`SELECT extract(epoch FROM created_at + interval '7 days')::text AS at FROM subscription_payments WHERE id = ${payments[1]}::uuid`,
        );
        const after = await expiry();
        expect(after).toBe(Number(second.at));
        expect(before - after).toBeLessThan(7 * 24 * 3600);
        expect(before - after).toBeGreaterThan(7 * 24 * 3600 - 60);
        const audit = await rowsOf<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM audit_log WHERE entity_id = ${payments[0]}::uuid`);
        expect(audit).toEqual([{ n: 1 }]);
      }
    },
    180_000,
  );
});
