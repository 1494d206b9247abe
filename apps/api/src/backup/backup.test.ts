import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../db/connect.ts';
import { createTestContext, signedInPerson, TEST_DB, type TestContext } from '../../test/harness.ts';
import { jpegImage, multipartForm, png } from '../../test/images.ts';
import { newKey } from '../../test/tickets.ts';
import { backupTo } from './backup.ts';
import { appliedMigrations, ident, tablesInDependencyOrder } from './catalog.ts';
import { restoreFrom, RestoreRefused } from './restore.ts';

let ctx: TestContext;
let work: string;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  work = mkdtempSync(path.join(tmpdir(), 'eticket-backup-'));
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await ctx.close();
  rmSync(work, { recursive: true, force: true });
});

/** An empty database of the kind the tests run on: no tables at all. */
async function emptyDatabase(): Promise<DatabaseHandle> {
  if (TEST_DB === 'pglite') {
    const database = await connectDatabase({});
    cleanups.push(() => database.close());
    return database;
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `restore_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const database = await connectDatabase({ url, searchPath: schema, poolSize: 2 });
  cleanups.push(async () => {
    await database.close();
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    await dropper.query(`DROP SCHEMA ${schema} CASCADE`);
    await dropper.end();
  });
  return database;
}

/** Every row of every table, as JSON text, sorted: two databases hold the same records when these are equal. */
async function contents(database: DatabaseHandle): Promise<Record<string, string[]>> {
  const all: Record<string, string[]> = {};
  await database.rawTransaction(async ({ query }) => {
    all.schema_migrations = await appliedMigrations(query);
    for (const table of await tablesInDependencyOrder(query)) {
      const rows = await query<{ j: string }>(`SELECT row_to_json(t)::text AS j FROM ${ident(table)} t`);
      all[table] = rows.map((row) => row.j).sort();
    }
  });
  return all;
}

const filesIn = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((name) => [name, readFileSync(path.join(dir, name)).toString('base64')]),
  );

describe(`backup and restore (${TEST_DB})`, () => {
  let backupFile: string;
  let motoristId: string;

  it('backs up records built through the API and restores every record and file into an empty database', async () => {
    const superAdmin = await signedInPerson(ctx, { role: 'super-admin' });
    const remitter = await signedInPerson(ctx, { role: 'remitter' });
    const call = (method: 'POST' | 'GET', url: string, payload?: unknown, headers: Record<string, string> = superAdmin.headers) =>
      ctx.app.inject({ method, url, headers, payload: payload as Record<string, unknown> });

    const plan = await call('POST', '/api/subscription', { name: 'weekly', vehicleType: 'keke', price: 1500.5 });
    expect(plan.statusCode).toBe(201);
    expect((await call('POST', '/api/penalty', { vehicleType: 'keke', price: 500 })).statusCode).toBe(201);
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/motorist/register',
      headers: superAdmin.headers,
      payload: multipartForm(
        {
          email: `backup.${randomBytes(3).toString('hex')}@example.test`,
          password: 'a-Strong-password',
          fullName: 'Ngozi Backup',
          phone: '08031234567',
          address: '1 Marina, Lagos',
          dob: '1990-05-04',
          gender: 'female',
          maritalStatus: 'married',
          idType: 'business-id',
          serialID: 'TIN-001',
          route: 'Oshodi',
          plateNumber: 'LAG 123 BK',
          vehicleType: 'keke',
          privacyNoticeGiven: 'true',
          vehicleModel: 'Bajaj RE',
          subscription: 'weekly',
        },
        { front: png('front.png'), back: { bytes: jpegImage(), name: 'back.jpg', type: 'image/jpeg' }, portraitSelfie: png('selfie.png') },
      ),
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const motorist = registered.json().data as { id: string; userCode: string };
    motoristId = motorist.id;
    const paid = await call(
      'POST',
      '/api/field/subscription-payment',
      { userCode: motorist.userCode, subscriptionId: plan.json().data.id, modeOfPayment: 'cash' },
      { ...remitter.headers, 'idempotency-key': newKey() },
    );
    expect(paid.statusCode, paid.body).toBe(201);

    const uploads = path.join(ctx.dataDir, 'uploads');
    expect(readdirSync(uploads)).toHaveLength(3);
    backupFile = path.join(work, 'nested', 'first.backup.gz');
    const summary = await backupTo(ctx.database, uploads, backupFile);
    expect(summary.files).toBe(3);
    expect(summary.rows.users).toBeGreaterThanOrEqual(3);
    expect(summary.rows.subscription_payments).toBe(1);
    expect(readdirSync(path.dirname(backupFile))).toEqual(['first.backup.gz']);

    const target = await emptyDatabase();
    const targetUploads = path.join(work, 'restored-uploads');
    const restored = await restoreFrom(target, targetUploads, backupFile);
    expect(restored.rows).toEqual(summary.rows);

    const before = await contents(ctx.database);
    const after = await contents(target);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
    expect(before.subscription_payments).toHaveLength(1);
    // The cash payment's till (issue 42) came back with it: the payment still names it.
    expect(before.tills).toHaveLength(1);
    expect(before.user_profiles.some((row) => row.includes(motoristId))).toBe(true);
    expect(filesIn(targetUploads)).toEqual(filesIn(uploads));

    // The dashboard totals were copied, not counted a second time by the payment triggers.
    expect(after.daily_activity).toEqual(before.daily_activity);

    // A database restored into refuses a second restore, unless told to replace it.
    await expect(restoreFrom(target, targetUploads, backupFile)).rejects.toThrow(RestoreRefused);
    await expect(restoreFrom(target, path.join(work, 'other-uploads'), backupFile)).rejects.toThrow(/not empty/);
    expect(await contents(target)).toEqual(after);
    await restoreFrom(target, targetUploads, backupFile, { force: true });
    expect(await contents(target)).toEqual(before);
    expect(filesIn(targetUploads)).toEqual(filesIn(uploads));
  });

  it.skipIf(TEST_DB !== 'pglite' || !process.env.TEST_DATABASE_URL)('restores a PGlite backup into PostgreSQL (the same format for both)', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const schema = `restore_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const target = await connectDatabase({ url, searchPath: schema, poolSize: 2 });
    cleanups.push(async () => {
      await target.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP SCHEMA ${schema} CASCADE`);
      await dropper.end();
    });
    await restoreFrom(target, path.join(work, 'pg-uploads'), backupFile);
    // Compared as values (the two servers may print times in different zones).
    const ids = async (database: DatabaseHandle) => {
      let found: unknown[] = [];
      await database.rawTransaction(async ({ query }) => {
        found = await query(
          `SELECT (SELECT json_agg(id ORDER BY id) FROM users) AS users,
                  (SELECT json_agg(json_build_array(id, amount_kobo::text, extract(epoch FROM created_at)::text) ORDER BY id) FROM subscription_payments) AS payments,
                  (SELECT json_agg(json_build_array(user_id, accumulated, accumulated_amount_kobo::text, extract(epoch FROM expires_at)::text) ORDER BY user_id) FROM ticket_subscriptions) AS subscriptions`,
        );
      });
      return found;
    };
    expect(await ids(target)).toEqual(await ids(ctx.database));
    expect(filesIn(path.join(work, 'pg-uploads'))).toEqual(filesIn(path.join(ctx.dataDir, 'uploads')));
  });

  it.skipIf(TEST_DB !== 'pglite')(
    'npm run backup and npm run restore work on DATA_DIR, as the server is configured',
    async () => {
      const { execFile } = await import('node:child_process');
      const { promisify } = await import('node:util');
      const { mkdirSync, writeFileSync } = await import('node:fs');
      const { migrate } = await import('../db/migrate.ts');
      const root = path.resolve(import.meta.dirname, '../../../..');
      const run = (script: string, args: string[], dataDir: string) =>
        // Node with tsx's loader, as `npm run backup` runs it, without npx looking tsx up.
        promisify(execFile)(process.execPath, ['--import', 'tsx', `apps/api/src/backup/${script}.ts`, ...args], {
          cwd: root,
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        }).then(
          (done) => ({ code: 0, out: done.stdout + done.stderr }),
          (failed: { code: number; stdout: string; stderr: string }) => ({ code: failed.code, out: failed.stdout + failed.stderr }),
        );
      // A DATA_DIR as the server leaves it: PGlite with records, and an uploaded file.
      const source = path.join(work, 'cli-source');
      const seeded = await connectDatabase({ pgliteDir: path.join(source, 'pglite') });
      await migrate(seeded);
      await seeded.rawTransaction(async ({ query }) => {
        await query(`INSERT INTO users (user_code, email, full_name, phone, password_hash, role, registration_status)
                   VALUES ('cli00001', 'cli@example.test', 'cli person', '08030000000', 'x', 'admin', 'approved')`);
      });
      await seeded.close();
      mkdirSync(path.join(source, 'uploads'), { recursive: true });
      writeFileSync(path.join(source, 'uploads', `${'a'.repeat(32)}.png`), png().bytes);

      const file = path.join(work, 'cli.backup.gz');
      const backedUp = await run('backup', [file], source);
      expect(backedUp.out).toMatch(/Backed up pglite: \d+ rows in \d+ tables and 1 uploaded files/);
      expect(backedUp.code).toBe(0);

      const target = path.join(work, 'cli-target');
      const restored = await run('restore', [file], target);
      expect(restored.out).toMatch(/Restored into pglite/);
      const again = await run('restore', [file], target);
      expect(again.code).toBe(1);
      expect(again.out).toMatch(/refuses to overwrite/);
      expect((await run('restore', [file, '--force'], target)).code).toBe(0);
      expect((await run('restore', [path.join(work, 'missing.gz')], target)).out).toMatch(/There is no backup file/);
      expect(filesIn(path.join(target, 'uploads'))).toEqual(filesIn(path.join(source, 'uploads')));
      const check = await connectDatabase({ pgliteDir: path.join(target, 'pglite') });
      try {
        let emails: { email: string }[] = [];
        await check.rawTransaction(async ({ query }) => void (emails = await query('SELECT email FROM users')));
        expect(emails).toEqual([{ email: 'cli@example.test' }]);
      } finally {
        await check.close();
      }
    },
    // Two child processes, each starting Node, tsx and PGlite: about 30 s alone, four times that or
    // more on a machine running other suites.
    300_000,
  );

  it('refuses a file that is not a whole backup, and changes nothing', async () => {
    const target = await emptyDatabase();
    const cut = path.join(work, 'cut.backup.gz');
    const { gunzipSync, gzipSync } = await import('node:zlib');
    const lines = gunzipSync(readFileSync(backupFile)).toString('utf8').trimEnd().split('\n');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(cut, gzipSync(lines.slice(0, -1).join('\n')));
    await expect(restoreFrom(target, path.join(work, 'cut-uploads'), cut)).rejects.toThrow(/incomplete/);
    const left = await contents(target);
    expect(left.users).toEqual([]);
    writeFileSync(path.join(work, 'not-a-backup.gz'), gzipSync('{"hello":1}\n'));
    await expect(restoreFrom(target, path.join(work, 'cut-uploads'), path.join(work, 'not-a-backup.gz'))).rejects.toThrow(/not an E-Ticketing backup/);
  });
});
