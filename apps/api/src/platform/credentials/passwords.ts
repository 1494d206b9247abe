import { hash, verify } from '@node-rs/argon2';
import { ownWords, passwordWeakness } from '@eticket/contracts';
import { badRequest } from '../http/errors.ts';

// argon2id with the library's defaults (OWASP-recommended memory and time cost).
export const hashPassword = (password: string): Promise<string> => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verified against when no account matches, so a wrong email costs as long as a wrong password.
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hash('not-a-real-password-for-timing-only');
  await verifyPassword(await dummyHash, password);
  return false;
}

/**
 * A new password judged with the words of whom it is for (their name, email, the levy's name): one
 * made of them ('ChineduOkafor1' for Chinedu Okafor, 'eticketing2026') is a 400 naming `field`. The
 * contract's schema judged it alone before; only the server knows the person and LEVY_NAME.
 */
export function refuseOwnWordsPassword(field: string, password: string, ...texts: readonly (string | null | undefined)[]): void {
  const weakness = passwordWeakness(password, ownWords(...texts));
  if (weakness) throw badRequest(`${field} ${weakness}`);
}
