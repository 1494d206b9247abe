import type { TokenUser } from '@eticket/contracts';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A token shaped like the server's but not signed by it: the console reads its claims, the server
 * refuses it. Lets a journey set up an expired or forged session without waiting.
 */
export function unsignedToken(user: Partial<TokenUser>, exp: number): string {
  const claims = {
    user: {
      id: '00000000-0000-4000-8000-000000000000',
      role: 'admin',
      agentRole: null,
      isMotorist: false,
      department: null,
      unionRole: null,
      unionName: null,
      ...user,
    },
    tv: 0,
    exp,
  };
  return [encode({ alg: 'HS256', typ: 'JWT' }), encode(claims), 'not-a-signature'].join('.');
}

export const secondsFromNow = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;
