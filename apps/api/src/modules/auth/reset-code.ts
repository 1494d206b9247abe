import { createHmac } from 'node:crypto';

/** Digits of a reset code. */
export const RESET_CODE_DIGITS = 6;

/** The stored form of a reset's code: an HMAC, so a leaked table does not give the codes away. */
export function resetCodeHasher(key: string) {
  return (resetId: string, code: string): Buffer => createHmac('sha256', key).update(`${resetId}:${code}`).digest();
}
export type ResetCodeHasher = ReturnType<typeof resetCodeHasher>;
