import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB } from '../../../test/harness.ts';
import { emptyTestDatabase, type TestDatabase } from '../../../test/template-database.ts';
import { migrate, readMigrations } from '../../db/migrate.ts';
import { rowsOf } from '../../db/rows.ts';
import { ledgerQueries } from './repository.ts';

/**
 * Migration 0042 posts the payments and payouts recorded before the ledger, so the books balance from
 * the first start: a database migrated to 0041 with money in it, then to the end.
 */
let own: TestDatabase;
const ids = { remitter: randomUUID(), motorist: randomUUID(), union: randomUUID(), stakeholder: randomUUID() };
const payments = { cash: randomUUID(), transfer: randomUUID(), failed: randomUUID(), penalty: randomUUID(), payout: randomUUID() };

beforeAll(async () => {
  own = await emptyTestDatabase();
  const migrations = readMigrations();
  await migrate(
    own.database,
    migrations.filter((migration) => migration.name < '0042'),
  );
  const db = own.database.db;
  for (const [id, role, phone] of [
    [ids.remitter, 'remitter', '08030000001'],
    [ids.motorist, 'motorist', '08030000002'],
    [ids.union, 'union', '08030000003'],
  ]) {
    await db.execute(sql`INSERT INTO users (id, user_code, full_name, email, phone, password_hash, role)
      VALUES (${id}::uuid, ${id.slice(0, 8)}, ${`${role} before`}, ${`${id}@example.test`}, ${phone}, 'x', ${role})`);
  }
  const plan = randomUUID();
  const subscription = randomUUID();
  await db.execute(
    sql`INSERT INTO subscription_plans (id, name, vehicle_type, price_kobo, created_at, updated_at) VALUES (${plan}::uuid, 'daily', 'keke', 20000, now(), now())`,
  );
  await db.execute(
    sql`INSERT INTO ticket_subscriptions (id, user_id, plan_id, expires_at, created_at, updated_at) VALUES (${subscription}::uuid, ${ids.motorist}::uuid, ${plan}::uuid, now(), now(), now())`,
  );
  for (const [id, mode, status, kobo] of [
    [payments.cash, 'cash', 'success', 20000],
    [payments.transfer, 'transfer', 'success', 20050],
    [payments.failed, 'card', 'failed', 20000],
  ] as const) {
    await db.execute(sql`INSERT INTO subscription_payments (id, motorist_id, remitter_id, subscription_id, plan_id, plan_name, vehicle_type, amount_kobo,
        mode_of_payment, bank_name, status, expires_before, expires_after, idempotency_key, created_at)
      VALUES (${id}::uuid, ${ids.motorist}::uuid, ${ids.remitter}::uuid, ${subscription}::uuid, ${plan}::uuid, 'daily', 'keke', ${kobo},
        ${mode}, ${mode === 'cash' ? null : 'Access Bank'}, ${status}, now(), now() + interval '1 day', ${randomUUID()}, now())`);
  }
  await db.execute(sql`INSERT INTO penalty_payments (id, motorist_id, remitter_id, subscription_id, vehicle_type, amount_kobo, mode_of_payment, bank_name,
      outstanding_before_kobo, outstanding_after_kobo, idempotency_key, created_at)
    VALUES (${payments.penalty}::uuid, ${ids.motorist}::uuid, ${ids.remitter}::uuid, ${subscription}::uuid, 'keke', 7500, 'pos', 'Access Bank', 7500, 0, ${randomUUID()}, now())`);
  await db.execute(sql`INSERT INTO stakeholders (id, union_id, percentage_tenths, bank_code, bank_name, account_number, account_name, created_by, created_at, updated_at)
    VALUES (${ids.stakeholder}::uuid, ${ids.union}::uuid, 100, '057', 'Zenith Bank', '0000000001', 'UNION', ${ids.union}::uuid, now(), now())`);
  await db.execute(sql`INSERT INTO stakeholder_payouts (id, stakeholder_id, amount_kobo, paid_on, reference, recorded_by, created_at)
    VALUES (${payments.payout}::uuid, ${ids.stakeholder}::uuid, 5000, current_date, 'BEFORE-1', ${ids.union}::uuid, now())`);
  await migrate(own.database, migrations);
}, 180_000);
afterAll(async () => {
  await own?.database.close();
  await own?.drop();
});

describe(`migration 0042 on existing money (${TEST_DB})`, () => {
  it('posts every successful payment and every payout by the posting rules; the books balance', async () => {
    const lines = await rowsOf<{ source: string; kind: string; account: string; amount: string }>(
      own.database.db,
      sql`SELECT e.source_id::text AS source, e.kind, l.account_code AS account, l.amount_kobo::text AS amount
          FROM ledger_entries e JOIN ledger_lines l ON l.entry_id = e.id ORDER BY e.kind, l.line_no`,
    );
    const of = (source: string) => lines.filter((line) => line.source === source).map((line) => `${line.kind} ${line.account} ${line.amount}`);
    expect(of(payments.cash)).toEqual([`subscription_payment till:${ids.remitter} 20000`, 'subscription_payment revenue:subscription -20000']);
    expect(of(payments.transfer)).toEqual(['subscription_payment bank:levy 20050', 'subscription_payment revenue:subscription -20050']);
    expect(of(payments.failed)).toEqual([]);
    expect(of(payments.penalty)).toEqual(['penalty_payment clearing:pos 7500', 'penalty_payment revenue:penalty -7500']);
    expect(of(payments.payout)).toEqual([
      'allocation revenue:subscription 5000',
      `allocation payable:${ids.stakeholder} -5000`,
      `payout payable:${ids.stakeholder} 5000`,
      'payout bank:levy -5000',
    ]);

    const ledger = ledgerQueries(own.database.db);
    expect(await ledger.recordDifferences()).toEqual([]);
    expect(await ledger.unbalancedEntries()).toEqual([]);
    expect(await ledger.balanceDifferences()).toEqual([]);
    expect(await ledger.total()).toBe(0);
  });
});
