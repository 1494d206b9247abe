import { eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { controlledClock, createTestContext, type TestContext } from '../../../test/harness.ts';
import { createMotorist, newKey, session, type Session } from '../../../test/tickets.ts';
import { vehicles } from '../../db/schema.ts';
import { recordQueries } from './repository.ts';

// Issue 48: Transaction History and Penalty Payment History find a payment by its receipt number
// (any case, with or without hyphens), by plate and by name; Scan Record finds scans by the agent's
// name as well as their Unique ID.
const clock = controlledClock('2026-07-01T08:00:00Z');
let ctx: TestContext;
let admin: Session;
let tunde: Session;
let kemi: Session;
let remitter: Session;
type Motorist = Awaited<ReturnType<typeof createMotorist>>;
let ngozi: Motorist;
let musa: Motorist;
const receipts: Record<string, { id: string; receiptNo: string }> = {};

async function post(url: string, who: Session, payload: Record<string, unknown>) {
  clock.advance(60_000);
  const reply = await ctx.app.inject({ method: 'POST', url, headers: await who.headers({ 'idempotency-key': newKey() }), payload });
  if (reply.statusCode !== 201) throw new Error(`${url}: ${reply.statusCode} ${reply.body}`);
  return reply.json().data;
}

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  admin = await session(ctx, { role: 'admin' });
  tunde = await session(ctx, { role: 'enforcer', fullName: 'Tunde Okafor' });
  kemi = await session(ctx, { role: 'enforcer', fullName: 'Kemi Adeyemi' });
  remitter = await session(ctx, { role: 'remitter', fullName: 'Halima Bello' });
  ngozi = await createMotorist(ctx, 'keke', { fullName: 'Ngozi Eze' });
  musa = await createMotorist(ctx, 'keke', { fullName: 'Musa Danjuma' });
  await ctx.database.db.update(vehicles).set({ plateNumber: 'KTU 482 XA' }).where(eq(vehicles.userId, ngozi.id));
  await ctx.database.db.update(vehicles).set({ plateNumber: 'EPE 901 QB' }).where(eq(vehicles.userId, musa.id));
  const plan = await post('/api/subscription', admin, { name: 'weekly', vehicleType: 'keke', price: 1000 });
  await post('/api/penalty', admin, { vehicleType: 'keke', price: 500 });
  clock.advance(5 * 24 * 3_600_000); // past the grace days: a scan adds the penalty
  await post('/api/field/scan', tunde, { userCode: ngozi.userCode });
  await post('/api/field/scan', kemi, { userCode: musa.userCode });
  receipts.penalty = (await post('/api/field/penalty-payment', remitter, { userCode: ngozi.userCode, amount: 200, modeOfPayment: 'cash' })).payment;
  for (const [name, motorist] of [
    ['ngozi', ngozi],
    ['musa', musa],
  ] as const) {
    receipts[name] = (
      await post('/api/field/subscription-payment', remitter, { userCode: motorist.userCode, subscriptionId: plan.id, modeOfPayment: 'cash' })
    ).payment;
  }
});
afterAll(async () => ctx.close());

async function list(path: string, search: string) {
  const reply = await ctx.app.inject({ method: 'GET', url: `${path}?search=${encodeURIComponent(search)}`, headers: await admin.headers() });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as { data: Array<{ id: string }>; paginator: { total: number }; summary?: { count: number; amount: number } };
}
const ids = async (path: string, search: string) => (await list(path, search)).data.map((row) => row.id);

describe('payment lists: search by receipt number', () => {
  it('finds the payment by its receipt as printed, lower-cased, without hyphens or with spaces', async () => {
    const { id, receiptNo } = receipts.musa;
    for (const typed of [receiptNo, receiptNo.toLowerCase(), receiptNo.replace(/-/g, ''), receiptNo.replace(/-/g, ' ').toLowerCase()]) {
      expect(await ids('/api/sub-history', typed), typed).toEqual([id]);
    }
    const found = await list('/api/sub-history', receiptNo.toLowerCase());
    expect(found.paginator.total).toBe(1);
    expect(found.summary).toEqual({ count: 1, amount: 1000 });
    // One character off: the check fails, and it is no one's name or plate.
    const wrong = receiptNo.slice(0, -1) + (receiptNo.endsWith('7') ? '8' : '7');
    expect(await ids('/api/sub-history', wrong)).toEqual([]);
  });

  it('reads O as 0 and I or L as 1, as the receipt format says', async () => {
    const { id, receiptNo } = receipts.ngozi;
    const misread = receiptNo.replace(/0/g, 'O').replace(/1/g, 'l');
    expect(await ids('/api/sub-history', misread)).toEqual([id]);
  });

  it('finds penalty payments in Penalty Payment History, not in Transaction History', async () => {
    const { id, receiptNo } = receipts.penalty;
    expect(await ids('/api/penalty-history', receiptNo.replace(/-/g, '').toLowerCase())).toEqual([id]);
    expect(await ids('/api/sub-history', receiptNo)).toEqual([]);
  });
});

describe('payment lists: search by plate and by name', () => {
  it('finds a motorist’s payments by plate, typed with or without spaces', async () => {
    expect(await ids('/api/sub-history', 'ktu 482')).toEqual([receipts.ngozi.id]);
    expect(await ids('/api/sub-history', 'EPE901QB')).toEqual([receipts.musa.id]);
    expect(await ids('/api/penalty-history', 'ktu482xa')).toEqual([receipts.penalty.id]);
  });

  it('finds payments by part of the motorist’s or the remitter’s name, in any case', async () => {
    expect(await ids('/api/sub-history', 'ngozi')).toEqual([receipts.ngozi.id]);
    expect(await ids('/api/sub-history', 'DANJUMA')).toEqual([receipts.musa.id]);
    expect(await ids('/api/sub-history', 'halima b')).toEqual([receipts.musa.id, receipts.ngozi.id]);
    const byRemitter = await list('/api/sub-history', 'halima b');
    expect(byRemitter.summary).toEqual({ count: 2, amount: 2000 });
    expect(await ids('/api/sub-history', 'nobody named so')).toEqual([]);
  });
});

describe('Scan Record: search by agent', () => {
  const scanAgents = async (search: string) =>
    (await list('/api/scan', search)).data.map((row) =>
      (row as unknown as { agentId: { userID: { fullName: string } } }).agentId.userID.fullName.toLowerCase(),
    );

  it('finds scans by the enforcer’s name or Unique ID', async () => {
    expect(await scanAgents('okafor')).toEqual(['tunde okafor']);
    expect(await scanAgents('Kemi Ade')).toEqual(['kemi adeyemi']);
    expect(await scanAgents(kemi.person.userCode)).toEqual(['kemi adeyemi']);
  });

  it('finds scans by the motorist’s name too', async () => {
    expect(await scanAgents('ngozi eze')).toEqual(['tunde okafor']);
  });
});

/** The SQL of the statements built while `read` runs (a fresh repository builds every one). */
async function statementsBuiltBy(read: () => Promise<unknown>): Promise<string[]> {
  const building = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
  try {
    await read();
    return [...new Set(building.mock.results.flatMap((call) => (call.type === 'return' ? [call.value.sql as string] : [])))];
  } finally {
    building.mockRestore();
  }
}

/** The plan of a statement, with sequential scans ruled out (the test tables are tiny). */
async function planOf(statement: string): Promise<string> {
  return ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    const result = (await tx.execute(sql.raw(`EXPLAIN ${statement}`))) as unknown as { rows: Array<{ 'QUERY PLAN': string }> };
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

class Rollback extends Error {
  constructor(readonly value: string) {
    super('rollback');
  }
}

/**
 * The plan of a statement on users with only the keys and the two search indexes left (the others
 * dropped in a transaction rolled back) and only index conditions allowed: on a test's few rows the
 * roles' own indexes always win, so this shows whether a search index can serve the statement at all.
 */
async function planWithOnlySearchIndexes(statement: string): Promise<string> {
  try {
    await ctx.database.db.transaction(async (tx) => {
      const found = (await tx.execute(sql`
        SELECT i.relname AS indexname FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
        WHERE x.indrelid = 'users'::regclass AND i.relname NOT IN ('users_motorist_search_trgm_idx', 'users_staff_search_trgm_idx')
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)`)) as unknown as { rows: Array<{ indexname: string }> };
      for (const { indexname } of found.rows) await tx.execute(sql.raw(`DROP INDEX ${indexname}`));
      for (const setting of ['enable_seqscan', 'enable_indexscan', 'enable_indexonlyscan']) await tx.execute(sql.raw(`SET LOCAL ${setting} = off`));
      const result = (await tx.execute(sql.raw(`EXPLAIN ${statement}`))) as unknown as { rows: Array<{ 'QUERY PLAN': string }> };
      throw new Rollback(result.rows.map((row) => row['QUERY PLAN']).join('\n'));
    });
  } catch (error) {
    if (error instanceof Rollback) return error.value;
    throw error;
  }
  throw new Error('the transaction was not rolled back');
}

describe('the searches’ indexes', () => {
  it('looks names up through the motorists’ and the staff’s trigram indexes, and receipts through their unique index', async () => {
    const built = await statementsBuiltBy(() => recordQueries(ctx.database.db).peopleNamed('halima'));
    expect(built).toHaveLength(2);
    const plans = [];
    for (const statement of built) plans.push(await planWithOnlySearchIndexes(statement.replace('$1', `'%halima%'`)));
    expect(plans[0]).toContain('users_motorist_search_trgm_idx');
    expect(plans[1]).toContain('users_staff_search_trgm_idx');
    for (const plan of plans) expect(plan).not.toContain('Seq Scan');
    for (const table of ['subscription_payments', 'penalty_payments']) {
      const plan = await planOf(`SELECT id FROM ${table} WHERE receipt_no = 'S7KQ-2M9X-D4HP' ORDER BY created_at DESC, id DESC LIMIT 10`);
      expect(plan).toContain(`${table}_receipt_no_unique`);
    }
  });
});
