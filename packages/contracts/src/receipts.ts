/**
 * Receipt numbers: every subscription and penalty payment has one (DESIGN.md, Money).
 *
 * Format: 12 characters shown in three groups of four, e.g. `S7KQ-2M9X-D4HP`:
 * - the kind: `S` a subscription payment, `P` a penalty payment (so the two tables never share a number);
 * - 10 random characters (31^10 ≈ 8·10^14, about 49 bits: not guessable, even at scale);
 * - a check character.
 *
 * Alphabet: Crockford's base 32 without `Z` (31 characters, a prime): digits and capitals with no
 * I, L, O, U or Z, so nothing reads as something else over the phone. On input, case, spaces and
 * hyphens are ignored, and O reads as 0, I and L as 1.
 *
 * Check: the value of position i (1 to 12, the check last) times i, summed, is 0 modulo 31. As 31 is
 * prime and the weights differ, every single wrong character and every swap of two characters is
 * caught. The same check is written in SQL (migration 0018, `receipt_check_char`); a test keeps the two equal.
 */

export const RECEIPT_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXY';
const BASE = RECEIPT_ALPHABET.length;
const RANDOM_LENGTH = 10;
/** Kind + random part + check. */
export const RECEIPT_LENGTH = 1 + RANDOM_LENGTH + 1;

export const RECEIPT_KINDS = { subscription: 'S', penalty: 'P' } as const;
export type ReceiptKind = keyof typeof RECEIPT_KINDS;

/** 12^-1 modulo 31: the check character's weight is 12. */
const INVERSE_OF_CHECK_WEIGHT = 13;

const valueOf = (char: string) => RECEIPT_ALPHABET.indexOf(char);

/** The check character of the first 11 characters (kind and random part, no hyphens). */
export function receiptCheckChar(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) sum += (i + 1) * valueOf(body[i]);
  const check = (((BASE - (sum % BASE)) % BASE) * INVERSE_OF_CHECK_WEIGHT) % BASE;
  return RECEIPT_ALPHABET[check];
}

/** `S7KQ2M9XD4HP` → `S7KQ-2M9X-D4HP`. */
const grouped = (compact: string) => `${compact.slice(0, 4)}-${compact.slice(4, 8)}-${compact.slice(8)}`;

/** Random characters of the alphabet, without bias (bytes of 248 and above are drawn again). */
function randomCharacters(count: number): string {
  let out = '';
  const bytes = new Uint8Array(count * 2);
  while (out.length < count) {
    globalThis.crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte < BASE * 8 && out.length < count) out += RECEIPT_ALPHABET[byte % BASE];
    }
  }
  return out;
}

/** A new receipt number of this kind, in its canonical (grouped) form. */
export function newReceiptNo(kind: ReceiptKind): string {
  const body = RECEIPT_KINDS[kind] + randomCharacters(RANDOM_LENGTH);
  return grouped(body + receiptCheckChar(body));
}

/**
 * A receipt number as typed, read or scanned, in its canonical form; null when it is not one
 * (wrong length, a character outside the alphabet, an unknown kind, or a check that fails).
 */
export function parseReceiptNo(input: string): string | null {
  if (input.length > 40) return null;
  const compact = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (compact.length !== RECEIPT_LENGTH) return null;
  if ([...compact].some((char) => valueOf(char) < 0)) return null;
  if (!Object.values(RECEIPT_KINDS).includes(compact[0] as 'S' | 'P')) return null;
  if (receiptCheckChar(compact.slice(0, -1)) !== compact[RECEIPT_LENGTH - 1]) return null;
  return grouped(compact);
}

/** The kind of payment a (canonical) receipt number belongs to. */
export function receiptKindOf(receiptNo: string): ReceiptKind {
  return receiptNo.startsWith(RECEIPT_KINDS.penalty) ? 'penalty' : 'subscription';
}
