import { sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import type { FileStore } from '../../adapters/files.ts';
import type { Database } from '../../db/connect.ts';
import { rowsOf } from '../../db/rows.ts';

/** The name an erased person is shown by: payments, scans and the ledger still point at the row. */
export const ERASED_NAME = 'Erased person';

/**
 * What erasure keeps, and why (shown with an erasure request's outcome; docs/data-protection.md).
 * The Unique ID and the plate number are the keys of the levy's financial records.
 */
export const KEPT_AFTER_ERASURE =
  'Kept: payments, receipts, penalties, scans and ledger entries (financial and levy records the law requires to be kept), ' +
  'the Unique ID and the vehicle (plate, type, model) they name, and the audit log of staff actions. ' +
  'Erased: name, phone, email, address, date of birth, gender, marital status, ID type and serial, guarantor, ' +
  'ID images and portrait, the phone number and wording of texts sent, and password reset requests.';

/** At most this many people per transaction: a batch holds its rows' locks well under a second (bench/erasure-results.md). */
const ERASURE_BATCH = 250;
/** A batch that would wait longer than this for a lock gives up (and the next run tries again). */
const LOCK_TIMEOUT = '1s';
const REMOVALS_AT_ONCE = 8;

interface Candidate {
  id: string;
  deleted_at: string;
  files: string[];
}

export interface ErasureReport {
  people: number;
  files: number;
  batches: number;
  /** The longest batch transaction, in milliseconds: the longest any erased row stayed locked. */
  longestBatchMs: number;
  /** Each batch transaction's time, in milliseconds (the bench reads them). */
  batchMs: number[];
}

/** The deleted people due for erasure after `after` (keyset), with the keys of their stored images. */
function dueBatch(db: Database, cutoff: Date, after: Candidate | null, limit: number): Promise<Candidate[]> {
  const from = after ? sql`AND (u.deleted_at, u.id) > (${after.deleted_at}::timestamptz, ${after.id}::uuid)` : sql``;
  return rowsOf<Candidate>(
    db,
    sql`SELECT u.id, u.deleted_at::text AS deleted_at,
          array_remove(ARRAY[p.id_front_file, p.id_back_file, p.portrait_file, g.front_file, g.back_file], NULL) AS files
        FROM users u
        LEFT JOIN user_profiles p ON p.user_id = u.id
        LEFT JOIN guarantors g ON g.user_id = u.id
        WHERE u.is_deleted AND u.erased_at IS NULL AND u.deleted_at <= ${cutoff.toISOString()}::timestamptz ${from}
        ORDER BY u.deleted_at, u.id
        LIMIT ${limit}`,
  );
}

/** The stored images of these people, whichever they are (an erasure request's person may not be due yet). */
function imagesOf(db: Database, ids: string[]): Promise<Candidate[]> {
  return rowsOf<Candidate>(
    db,
    sql`SELECT u.id, '' AS deleted_at,
          array_remove(ARRAY[p.id_front_file, p.id_back_file, p.portrait_file, g.front_file, g.back_file], NULL) AS files
        FROM users u LEFT JOIN user_profiles p ON p.user_id = u.id LEFT JOIN guarantors g ON g.user_id = u.id
        WHERE u.id = ANY(${toArray(ids)}::uuid[])`,
  );
}

const toArray = (ids: string[]) => `{${ids.join(',')}}`;

/**
 * Deletes the images first (a missing one is no error), then blanks the rows in one short
 * transaction: a failure between the two leaves rows naming files that are gone, which the next
 * run erases; never a file kept after its row says it is erased.
 */
async function eraseBatch(db: Database, files: FileStore, people: Candidate[], now: Date): Promise<{ erased: number; files: number; ms: number }> {
  const keys = people.flatMap((person) => person.files);
  const limit = pLimit(REMOVALS_AT_ONCE);
  await Promise.all(keys.map((key) => limit(() => files.remove(key))));
  const ids = toArray(people.map((person) => person.id));
  const started = performance.now();
  const erased = await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`));
    const locked = await rowsOf<{ id: string; email: string }>(
      tx,
      sql`SELECT id, email FROM users WHERE id = ANY(${ids}::uuid[]) AND erased_at IS NULL ORDER BY id FOR UPDATE SKIP LOCKED`,
    );
    if (locked.length === 0) return 0;
    const mine = toArray(locked.map((row) => row.id));
    const emails = `{${locked.map((row) => JSON.stringify(row.email)).join(',')}}`;
    await tx.execute(sql`DELETE FROM reset_requests WHERE email = ANY(${emails}::text[])`);
    await tx.execute(sql`DELETE FROM password_resets WHERE user_id = ANY(${mine}::uuid[])`);
    await tx.execute(sql`DELETE FROM guarantors WHERE user_id = ANY(${mine}::uuid[])`);
    await tx.execute(
      sql`UPDATE user_profiles SET address = NULL, marital_status = NULL, gender = NULL, dob = NULL, serial_id = NULL, id_type = NULL,
            id_front_file = NULL, id_back_file = NULL, portrait_file = NULL
          WHERE user_id = ANY(${mine}::uuid[])`,
    );
    await tx.execute(sql`UPDATE sms_messages SET to_phone = '', body = '(erased)', last_error = NULL WHERE motorist_id = ANY(${mine}::uuid[])`);
    // Email and phone are NOT NULL columns: '' holds nothing, and is outside the live-only unique indexes.
    await tx.execute(
      sql`UPDATE users SET full_name = ${ERASED_NAME}, email = '', phone = '', password_hash = '!', online = false,
            erased_at = ${now.toISOString()}::timestamptz
          WHERE id = ANY(${mine}::uuid[])`,
    );
    return locked.length;
  });
  return { erased, files: keys.length, ms: performance.now() - started };
}

/** Erases the personal data of people deleted at least `days` ago, in keyset batches. */
export async function eraseDeletedPeople(db: Database, files: FileStore, now: Date, days: number, batchSize = ERASURE_BATCH): Promise<ErasureReport> {
  const cutoff = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const report: ErasureReport = { people: 0, files: 0, batches: 0, longestBatchMs: 0, batchMs: [] };
  let after: Candidate | null = null;
  for (;;) {
    const batch = await dueBatch(db, cutoff, after, batchSize);
    if (batch.length === 0) return report;
    const done = await eraseBatch(db, files, batch, now);
    report.people += done.erased;
    report.files += done.files;
    report.batches += 1;
    report.longestBatchMs = Math.max(report.longestBatchMs, done.ms);
    report.batchMs.push(done.ms);
    after = batch[batch.length - 1];
  }
}

/** Erases these (deleted) people now: an approved erasure request. */
export async function erasePeopleNow(db: Database, files: FileStore, ids: string[], now: Date): Promise<number> {
  const people = await imagesOf(db, ids);
  if (people.length === 0) return 0;
  return (await eraseBatch(db, files, people, now)).erased;
}
