/**
 * Money: integer kobo in the database and in every sum; naira (at most 2 decimals) in the API.
 * The only place that converts between them.
 */
import { MAX_NAIRA_AMOUNT } from '@eticket/contracts';

export type Kobo = number;

const NAIRA_TEXT = /^(\d+)(?:\.(\d{1,2}))?$/;

/** Naira (already validated by the contracts: ≥ 0, at most 2 decimals) to kobo, exactly (no float multiply). */
export function toKobo(naira: number): Kobo {
  const match = Number.isFinite(naira) ? NAIRA_TEXT.exec(String(naira)) : null;
  if (!match || naira > MAX_NAIRA_AMOUNT) throw new RangeError(`not a naira amount with at most 2 decimals: ${naira}`);
  const [, whole, fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Kobo to naira for the API: the nearest number to the exact 2-decimal value (e.g. 199950 → 1999.5). */
export function toNaira(kobo: Kobo | bigint | string): number {
  const value = koboOf(kobo);
  return value / 100;
}

/** A kobo value from the database (int8 may arrive as string or bigint), checked to be a safe integer. */
export function koboOf(value: Kobo | bigint | string | null | undefined): Kobo {
  if (value === null || value === undefined) return 0;
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(number)) throw new RangeError(`kobo value is not a safe integer: ${String(value)}`);
  return number;
}

/** Naira with the Nigerian grouping, for messages: ₦1,234.50 */
export function formatNaira(kobo: Kobo): string {
  return `₦${(kobo / 100).toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
