import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@eticket/contracts';
import { controlledClock, createPerson, createTestContext, outboxMessages, sendQueuedMail, signIn, type TestContext } from '../../../test/harness.ts';

let ctx: TestContext;
const clock = controlledClock('2026-05-10T08:00:00Z');
beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(async () => ctx.close());

/** Asks for a code; returns the cookie that binds the reset to this "browser" and the mailed code. */
async function requestCode(email: string, address = '10.0.0.1') {
  const before = outboxMessages(ctx).length;
  const reply = await ctx.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email }, remoteAddress: address });
  expect(reply.statusCode).toBe(200);
  expect(reply.json().message).toBe(MESSAGES.resetMailSent);
  const cookie = reply.cookies.find((c) => c.name === 'eticket_reset');
  expect(cookie?.httpOnly).toBe(true);
  await sendQueuedMail(ctx);
  const mails = outboxMessages(ctx);
  const code = mails.length > before ? /reset code is (\d{6})/.exec(mails.at(-1)!)?.[1] : undefined;
  return { cookie: `eticket_reset=${cookie!.value}`, code, mail: mails.length > before ? mails.at(-1)! : undefined };
}

const reset = (cookie: string | undefined, token: string, password = 'a-new-password-1') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/password-reset',
    payload: { token, password, confirmPassword: password },
    headers: cookie ? { cookie } : {},
  });

describe('password reset', () => {
  it('mails a 6-digit code to the account, which resets the password once and ends earlier sessions', async () => {
    const person = await createPerson(ctx, { role: 'admin', email: 'reset.me@example.test' });
    const oldToken = await signIn(ctx, person.email);
    const { cookie, code, mail } = await requestCode('  Reset.Me@example.test');
    expect(mail).toContain('To: reset.me@example.test');
    expect(code).toMatch(/^\d{6}$/);

    const done = await reset(cookie, code!);
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(MESSAGES.passwordReset);

    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${oldToken}` } })).statusCode).toBe(401);
    await expect(signIn(ctx, person.email, 'a-new-password-1')).resolves.toBeTruthy();
    expect((await reset(cookie, code!, 'yet-another-pass')).statusCode).toBe(400);
  });

  it('answers an unknown email exactly like a known one, and mails nothing', async () => {
    const { mail } = await requestCode('nobody@example.test');
    expect(mail).toBeUndefined();
  });

  it('allows 5 tries, then the code is dead even when right', async () => {
    const person = await createPerson(ctx, { role: 'admin' });
    const { cookie, code } = await requestCode(person.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const reply = await reset(cookie, wrong);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe(MESSAGES.resetInvalidCode);
    }
    expect((await reset(cookie, code!)).statusCode).toBe(400);
  });

  it('expires after 15 minutes', async () => {
    const person = await createPerson(ctx, { role: 'admin' });
    const { cookie, code } = await requestCode(person.email);
    clock.advance(15 * 60 * 1000 + 1000);
    expect((await reset(cookie, code!)).statusCode).toBe(400);
  });

  it('works only in the browser that asked for it', async () => {
    const person = await createPerson(ctx, { role: 'admin' });
    const { code } = await requestCode(person.email);
    expect((await reset(undefined, code!)).statusCode).toBe(400);
  });

  it("a newer request does not retire an older code (a stranger's request cannot spoil the owner's); using one retires the others", async () => {
    const person = await createPerson(ctx, { role: 'admin' });
    const first = await requestCode(person.email);
    const second = await requestCode(person.email, '10.66.0.1');
    expect((await reset(first.cookie, first.code!)).statusCode).toBe(200);
    expect((await reset(second.cookie, second.code!, 'another-new-password-2')).statusCode).toBe(400);
  });

  it('validates the request, naming what is wrong', async () => {
    const noEmail = await ctx.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: ' ' } });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().message).toBe(MESSAGES.emailRequired);
    const mismatch = await ctx.app.inject({
      method: 'POST',
      url: '/api/password-reset',
      payload: { token: '123456', password: 'long-enough-1', confirmPassword: 'long-enough-2' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(MESSAGES.passwordsDiffer);
    const shortPassword = await reset(undefined, '123456', 'short');
    expect(shortPassword.json().message).toMatch(/password/);
  });

  it('limits how many codes one address may ask for, whichever accounts: beyond the limit it answers as usual and sends nothing', async () => {
    const sent: boolean[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const person = await createPerson(ctx, { role: 'admin' });
      const { mail } = await requestCode(person.email, '10.9.9.9');
      sent.push(mail !== undefined);
    }
    expect(sent.slice(0, 10).every(Boolean)).toBe(true);
    expect(sent[10]).toBe(false);
  });
});
