import { createHmac, timingSafeEqual } from 'node:crypto';

/** Paystack's x-paystack-signature: hex HMAC-SHA512 of the raw request body, keyed by the secret key. */
export function paystackSignature(secretKey: string, rawBody: Buffer | string): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

/** Whether `signature` is the body's, compared in constant time; a missing or malformed header is false. */
export function signatureMatches(secretKey: string, rawBody: Buffer, signature: string | undefined): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = Buffer.from(paystackSignature(secretKey, rawBody), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
