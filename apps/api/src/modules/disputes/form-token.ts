import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a form page's token is taken: long enough to write a report on a slow phone. */
export const FORM_TOKEN_TTL_MS = 2 * 60 * 60 * 1000;

/**
 * The no-account form's CSRF guard: the form page carries a token signed by the server (HMAC-SHA256
 * of the page it was written for and when), and a post is taken only with a token this server
 * signed for that page within FORM_TOKEN_TTL_MS. Another site cannot make one; no cookie is needed.
 */
export function formTokens(secret: string) {
  const key = createHmac('sha256', secret).update('dispute-form').digest();
  const mac = (page: string, issuedAt: number) => createHmac('sha256', key).update(`${page}|${issuedAt}`).digest('base64url');
  return {
    sign: (page: string, now: Date): string => `${now.getTime()}.${mac(page, now.getTime())}`,
    verify(page: string, token: string, now: Date): boolean {
      const [issued, given] = token.split('.');
      const issuedAt = Number(issued);
      if (!Number.isSafeInteger(issuedAt) || !given) return false;
      const age = now.getTime() - issuedAt;
      if (age < -60_000 || age > FORM_TOKEN_TTL_MS) return false;
      const expected = Buffer.from(mac(page, issuedAt));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}
export type FormTokens = ReturnType<typeof formTokens>;
