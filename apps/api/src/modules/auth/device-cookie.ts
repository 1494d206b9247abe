import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a successful
 * sign-in gives the browser a signed cookie naming the account and a random device id. An attempt
 * that carries a valid one for the account it signs in to comes from a browser the owner has used:
 * it is throttled per device only, so failures from elsewhere, however many addresses they come
 * from, cannot lock the owner out.
 */
export const DEVICE_COOKIE = 'eticket_device';
/** Sent with sign-in attempts only. */
const DEVICE_COOKIE_PATH = '/api/login';
/**
 * Where the cookie is set: sign-in, and reset requests (the owner's browser may always ask for a
 * code). The first is the sign-in one.
 */
export const DEVICE_COOKIE_PATHS = [DEVICE_COOKIE_PATH, '/api/forgot-password'] as const;
export const DEVICE_COOKIE_TTL_DAYS = 90;

export interface Device {
  accountId: string;
  deviceId: string;
}

export function createDeviceCookies(key: string) {
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  const ttlMs = DEVICE_COOKIE_TTL_DAYS * 24 * 3600 * 1000;

  return {
    /** A cookie value for this account: the device id is kept when the browser had one for it. */
    issue(accountId: string, now: Date, deviceId: string = randomUUID()): string {
      const payload = Buffer.from(JSON.stringify({ a: accountId, d: deviceId, t: now.getTime() })).toString('base64url');
      return `${payload}.${sign(payload)}`;
    },

    /** The device of a cookie we signed that has not expired, else null. */
    verify(value: string | undefined, now: Date): Device | null {
      if (!value) return null;
      const [payload, signature, ...rest] = value.split('.');
      if (!payload || !signature || rest.length > 0) return null;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const { a, d, t } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { a?: unknown; d?: unknown; t?: unknown };
        if (typeof a !== 'string' || typeof d !== 'string' || typeof t !== 'number') return null;
        if (now.getTime() - t > ttlMs) return null;
        return { accountId: a, deviceId: d };
      } catch {
        return null;
      }
    },
  };
}
