import { randomBytes } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import type { Database } from './db/connect.ts';
import { users } from './db/schema.ts';
import { newUserCode } from './domain/codes.ts';
import { hashPassword } from './platform/credentials/passwords.ts';

/** Held while the first super-admin is created (migrate.ts holds 727_274_001). */
const SEED_LOCK_ID = 727_274_002;

const anyone = async (db: Pick<Database, 'select'>) => (await db.select({ value: count() }).from(users))[0].value > 0;

/**
 * On an empty database, creates the first approved super-admin. Returns what to tell the operator.
 * Processes starting together on an empty database create one: the check and the insert are made
 * under an advisory lock, and the others find it there.
 */
export async function seedSuperAdmin(
  db: Database,
  options: { email: string; password?: string },
): Promise<{ email: string; userCode: string; generatedPassword?: string } | null> {
  if (await anyone(db)) return null;
  const email = options.email.toLowerCase();
  const generatedPassword = options.password ? undefined : randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(options.password ?? generatedPassword!);
  const userCode = newUserCode();
  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    if (await anyone(tx)) return false;
    await tx
      .insert(users)
      .values({ userCode, fullName: 'super admin', email, phone: '+2340000000000', passwordHash, role: 'super-admin', registrationStatus: 'approved' });
    return true;
  });
  return created ? { email, userCode, generatedPassword } : null;
}
