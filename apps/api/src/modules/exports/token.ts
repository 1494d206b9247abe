import { createHmac, timingSafeEqual } from 'node:crypto';
import { EXPORT_LINK_TTL_SECONDS, EXPORT_PATHS, type ExportPath } from '@eticket/contracts';

/** What a download link carries: who asked, for which list and query, until when. */
export interface ExportClaims {
  userId: string;
  /** The caller's token version when asked: signing out everywhere ends the link too. */
  tokenVersion: number;
  path: ExportPath;
  query: Record<string, string>;
  /** Seconds since the epoch. */
  expires: number;
}

interface Payload {
  u: string;
  v: number;
  p: string;
  q: Record<string, string>;
  e: number;
}

/** Signs and checks download tokens: base64url(JSON payload) "." base64url(HMAC-SHA256). */
export function createExportTokens(secret: string) {
  const sign = (payload: string) => createHmac('sha256', `exports:${secret}`).update(payload).digest('base64url');

  return {
    sign(claims: Omit<ExportClaims, 'expires'>, now: Date): string {
      const payload: Payload = {
        u: claims.userId,
        v: claims.tokenVersion,
        p: claims.path,
        q: claims.query,
        e: Math.floor(now.getTime() / 1000) + EXPORT_LINK_TTL_SECONDS,
      };
      const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${encoded}.${sign(encoded)}`;
    },

    /** The claims of a token signed here and not expired, else null. */
    verify(token: string, now: Date): ExportClaims | null {
      const [encoded, signature, ...rest] = token.split('.');
      if (!encoded || !signature || rest.length > 0) return null;
      const expected = Buffer.from(sign(encoded));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      const payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Payload;
      if (!Number.isInteger(payload.e) || payload.e < Math.floor(now.getTime() / 1000)) return null;
      if (!(EXPORT_PATHS as readonly string[]).includes(payload.p)) return null;
      return { userId: payload.u, tokenVersion: payload.v, path: payload.p as ExportPath, query: payload.q, expires: payload.e };
    },
  };
}
export type ExportTokens = ReturnType<typeof createExportTokens>;
