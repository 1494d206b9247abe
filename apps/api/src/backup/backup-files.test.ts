import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3FileStore } from '../adapters/s3-files.ts';
import type { FileStore } from '../adapters/files.ts';
import { connectDatabase } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { createPerson, createTestContext, TEST_DB, type TestContext } from '../../test/harness.ts';
import { pngImage } from '../../test/images.ts';
import { startLocalS3, type LocalS3 } from '../../test/s3-store.ts';
import { backupTo, MissingFiles } from './backup.ts';
import { restoreFrom } from './restore.ts';

// Backups carry the objects of an S3 store as they carry a folder's, and refuse, loudly, a database
// that names files its store does not hold.
let s3: LocalS3;
let ctx: TestContext;
let store: FileStore;
let work: string;
beforeAll(async () => {
  s3 = await startLocalS3();
  ctx = await createTestContext({ files: (secret) => (store = createS3FileStore(s3.settings, secret)) });
  work = mkdtempSync(path.join(tmpdir(), 'eticket-backup-files-'));
});
afterAll(async () => {
  await ctx?.close();
  await s3?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

const collect = async (keys: AsyncIterable<string>) => {
  const all: string[] = [];
  for await (const key of keys) all.push(key);
  return all.sort();
};
const namePortrait = async (key: string) => {
  const person = await createPerson(ctx, { role: 'motorist' });
  await ctx.database.db.execute(sql`INSERT INTO user_profiles (user_id, portrait_file) VALUES (${person.id}, ${key})`);
};

describe(`backup and restore with the S3 store (${TEST_DB})`, { timeout: 120_000 }, () => {
  it('carry every object of the bucket into another bucket', async () => {
    const image = pngImage();
    const key = await store.save(image, 'image/png');
    await namePortrait(key);
    const file = path.join(work, 's3.backup.gz');
    const summary = await backupTo(ctx.database, store, file);
    expect(summary).toMatchObject({ files: 1, missingFiles: [] });

    const targetS3 = await startLocalS3('eticket-restored');
    const target = await connectDatabase({});
    try {
      const targetStore = createS3FileStore(targetS3.settings, 'other-secret-other-secret-other-secret');
      const restored = await restoreFrom(target, targetStore, file);
      expect(restored.files).toBe(1);
      expect(await collect(targetStore.keys())).toEqual([key]);
      expect(await targetStore.read(key)).toEqual(image);
      await migrate(target);
    } finally {
      await target.close();
      await targetS3.close();
    }
  });

  it('refuses a database that names files the store lacks, writing nothing; --allow-missing-files writes it and names them', async () => {
    const lost = `${'d'.repeat(32)}.jpg`;
    await namePortrait(lost);
    const file = path.join(work, 'missing.backup.gz');
    const refused = backupTo(ctx.database, store, file);
    await expect(refused).rejects.toThrow(MissingFiles);
    await expect(backupTo(ctx.database, store, file)).rejects.toThrow(
      new RegExp(`names 1 uploaded file\\(s\\) that s3://eticket-test at .* does not hold: ${lost}`),
    );
    await expect(import('node:fs/promises').then((fs) => fs.access(file))).rejects.toThrow();

    const allowed = await backupTo(ctx.database, store, file, new Date(), { allowMissingFiles: true });
    expect(allowed.missingFiles).toEqual([lost]);
  });

  it.skipIf(TEST_DB !== 'pglite')('npm run backup exits non-zero saying so, and 0 with --allow-missing-files', async () => {
    const dataDir = path.join(work, 'cli');
    const seeded = await connectDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    await migrate(seeded);
    await seeded.rawTransaction(async ({ query }) => {
      const [user] = await query<{ id: string }>(`INSERT INTO users (user_code, email, full_name, phone, password_hash, role, registration_status)
                   VALUES ('cli00002', 'cli2@example.test', 'cli person', '08030000001', 'x', 'motorist', 'approved') RETURNING id`);
      await query(`INSERT INTO user_profiles (user_id, portrait_file) VALUES ($1, $2)`, [user.id, `${'e'.repeat(32)}.png`]);
    });
    await seeded.close();
    const root = path.resolve(import.meta.dirname, '../../../..');
    const run = (args: string[]) =>
      promisify(execFile)('npx', ['tsx', 'apps/api/src/backup/backup.ts', ...args], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ...s3.env },
      }).then(
        (done) => ({ code: 0, out: done.stdout + done.stderr }),
        (failed: { code: number; stdout: string; stderr: string }) => ({ code: failed.code, out: failed.stdout + failed.stderr }),
      );
    const file = path.join(work, 'cli.backup.gz');
    const refused = await run([file]);
    expect(refused.code).not.toBe(0);
    expect(refused.out).toMatch(/Backup failed: The database names 1 uploaded file\(s\) that s3:\/\/eticket-test .*does not hold/);
    const allowed = await run([file, '--allow-missing-files']);
    expect(allowed.code).toBe(0);
    expect(allowed.out).toMatch(/WARNING: 1 file\(s\) named by the database are not in the store/);
  });
});
