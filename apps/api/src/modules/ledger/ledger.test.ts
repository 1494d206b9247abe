import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerCheck } from '@eticket/contracts';
import { nubanCheckDigit } from '../../adapters/banks/index.ts';
import { controlledClock, createPerson, createTestContext, TEST_DB, type TestContext } from '../../../test/harness.ts';
import { createMotorist, newKey, session, type Session } from '../../../test/tickets.ts';
import { rowsOf } from '../../db/rows.ts';
import { bankAccountsDirectory } from '../../db/schema.ts';
import { ledgerQueries } from './repository.ts';

const clock = controlledClock('2026-06-01T09:00:00Z');
let ctx: TestContext;
let admin: Session;
let superAdmin: Session;
let remitter: Session;
let plan: string;

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  admin = await session(ctx, { role: 'admin' });
  superAdmin = await session(ctx, { role: 'super-admin' });
  remitter = await session(ctx, { role: 'remitter', fullName: 'rita remitter' });
  const reply = await ctx.app.inject({
    method: 'POST',
    url: '/api/subscription',
    headers: await admin.headers(),
    payload: { name: 'weekly', vehicleType: 'keke', price: 1000.5 },
  });
  plan = reply.json().data.id;
  await ctx.app.inject({ method: 'POST', url: '/api/penalty', headers: await admin.headers(), payload: { vehicleType: 'keke', price: 500 } });
});
afterAll(async () => ctx.close());

const db = () => ctx.database.db;
const query = <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(db(), statement);

async function pay(modeOfPayment: string, motorist?: { userCode: string }) {
  const payer = motorist ?? (await createMotorist(ctx, 'keke'));
  const payload = {
    userCode: payer.userCode,
    subscriptionId: plan,
    modeOfPayment,
    ...(modeOfPayment === 'cash' ? {} : { bankName: 'Access Bank', reference: newKey() }),
  };
  const reply = await ctx.app.inject({
    method: 'POST',
    url: '/api/field/subscription-payment',
    headers: await remitter.headers({ 'idempotency-key': newKey() }),
    payload,
  });
  expect(reply.statusCode).toBe(201);
  return reply.json().data.payment as { _id: string; receiptNo: string };
}

/** The lines of the entries a record posted, as "kind account amount". */
async function linesOf(sourceId: string): Promise<string[]> {
  const rows = await query<{ kind: string; account: string; amount: string }>(sql`
    SELECT e.kind, l.account_code AS account, l.amount_kobo::text AS amount
    FROM ledger_entries e JOIN ledger_lines l ON l.entry_id = e.id
    WHERE e.source_id = ${sourceId}::uuid ORDER BY e.kind, l.line_no`);
  return rows.map((row) => `${row.kind} ${row.account} ${row.amount}`);
}

/** What the database said when it refused a statement (Drizzle wraps it). */
async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    const cause = (error as { cause?: Error }).cause;
    return cause?.message ?? (error as Error).message;
  }
  return 'not refused';
}

const runCheck = async (who: Session = admin) => ctx.app.inject({ method: 'POST', url: '/api/ledger/integrity-check', headers: await who.headers() });
const checked = async (): Promise<LedgerCheck> => {
  const reply = await runCheck();
  expect(reply.statusCode).toBe(201);
  return reply.json().data;
};

describe(`posting (${TEST_DB})`, () => {
  it('a cash payment debits the remitter’s till and credits subscription revenue, in the payment’s transaction', async () => {
    const payment = await pay('cash');
    expect(await linesOf(payment._id)).toEqual([`subscription_payment till:${remitter.person.id} 100050`, 'subscription_payment revenue:subscription -100050']);
  });

  it('a transfer debits the levy bank, POS and card their clearing accounts', async () => {
    for (const [mode, account] of [
      ['transfer', 'bank:levy'],
      ['pos', 'clearing:pos'],
      ['card', 'clearing:card'],
    ]) {
      const payment = await pay(mode);
      expect(await linesOf(payment._id)).toEqual([`subscription_payment ${account} 100050`, 'subscription_payment revenue:subscription -100050']);
    }
  });

  it('a penalty payment credits penalty revenue', async () => {
    const motorist = await createMotorist(ctx, 'keke');
    await pay('cash', motorist);
    const [{ id }] = await query<{ id: string }>(sql`SELECT id FROM ticket_subscriptions WHERE user_id = ${motorist.id}::uuid`);
    await db().execute(sql`UPDATE ticket_subscriptions SET outstanding_penalty_kobo = 50000 WHERE id = ${id}::uuid`);
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/field/penalty-payment',
      headers: await remitter.headers({ 'idempotency-key': newKey() }),
      payload: { userCode: motorist.userCode, amount: 200, modeOfPayment: 'cash' },
    });
    expect(reply.statusCode).toBe(201);
    expect(await linesOf(reply.json().data.payment._id)).toEqual([
      `penalty_payment till:${remitter.person.id} 20000`,
      'penalty_payment revenue:penalty -20000',
    ]);
  });

  it('a payout allocates its amount from subscription revenue to the stakeholder’s payable, then pays it from the bank', async () => {
    const union = await createPerson(ctx, { role: 'union', unionRole: 'others', unionName: 'ledger union' });
    const serial = '700000001';
    const accountNumber = serial + nubanCheckDigit('057', serial);
    await db().insert(bankAccountsDirectory).values({ bankCode: '057', accountNumber, accountName: 'LEDGER UNION' });
    const headers = await superAdmin.headers();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/stakeholders',
      headers,
      payload: { name: union.id, bankCode: '057', accountNumber, percentage: 10 },
    });
    const stakeholderId = created.json().data.id;
    const payout = await ctx.app.inject({
      method: 'POST',
      url: `/api/stakeholders/${stakeholderId}/payouts`,
      headers,
      payload: { amount: 300.25, date: '2026-05-31', reference: 'LEDGER-1' },
    });
    expect(payout.statusCode).toBe(201);
    expect(await linesOf(payout.json().data.id)).toEqual([
      'allocation revenue:subscription 30025',
      `allocation payable:${stakeholderId} -30025`,
      `payout payable:${stakeholderId} 30025`,
      'payout bank:levy -30025',
    ]);
  });

  it('an entry that does not sum to zero is refused by the database', async () => {
    const entry = randomUUID();
    const unbalanced = sql`
      WITH entry AS (INSERT INTO ledger_entries (id, kind, source_id, occurred_at) VALUES (${entry}::uuid, 'test', ${randomUUID()}::uuid, now()))
      INSERT INTO ledger_lines (entry_id, line_no, account_code, amount_kobo) VALUES (${entry}::uuid, 1, 'bank:levy', 100), (${entry}::uuid, 2, 'suspense', -99)`;
    expect(await refusal(db().execute(unbalanced))).toMatch(/does not balance/);
    expect(await query(sql`SELECT 1 FROM ledger_entries WHERE id = ${entry}::uuid`)).toEqual([]);
  });
});

describe(`append-only (${TEST_DB})`, () => {
  it('refuses UPDATE and DELETE of entries, lines and accounts', async () => {
    for (const statement of [
      sql`UPDATE ledger_lines SET amount_kobo = amount_kobo * 2`,
      sql`DELETE FROM ledger_lines`,
      sql`UPDATE ledger_entries SET memo = 'changed'`,
      sql`DELETE FROM ledger_entries`,
      sql`UPDATE ledger_accounts SET owner_id = NULL WHERE kind = 'till'`,
      sql`DELETE FROM ledger_accounts WHERE code = 'suspense'`,
    ]) {
      expect(await refusal(db().execute(statement))).toMatch(/append-only/);
    }
  });

  it('refuses UPDATE and DELETE of the audit log, but for the rebuild of its search text', async () => {
    const [{ n }] = await query<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log`);
    expect(n).toBeGreaterThan(0);
    expect(await refusal(db().execute(sql`UPDATE audit_log SET after = '{}'::jsonb`))).toMatch(/append-only/);
    expect(await refusal(db().execute(sql`UPDATE audit_log SET action = 'plan.deleted'`))).toMatch(/append-only/);
    expect(await refusal(db().execute(sql`DELETE FROM audit_log`))).toMatch(/append-only/);
    await db().execute(sql`SELECT rebuild_audit_search_text()`);
    expect((await query<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log`))[0].n).toBe(n);
  });

  it('corrects by a reversing entry naming the one it reverses; an entry is reversed once', async () => {
    const ledger = ledgerQueries(db());
    const payment = await pay('transfer');
    const original = await ledger.entryOf('subscription_payment', payment._id);
    const reversal = await ledger.reverse(original!, 'Bank returned the transfer', clock.now(), admin.person.id);
    const [row] = await query<{ reverses: string; memo: string }>(
      sql`SELECT reverses_id::text AS reverses, memo FROM ledger_entries WHERE id = ${reversal}::uuid`,
    );
    expect(row).toEqual({ reverses: original, memo: 'Bank returned the transfer' });
    const lines = await query<{ account: string; amount: string }>(
      sql`SELECT account_code AS account, amount_kobo::text AS amount FROM ledger_lines WHERE entry_id = ${reversal}::uuid ORDER BY line_no`,
    );
    expect(lines).toEqual([
      { account: 'bank:levy', amount: '-100050' },
      { account: 'revenue:subscription', amount: '100050' },
    ]);
    await expect(ledger.reverse(original!, 'again', clock.now(), null)).rejects.toThrow();

    // The payment still stands while its entry is reversed: the check says so, until the reversal is reversed.
    const check = await checked();
    expect(check.differences).toContainEqual(expect.objectContaining({ kind: 'missing-entry', ref: payment._id, expected: 1000.5 }));
    await ledger.reverse(reversal!, 'Reversed in error', clock.now(), admin.person.id);
    expect((await checked()).ok).toBe(true);
  });
});

describe(`the integrity check (${TEST_DB})`, () => {
  it('is kept and answered to admins and super-admins only; the last result reads back', async () => {
    const union = await session(ctx, { role: 'union', unionRole: 'others', unionName: 'not allowed' });
    expect((await runCheck(union)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/ledger/integrity-check', headers: await union.headers() })).statusCode).toBe(403);

    const check = await checked();
    expect(check).toMatchObject({ ok: true, trigger: 'on-demand', requestedBy: { id: admin.person.id }, differences: [], differenceCount: 0 });
    expect(check.entries).toBeGreaterThan(5);
    const last = await ctx.app.inject({ method: 'GET', url: '/api/ledger/integrity-check', headers: await superAdmin.headers() });
    expect(last.json().data).toEqual(check);
  });

  it('finds a payment without its entry, an entry of another amount, and a kept balance that is not its lines', async () => {
    const payment = await pay('pos');
    const [receipt] = await query<{ id: string }>(sql`
      INSERT INTO subscription_payments (motorist_id, remitter_id, subscription_id, plan_id, plan_name, vehicle_type, amount_kobo,
        mode_of_payment, expires_before, expires_after, idempotency_key, created_at)
      SELECT motorist_id, remitter_id, subscription_id, plan_id, plan_name, vehicle_type, 777, mode_of_payment, expires_before,
        expires_after, 'unposted', created_at FROM subscription_payments WHERE id = ${payment._id}::uuid
      RETURNING id`);
    await db().execute(sql`UPDATE subscription_payments SET amount_kobo = 100000 WHERE id = ${payment._id}::uuid`);
    const tamper = (kobo: number) =>
      db().execute(sql`
        INSERT INTO ledger_balances AS b (account_code, shard, debits_kobo, credits_kobo) VALUES ('suspense', 0, ${kobo}, 0)
        ON CONFLICT (account_code, shard) DO UPDATE SET debits_kobo = b.debits_kobo + ${kobo}`);
    await tamper(5);
    try {
      const check = await checked();
      expect(check.ok).toBe(false);
      expect(check.differences).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ kind: 'missing-entry', ref: receipt.id, expected: 7.77 }),
          expect.objectContaining({ kind: 'amount-differs', ref: payment._id, posted: 1000.5, expected: 1000 }),
          expect.objectContaining({ kind: 'balance-differs', ref: 'suspense', posted: 0.05, expected: 0 }),
        ]),
      );
      expect(check.differences.find((d) => d.kind === 'missing-entry')?.message).toMatch(/Subscription payment .* \(₦7\.77\) has no entry in the ledger/);
      expect(check.differenceCount).toBe(3);

      // The nightly job runs the same check; a difference fails its run (an error in the log and job_runs).
      clock.advance(25 * 3600_000);
      await expect(ctx.app.jobs.run('ledger-integrity-check')).rejects.toThrow(/3 differences/);
      const last = (await ctx.app.inject({ method: 'GET', url: '/api/ledger/integrity-check', headers: await admin.headers() })).json().data;
      expect(last).toMatchObject({ trigger: 'nightly', ok: false, differenceCount: 3, requestedBy: null });
    } finally {
      await db().execute(sql`UPDATE subscription_payments SET status = 'failed' WHERE id = ${receipt.id}::uuid`);
      await db().execute(sql`UPDATE subscription_payments SET amount_kobo = 100050 WHERE id = ${payment._id}::uuid`);
      await tamper(-5);
    }
    expect((await checked()).ok).toBe(true);
  });

  it('finds a Books report day total that is not the sum of its lines', async () => {
    await pay('transfer');
    const day = '2026-06-02';
    const tamper = (kobo: number) =>
      db().execute(sql`
        UPDATE ledger_day_totals SET credits_kobo = credits_kobo + ${kobo}
        WHERE (day, account_group, entry_kind, shard) = (
          SELECT day, account_group, entry_kind, shard FROM ledger_day_totals
          WHERE day = ${day}::date AND account_group = 'revenue:subscription' AND entry_kind = 'subscription_payment' LIMIT 1)`);
    const [{ credits }] = await query<{ credits: string }>(sql`
      SELECT sum(credits_kobo)::text AS credits FROM ledger_day_totals
      WHERE day = ${day}::date AND account_group = 'revenue:subscription' AND entry_kind = 'subscription_payment'`);
    await tamper(3);
    try {
      const check = await checked();
      expect(check.ok).toBe(false);
      expect(check.differences).toEqual([
        {
          kind: 'day-total-differs',
          ref: `${day} revenue:subscription subscription_payment credits`,
          posted: (Number(credits) + 3) / 100,
          expected: Number(credits) / 100,
          message: `Daily totals ${day} revenue:subscription subscription_payment credits: kept ₦${((Number(credits) + 3) / 100).toLocaleString('en-NG', { minimumFractionDigits: 2 })}, the lines sum to ₦${(Number(credits) / 100).toLocaleString('en-NG', { minimumFractionDigits: 2 })}`,
        },
      ]);
    } finally {
      await tamper(-3);
    }
    expect((await checked()).ok).toBe(true);
  });

  it('lists the accounts with their debits, credits and balance, by kind', async () => {
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/ledger/accounts?limit=100', headers: await admin.headers() });
    expect(reply.statusCode).toBe(200);
    const { data, paginator } = reply.json();
    expect(paginator.total).toBe(data.length);
    const byCode = Object.fromEntries(data.map((account: { code: string }) => [account.code, account]));
    expect(byCode[`till:${remitter.person.id}`]).toMatchObject({ kind: 'till', name: `Till: rita remitter (${remitter.person.userCode})` });
    expect(byCode['revenue:subscription'].balance).toBeLessThan(0);
    expect(data.reduce((sum: number, account: { balance: number }) => sum + Math.round(account.balance * 100), 0)).toBe(0);
    const tills = await ctx.app.inject({ method: 'GET', url: '/api/ledger/accounts?kind=till', headers: await admin.headers() });
    expect(tills.json().data.map((account: { kind: string }) => account.kind)).toEqual(['till']);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/ledger/accounts?kind=wallet', headers: await admin.headers() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/kind/);
  });
});

// Last: an entry written without its lines stays in the append-only books, and every check after says so.
describe(`a half-written entry (${TEST_DB})`, () => {
  it('is found by the integrity check', async () => {
    const entry = randomUUID();
    await db().execute(sql`INSERT INTO ledger_entries (id, kind, source_id, occurred_at) VALUES (${entry}::uuid, 'test', ${randomUUID()}::uuid, now())`);
    const check = await checked();
    expect(check.ok).toBe(false);
    expect(check.differenceCount).toBe(2);
    expect(check.differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'unbalanced-entry', ref: entry, message: expect.stringMatching(/has no lines/) }),
        expect.objectContaining({ kind: 'entry-without-record' }),
      ]),
    );
  });
});
