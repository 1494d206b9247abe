import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { Database } from './db/connect.ts';
import { users } from './db/schema.ts';
import { newUserCode } from './domain/codes.ts';
import { hashPassword } from './platform/credentials/passwords.ts';

/** On an empty database, creates the first approved super-admin. Returns what to tell the operator. */
export async function seedSuperAdmin(
  db: Database,
  options: { email: string; password?: string },
): Promise<{ email: string; userCode: string; generatedPassword?: string } | null> {
  const [{ value }] = await db.select({ value: count() }).from(users);
  if (value > 0) return null;
  const generatedPassword = options.password ? undefined : randomBytes(12).toString('base64url');
  const userCode = newUserCode();
  await db.insert(users).values({
    userCode,
    fullName: 'super admin',
    email: options.email.toLowerCase(),
    phone: '+2340000000000',
    passwordHash: await hashPassword(options.password ?? generatedPassword!),
    role: 'super-admin',
    registrationStatus: 'approved',
  });
  return { email: options.email.toLowerCase(), userCode, generatedPassword };
}
