import { describe, expect, it } from 'vitest';
import type { TokenUser } from '@eticket/contracts';
import { createTokenService } from './tokens.ts';

const user: TokenUser = {
  id: 'b6c1a2f0-0000-4000-8000-000000000001',
  role: 'admin',
  agentRole: null,
  isMotorist: false,
  department: null,
  unionRole: null,
  unionName: null,
};
const signedAt = new Date('2026-05-01T10:00:00Z');
const later = (seconds: number) => new Date(signedAt.getTime() + seconds * 1000);

describe('token service', () => {
  it('keeps a verified token: the next check of the same token answers the same claims without verifying again', async () => {
    const tokens = createTokenService('s'.repeat(40), 3600);
    const token = await tokens.sign(user, 3, signedAt);
    const first = await tokens.verify(token, later(1));
    expect(first).toMatchObject({ user, tv: 3 });
    expect(await tokens.verify(token, later(2))).toBe(first);
  });

  it('a kept token still expires, on the second jose would refuse it', async () => {
    const tokens = createTokenService('s'.repeat(40), 3600);
    const token = await tokens.sign(user, 0, signedAt);
    expect(await tokens.verify(token, later(3599))).not.toBeNull();
    expect(await tokens.verify(token, later(3599.999))).not.toBeNull();
    expect(await tokens.verify(token, later(3600))).toBeNull();
  });

  it('refuses a token altered after a genuine one was kept, and one signed with another key', async () => {
    const tokens = createTokenService('s'.repeat(40), 3600);
    const token = await tokens.sign(user, 0, signedAt);
    expect(await tokens.verify(token, later(1))).not.toBeNull();
    const [header, payload, signature] = token.split('.');
    const altered = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), tv: 9 })).toString('base64url');
    expect(await tokens.verify(`${header}.${altered}.${signature}`, later(1))).toBeNull();
    expect(await tokens.verify(`${token}x`, later(1))).toBeNull();
    const foreign = await createTokenService('t'.repeat(40), 3600).sign(user, 0, signedAt);
    expect(await tokens.verify(foreign, later(1))).toBeNull();
  });
});
