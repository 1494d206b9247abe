/**
 * Issue 46: "the erasure job handles 100,000 deleted people in batches without holding a lock on
 * the people tables for more than 1 s".
 *
 *   npx tsx bench/erasure.ts [--people 100000] [--files 1000]                          # PGlite
 *   TEST_DB=postgres TEST_DATABASE_URL=postgres://… npx tsx bench/erasure.ts            # PostgreSQL
 *
 * Seeds, on a fresh migrated database, `people` motorists deleted 100 days ago, each with a profile
 * (address, date of birth, ID type, three image keys), a vehicle, a guarantor and a receipt text;
 * `files` of them have real images in the local file store (the others name files that are gone,
 * which the job removes all the same). Then runs the erasure (modules/privacy/erasure.ts) as the
 * daily job does, and reports each batch transaction's time: the rows of users, user_profiles,
 * guarantors and sms_messages a batch erases are locked from its first UPDATE to its COMMIT, so the
 * longest batch is the longest any row of the people tables stays locked. Prints a Markdown section
 * for bench/erasure-results.md.
 */
import { cpus } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { parseArgs } from './dataset/sizes.ts';
import { createLocalFileStore } from '../apps/api/src/adapters/files.ts';
import { rowsOf } from '../apps/api/src/db/rows.ts';
import { eraseDeletedPeople } from '../apps/api/src/modules/privacy/index.ts';
import { createTestContext, TEST_DB } from '../apps/api/test/harness.ts';
import { pngImage } from '../apps/api/test/images.ts';

const args = parseArgs(process.argv.slice(2));
const PEOPLE = Number(args.get('people') ?? 100_000);
const FILES = Number(args.get('files') ?? 1000);
const DAY = 24 * 60 * 60 * 1000;

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

const ctx = await createTestContext();
try {
  const db = ctx.database.db;
  const store = createLocalFileStore(path.join(ctx.dataDir, 'uploads'), 'bench-secret-bench-secret-bench-secret');
  const seeded = performance.now();
  const deletedAt = new Date(Date.now() - 100 * DAY).toISOString();
  for (let from = 0; from < PEOPLE; from += 10_000) {
    const to = Math.min(PEOPLE, from + 10_000) - 1;
    await db.execute(sql`INSERT INTO users (user_code, full_name, email, phone, password_hash, role, is_motorist, registration_status, is_deleted, deleted_at)
      SELECT 'erase' || lpad(n::text, 7, '0'), 'Motorist ' || n, 'm' || n || '@example.test', '080' || lpad(n::text, 8, '0'), 'x', 'motorist', true,
        'approved', true, ${deletedAt}::timestamptz
      FROM generate_series(${from}::int, ${to}::int) n`);
  }
  const keys: string[] = [];
  for (let i = 0; i < FILES; i += 1) keys.push(await store.save(pngImage(), 'image/png'));
  const keyArray = `{${keys.join(',')}}`;
  await db.execute(sql`INSERT INTO user_profiles (user_id, address, dob, id_type, id_front_file, id_back_file, portrait_file)
    SELECT id, '1 Marina, Lagos', date '1990-05-04', 'nin',
      coalesce((${keyArray}::text[])[row_number() OVER (ORDER BY id)], md5(id::text) || '.png'), md5('b' || id::text) || '.png', md5('p' || id::text) || '.jpg'
    FROM users WHERE user_code LIKE 'erase%'`);
  await db.execute(
    sql`INSERT INTO vehicles (user_id, plate_number, vehicle_type, is_deleted) SELECT id, 'ER' || substr(user_code, 6), 'keke', true FROM users WHERE user_code LIKE 'erase%'`,
  );
  await db.execute(
    sql`INSERT INTO guarantors (user_id, name, phone, address) SELECT id, 'Guarantor', '08030000000', '2 Broad St' FROM users WHERE user_code LIKE 'erase%'`,
  );
  await db.execute(sql`INSERT INTO sms_messages (kind, motorist_id, to_phone, body, receipt_no, next_attempt_at, created_at, state)
    SELECT 'receipt', id, '2348031234567', 'Paid', 'S-' || user_code, now(), now(), 'sent' FROM users WHERE user_code LIKE 'erase%'`);
  await db.execute(sql`ANALYZE`);
  const seedSeconds = (performance.now() - seeded) / 1000;

  const started = performance.now();
  const report = await eraseDeletedPeople(db, store, new Date(), 90);
  const seconds = (performance.now() - started) / 1000;
  const [left] = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM users WHERE user_code LIKE 'erase%' AND erased_at IS NULL`);
  const sorted = [...report.batchMs].sort((a, b) => a - b);
  const when = new Date().toISOString().slice(0, 16);
  console.log(`### ${TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${when}Z

${PEOPLE.toLocaleString('en')} deleted people (${FILES} with real images in the local store; seeded in ${seedSeconds.toFixed(0)} s); ${cpus().length} cores (${cpus()[0]?.model.trim()}), shared.

| erasure job | figure |
|---|---|
| people erased | ${report.people.toLocaleString('en')} |
| images removed (files named) | ${report.files.toLocaleString('en')} |
| batches (of at most 250) | ${report.batches} |
| batch transaction p50 / p95 ms | ${quantile(sorted, 0.5).toFixed(1)} / ${quantile(sorted, 0.95).toFixed(1)} |
| **longest batch transaction (longest lock on the people tables) ms** | **${report.longestBatchMs.toFixed(1)}** |
| whole run s | ${seconds.toFixed(1)} |
| left not erased | ${left.n} |
`);
} finally {
  await ctx.close();
}
