import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlledClock, createTestContext, type TestContext } from '../../../../test/harness.ts';
import { createMotorist, session, type Session } from '../../../../test/tickets.ts';
import { plateSearchKey } from '../../../lists/plate-search.ts';
import { users, vehicles } from '../../../db/schema.ts';

// Issue 26: the motorist list and the scan records find a motorist by plate number (0039).
const clock = controlledClock('2026-09-01T09:00:00Z');
let ctx: TestContext;
let admin: Session;
let enforcer: Session;
type Motorist = Awaited<ReturnType<typeof createMotorist>>;
let ada: Motorist;
let bayo: Motorist;
let chidi: Motorist;

const setPlate = (motorist: Motorist, plateNumber: string) => ctx.database.db.update(vehicles).set({ plateNumber }).where(eq(vehicles.userId, motorist.id));

beforeAll(async () => {
  // Several scans of one vehicle by one agent here are each counted (SCAN_REPEAT_MINUTES has its own tests).
  ctx = await createTestContext({ clock, scanRepeatMinutes: 0 });
  admin = await session(ctx, { role: 'admin' });
  enforcer = await session(ctx, { role: 'enforcer', fullName: 'lag enforcer' });
  ada = await createMotorist(ctx, 'keke', { fullName: 'ada keke' });
  bayo = await createMotorist(ctx, 'bus', { fullName: 'bayo bus' });
  chidi = await createMotorist(ctx, 'bike', { fullName: 'chidi bike' });
  await setPlate(ada, 'LAG 123 AB');
  await setPlate(bayo, 'KJA-456-XY');
  await setPlate(chidi, 'EKY 123 AB');
  for (const motorist of [ada, bayo, ada]) {
    clock.advance(60_000);
    const reply = await ctx.app.inject({ method: 'POST', url: '/api/field/scan', headers: await enforcer.headers(), payload: { userCode: motorist.userCode } });
    expect(reply.statusCode, reply.body).toBe(201);
  }
});
afterAll(async () => ctx.close());

async function get(url: string) {
  const reply = await ctx.app.inject({ method: 'GET', url, headers: await admin.headers() });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json();
}
const motoristNames = async (search: string) =>
  (await get(`/api/motorist/user?search=${encodeURIComponent(search)}`)).data.map((row: { fullName: string }) => row.fullName).sort();
const scanMotorists = async (search: string) =>
  (await get(`/api/scan?search=${encodeURIComponent(search)}`)).data.map((row: { kyc: { userID: { userCode: string } } }) => row.kyc.userID.userCode);

describe('plate search', () => {
  it('reads a plate as its letters and digits, lower-cased, from 3 of them', () => {
    expect(plateSearchKey('LAG 123-AB')).toBe('lag123ab');
    expect(plateSearchKey(' k-j ')).toBeNull();
    expect(plateSearchKey('kja')).toBe('kja');
  });

  it('finds motorists in the motorist list by plate, with or without spaces and dashes, beside the other searches', async () => {
    expect(await motoristNames('LAG 123 AB')).toEqual(['ada keke']);
    expect(await motoristNames('lag123ab')).toEqual(['ada keke']);
    expect(await motoristNames('kja456')).toEqual(['bayo bus']);
    expect(await motoristNames('123 ab')).toEqual(['ada keke', 'chidi bike']);
    // The name search is unchanged; a plate match and a name match together.
    expect(await motoristNames('bayo')).toEqual(['bayo bus']);
    expect(await motoristNames('zzz 999')).toEqual([]);
    const page = await get('/api/motorist/user?search=123ab&limit=1');
    expect(page.paginator).toMatchObject({ total: 2, pageCount: 2 });
  });

  it('does not find a deleted motorist, nor staff, by plate', async () => {
    const gone = await createMotorist(ctx, 'keke', { fullName: 'gone keke' });
    await setPlate(gone, 'DEL 777 ZZ');
    expect(await motoristNames('del777')).toEqual(['gone keke']);
    await ctx.database.db.update(users).set({ isDeleted: true }).where(eq(users.id, gone.id));
    expect(await motoristNames('del777')).toEqual([]);
    const agents = await get('/api/agent/user?role=enforcer&search=lag123ab');
    expect(agents.data).toEqual([]);
  });

  it('finds scans by the motorist’s plate, and still by Unique ID and vehicle type', async () => {
    expect(await scanMotorists('lag 123 ab')).toEqual([ada.userCode, ada.userCode]);
    expect(await scanMotorists('KJA-456')).toEqual([bayo.userCode]);
    expect(await scanMotorists('123ab')).toEqual([ada.userCode, ada.userCode]);
    expect(await scanMotorists(bayo.userCode)).toEqual([bayo.userCode]);
    expect(await scanMotorists('bus')).toEqual([bayo.userCode]);
    expect(await scanMotorists('no plate 000')).toEqual([]);
  });
});

/** The plan of a statement, as text, with sequential scans ruled out (the test tables are tiny). */
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

/** The plan of a statement in a transaction where every users index but the keys and the motorists' search index is dropped (rolled back). */
async function withOnlySearchIndexes(statement: string): Promise<string> {
  try {
    await ctx.database.db.transaction(async (tx) => {
      const found = (await tx.execute(sql`
        SELECT i.relname AS indexname FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
        WHERE x.indrelid = 'users'::regclass AND i.relname <> 'users_motorist_search_trgm_idx'
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)`)) as unknown as { rows: Array<{ indexname: string }> };
      for (const { indexname } of found.rows) await tx.execute(sql.raw(`DROP INDEX ${indexname}`));
      // Whole-index walks stand in for a sequential scan too: only index conditions are left.
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

describe('plate search indexes (0039)', () => {
  it('finds plates through vehicles_plate_search_trgm_idx', async () => {
    const plan = await planOf(`SELECT user_id FROM vehicles WHERE plate_search LIKE '%lag123%' LIMIT 500`);
    expect(plan).toContain('vehicles_plate_search_trgm_idx');
  });

  it('can read the motorist list by the search text index or the owners’ ids together (a BitmapOr), not the whole table', async () => {
    // On a test's few rows the role's own indexes always win; with them out of the way (dropped in a
    // transaction rolled back), the plan shows that both parts of the condition are index-served.
    const plan = await withOnlySearchIndexes(
      `SELECT id FROM users WHERE role IN ('motorist') AND is_deleted = false AND (search_text LIKE '%lag123%' OR id = ANY('{${ada.id}}'::uuid[]))`,
    );
    expect(plan).toContain('BitmapOr');
    expect(plan).toContain('users_motorist_search_trgm_idx');
    expect(plan).toContain('users_pkey');
    expect(plan).not.toContain('Seq Scan');
  });

  it('reads the scans of the owners through scans_motorist_created_idx', async () => {
    const plan = await planOf(`SELECT id FROM scans WHERE motorist_id = ANY('{${ada.id}}'::uuid[]) ORDER BY created_at DESC, id DESC LIMIT 10`);
    expect(plan).toContain('scans_motorist_created_idx');
  });
});
