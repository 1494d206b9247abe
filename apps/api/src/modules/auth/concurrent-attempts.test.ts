import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlledClock, createPerson, createTestContext, type TestContext } from '../../../test/harness.ts';
import { DEVICE_COOKIE } from './device-cookie.ts';
import { SIGN_IN_LIMITS } from './service.ts';

/**
 * The attack of issue 24: sixty simultaneous sign-in attempts from one address against one account,
 * the right password among them, sent to two server processes at once. Each attempt takes its slot
 * before its password is checked, so no more than the limit are checked, and the burst uses up only
 * this address's count for the account: the owner still signs in.
 */
const clock = controlledClock('2026-08-01T08:00:00Z');
let ctx: TestContext;
let other: FastifyInstance;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
  other = await ctx.secondApp();
});
afterAll(async () => ctx.close());

const attempt = (app: FastifyInstance, userCode: string, password: string, address: string, device?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { userCode, password },
    remoteAddress: address,
    headers: device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {},
  });

describe('simultaneous sign-in attempts', () => {
  it('60 at once from one address, the right password among them: at most 5 wrong ones are checked, none after the limit, and the owner still signs in', async () => {
    const owner = await createPerson(ctx, { role: 'admin' });
    const first = await attempt(ctx.app, owner.email, owner.password, '10.1.0.1');
    const device = first.cookies.find((cookie) => cookie.name === DEVICE_COOKIE)!.value;

    const rightAt = 37;
    const passwords = Array.from({ length: 60 }, (_, n) => (n === rightAt ? owner.password : `wrong-guess-${n}`));
    const replies = await Promise.all(passwords.map((password, n) => attempt(n % 2 ? other : ctx.app, owner.email, password, '172.20.0.9')));
    const count = (status: number) => replies.filter((reply) => reply.statusCode === status).length;

    // Every attempt was either checked (401 wrong, 200 right) or refused unchecked (429).
    expect(count(401) + count(200) + count(429)).toBe(60);
    expect(count(401)).toBeLessThanOrEqual(SIGN_IN_LIMITS.perAccountAndAddress);
    expect(count(401) + count(200)).toBeLessThanOrEqual(SIGN_IN_LIMITS.perAccountAndAddress + 1);
    // The right password got in only if it took one of the slots before the wrong ones had them all.
    const right = replies[rightAt].statusCode;
    expect([200, 429]).toContain(right);
    if (right === 429) expect(count(401)).toBe(SIGN_IN_LIMITS.perAccountAndAddress);

    // The limit is taken now: the right password from this address is refused, on either process, unchecked.
    const afterwards = await Promise.all([
      attempt(ctx.app, owner.email, owner.password, '172.20.0.9'),
      attempt(other, owner.email, owner.password, '172.20.0.9'),
    ]);
    expect(afterwards.map((reply) => reply.statusCode)).toEqual([429, 429]);

    // The owner's browser gets in, from that very address, and so does the owner from another address:
    // the burst counted 5 against the account, not 60 (its limit is 50).
    expect((await attempt(other, owner.email, owner.password, '172.20.0.9', device)).statusCode).toBe(200);
    expect((await attempt(ctx.app, owner.email, owner.password, '10.1.0.2')).statusCode).toBe(200);
    clock.advance(SIGN_IN_LIMITS.windowMs);
  }, 120_000);

  it('60 at once against one account from 60 addresses: at most the account limit of wrong ones are checked', async () => {
    const owner = await createPerson(ctx, { role: 'admin' });
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, n) => attempt(n % 2 ? other : ctx.app, owner.userCode, `wrong-guess-${n}`, `172.21.0.${n + 1}`)),
    );
    const statuses = replies.map((reply) => reply.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(SIGN_IN_LIMITS.perAccount);
    expect(statuses.filter((status) => status === 429)).toHaveLength(60 - SIGN_IN_LIMITS.perAccount);
    clock.advance(SIGN_IN_LIMITS.windowMs);
  }, 120_000);

  it('a right password gives back its slot: an office signing in one after another through one address is not counted as failing', async () => {
    const people = await Promise.all(Array.from({ length: SIGN_IN_LIMITS.perAddress + 5 }, () => createPerson(ctx, { role: 'user' })));
    for (const person of people) expect((await attempt(ctx.app, person.email, person.password, '172.22.0.1')).statusCode).toBe(200);
  }, 120_000);
});
