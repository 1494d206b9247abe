import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3FileStore } from '../../adapters/s3-files.ts';
import type { FileStore } from '../../adapters/files.ts';
import { createPerson, createTestContext, TEST_DB, type TestContext } from '../../../test/harness.ts';
import { pngImage } from '../../../test/images.ts';
import { startLocalS3, type LocalS3 } from '../../../test/s3-store.ts';
import { eraseDeletedPeople } from './erasure.ts';

// The erasure removes images from an S3 bucket (FILE_STORE=s3) as from the local folder.
let s3: LocalS3;
let ctx: TestContext;
let store: FileStore;
beforeAll(async () => {
  s3 = await startLocalS3('eticket-erasure');
  ctx = await createTestContext({ files: (secret) => (store = createS3FileStore(s3.settings, secret)) });
});
afterAll(async () => {
  await ctx?.close();
  await s3?.close();
});

describe(`erasure with the S3 store (${TEST_DB})`, { timeout: 120_000 }, () => {
  it('deletes the objects of the erased person, and only theirs', async () => {
    const erased = await createPerson(ctx, { role: 'motorist', isDeleted: true });
    const kept = await createPerson(ctx, { role: 'motorist' });
    const [portrait, front, other] = [
      await store.save(pngImage(), 'image/png'),
      await store.save(pngImage(), 'image/png'),
      await store.save(pngImage(), 'image/png'),
    ];
    await ctx.database.db.execute(sql`UPDATE users SET deleted_at = now() - interval '100 days' WHERE id = ${erased.id}`);
    await ctx.database.db.execute(
      sql`INSERT INTO user_profiles (user_id, portrait_file, id_front_file) VALUES (${erased.id}, ${portrait}, ${front}), (${kept.id}, ${other}, NULL)`,
    );

    const report = await eraseDeletedPeople(ctx.database.db, store, new Date(), 90);
    expect(report).toMatchObject({ people: 1, files: 2 });
    expect(await store.read(portrait)).toBeNull();
    expect(await store.read(front)).toBeNull();
    expect(await store.read(other)).not.toBeNull();
  });
});
