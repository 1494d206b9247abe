import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@eticket/contracts';
import { controlledClock, createPerson, createTestContext, type TestContext } from '../../../test/harness.ts';
import { DEVICE_COOKIE } from './device-cookie.ts';
import { SIGN_IN_LIMITS } from './service.ts';

/**
 * Sign-in lock-out cannot be turned against the owner: failures from anywhere else lock out
 * untrusted attempts only for a window, while the owner's browser (holding the device cookie of a
 * past sign-in) still gets in; the attacker never does.
 */
const clock = controlledClock('2026-04-01T08:00:00Z');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(async () => ctx.close());

const attempt = (userCode: string, password: string, options: { address?: string; device?: string } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { userCode, password },
    remoteAddress: options.address ?? '10.0.0.1',
    headers: options.device ? { cookie: `${DEVICE_COOKIE}=${options.device}` } : {},
  });

/** Signs in from the owner's browser and keeps the device cookie it was given. */
async function ownersBrowser(email: string, password: string) {
  const reply = await attempt(email, password, { address: '10.0.0.1' });
  expect(reply.statusCode).toBe(200);
  const cookie = reply.cookies.find((c) => c.name === DEVICE_COOKIE);
  expect(cookie).toBeDefined();
  return cookie!;
}

/** An attacker spreading wrong passwords over many addresses (`each` per address: under the per-address-and-account limit). */
async function attackFromManyAddresses(email: string, addresses = 20, each = 3) {
  const statuses = new Map<number, number>();
  for (let ip = 0; ip < addresses; ip += 1) {
    for (let n = 0; n < each; n += 1) {
      const reply = await attempt(email, `guess-${ip}-${n}`, { address: `172.16.${Math.floor(ip / 250)}.${ip % 250}` });
      statuses.set(reply.statusCode, (statuses.get(reply.statusCode) ?? 0) + 1);
    }
  }
  return statuses;
}

describe('sign-in lock-out that cannot lock a chosen person out', () => {
  it('sets a signed device cookie on sign-in: HttpOnly, SameSite=Strict, sent to the sign-in call only', async () => {
    const person = await createPerson(ctx, { role: 'admin' });
    const cookie = await ownersBrowser(person.email, person.password);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Strict');
    expect(cookie.path).toBe('/api/login');
    expect(cookie.maxAge).toBeGreaterThan(0);
    expect(cookie.value).not.toContain(person.password);
  });

  it('an attacker on 200 addresses locks the account for untrusted browsers, never gets in, and cannot stop the owner on their browser', async () => {
    const owner = await createPerson(ctx, { role: 'admin' });
    const device = await ownersBrowser(owner.email, owner.password);

    const statuses = await attackFromManyAddresses(owner.email, 200, 2);
    expect(statuses.get(200)).toBeUndefined();
    expect(statuses.get(401)).toBe(SIGN_IN_LIMITS.perAccount);
    expect(statuses.get(429)).toBe(400 - SIGN_IN_LIMITS.perAccount);

    // Even the right password is refused to an untrusted browser now, by email and by Unique ID alike...
    const untrusted = await attempt(owner.email, owner.password, { address: '10.0.0.2' });
    expect(untrusted.statusCode).toBe(429);
    expect(untrusted.json().message).toBe(MESSAGES.tooManyAttempts);
    expect((await attempt(owner.userCode, owner.password, { address: '10.0.0.3' })).statusCode).toBe(429);

    // ...but the owner's browser gets in, from any address, while the attack goes on.
    const trusted = await attempt(owner.email, owner.password, { address: '172.16.0.7', device: device.value });
    expect(trusted.statusCode).toBe(200);
    expect(trusted.json().token).toBeTruthy();
    const again = await attackFromManyAddresses(owner.email, 20);
    expect(again.get(200)).toBeUndefined();
    expect((await attempt(owner.email, owner.password, { device: device.value })).statusCode).toBe(200);
  }, 90_000);

  it('the lock lasts its window only: then the right password works from an untrusted browser again', async () => {
    const owner = await createPerson(ctx, { role: 'admin' });
    await attackFromManyAddresses(owner.email);
    const locked = await attempt(owner.email, owner.password, { address: '10.0.0.9' });
    expect(locked.statusCode).toBe(429);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_LIMITS.windowMs / 1000);

    clock.advance(retryAfter * 1000);
    expect((await attempt(owner.email, owner.password, { address: '10.0.0.9' })).statusCode).toBe(200);
  }, 60_000);

  it("another account's device cookie, an altered one or one signed with another key earns no trust", async () => {
    const owner = await createPerson(ctx, { role: 'admin' });
    const attacker = await createPerson(ctx, { role: 'admin' });
    const attackersDevice = await ownersBrowser(attacker.email, attacker.password);
    await attackFromManyAddresses(owner.email);

    const [payload, signature] = attackersDevice.value.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const altered = `${Buffer.from(JSON.stringify({ ...claims, a: owner.id })).toString('base64url')}.${signature}`;
    for (const device of [attackersDevice.value, altered, 'not-a-cookie', `${payload}.${'A'.repeat(signature.length)}`]) {
      const reply = await attempt(owner.email, owner.password, { device });
      expect(reply.statusCode, device).toBe(429);
    }
    clock.advance(SIGN_IN_LIMITS.windowMs);
  }, 60_000);

  it('a trusted device has a limit of its own, so a stolen device cookie does not buy endless guesses; it too ends with its window', async () => {
    const owner = await createPerson(ctx, { role: 'admin' });
    const device = await ownersBrowser(owner.email, owner.password);
    for (let n = 0; n < SIGN_IN_LIMITS.perDevice; n += 1) {
      expect((await attempt(owner.email, `wrong-${n}`, { device: device.value, address: `10.3.0.${n}` })).statusCode).toBe(401);
    }
    expect((await attempt(owner.email, owner.password, { device: device.value })).statusCode).toBe(429);
    // The device's failures did not count against the account: another browser of the owner is not locked.
    expect((await attempt(owner.email, owner.password, { address: '10.4.0.1' })).statusCode).toBe(200);
    clock.advance(SIGN_IN_LIMITS.windowMs);
    expect((await attempt(owner.email, owner.password, { device: device.value })).statusCode).toBe(200);
  });

  it('the device cookie expires: an old one is not trusted', async () => {
    const owner = await createPerson(ctx, { role: 'admin' });
    const device = await ownersBrowser(owner.email, owner.password);
    clock.advance(91 * 24 * 3600 * 1000);
    await attackFromManyAddresses(owner.email);
    expect((await attempt(owner.email, owner.password, { device: device.value })).statusCode).toBe(429);
    clock.advance(SIGN_IN_LIMITS.windowMs);
  }, 60_000);
});
