import { SignJWT, errors, jwtVerify } from 'jose';
import { tokenUser, type TokenUser } from '@eticket/contracts';
import { z } from 'zod';

const claims = z.object({ user: tokenUser, tv: z.number().int(), exp: z.number() });
export type SessionClaims = z.infer<typeof claims>;

export interface TokenService {
  sign(user: TokenUser, tokenVersion: number, now: Date): Promise<string>;
  /** The claims of a valid token signed by us, else null. */
  verify(token: string, now: Date): Promise<SessionClaims | null>;
}

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  // Imported once: given the raw bytes, jose imports a WebCrypto key on every call (~0.2 ms a request).
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  return {
    async sign(user, tokenVersion, now) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      return new SignJWT({ user, tv: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(await key);
    },
    async verify(token, now) {
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'], currentDate: now });
        const parsed = claims.safeParse(payload);
        return parsed.success ? parsed.data : null;
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
