import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, RESET_CODE_MAX_TRIES, RESET_CODE_TTL_MINUTES } from '@eticket/contracts';
import { controlledClock, createPerson, createTestContext, outboxMessages, sendQueuedMail, signIn, type TestContext } from '../../../test/harness.ts';
import { passwordResets, resetRequests } from '../../db/schema.ts';
import { RESET_CODE_DIGITS, RESET_GUESS_BOUND_PER_DAY, RESET_REQUEST_LIMIT } from './service.ts';

/**
 * Password-reset codes cannot be guessed within their tries: each code is compared at most
 * RESET_CODE_MAX_TRIES times (even when the guesses arrive all at once), only in the browser that
 * asked, only before it expires, once; and the codes one account can be sent are limited, whatever
 * number of addresses ask, so the chance of a guess in a day is bounded.
 */
const clock = controlledClock('2026-07-01T08:00:00Z');
let ctx: TestContext;
let addressCounter = 0;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(async () => ctx.close());

/** A fresh address per request, so only the per-account limit can stop a guesser. */
const freshAddress = () => {
  addressCounter += 1;
  return `10.${Math.floor(addressCounter / 250) % 250}.${addressCounter % 250}.7`;
};

async function requestCode(email: string) {
  const before = outboxMessages(ctx).length;
  const reply = await ctx.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email }, remoteAddress: freshAddress() });
  const cookie = reply.cookies.find((c) => c.name === 'eticket_reset');
  await sendQueuedMail(ctx);
  const mails = outboxMessages(ctx);
  const code = mails.length > before ? new RegExp(`reset code is (\\d{${RESET_CODE_DIGITS}})\\b`).exec(mails.at(-1)!)?.[1] : undefined;
  return { status: reply.statusCode, cookie: cookie ? `eticket_reset=${cookie.value}` : undefined, code, resetId: cookie?.value };
}

const reset = (cookie: string | undefined, token: string, password = 'a-new-password-1') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/password-reset',
    payload: { token, password, confirmPassword: password },
    headers: cookie ? { cookie } : {},
  });

const wrongCodes = (right: string, n: number) =>
  Array.from({ length: n + 1 }, (_, i) => String((Number(right) + 1 + i * 7919) % 10 ** RESET_CODE_DIGITS).padStart(RESET_CODE_DIGITS, '0'))
    .filter((c) => c !== right)
    .slice(0, n);

describe('password-reset codes cannot be guessed within their tries', () => {
  it(`after ${RESET_CODE_MAX_TRIES} wrong tries the code is dead, even when the right one follows`, async () => {
    const person = await createPerson(ctx, { role: 'admin' });
    const { cookie, code } = await requestCode(person.email);
    for (const wrong of wrongCodes(code!, RESET_CODE_MAX_TRIES)) {
      const reply = await reset(cookie, wrong);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe(MESSAGES.resetInvalidCode);
    }
    const right = await reset(cookie, code!);
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(MESSAGES.resetInvalidCode);
    await expect(signIn(ctx, person.email, 'a-new-password-1')).rejects.toThrow();
  });

  it('guesses sent all at once are still only as many tries as allowed', async () => {
    const person = await createPerson(ctx, { role: 'admin' });
    const { cookie, code, resetId } = await requestCode(person.email);
    const replies = await Promise.all(wrongCodes(code!, 40).map((wrong) => reset(cookie, wrong)));
    expect(replies.every((reply) => reply.statusCode === 400)).toBe(true);
    const [row] = await ctx.database.db.select().from(passwordResets).where(eq(passwordResets.id, resetId!));
    // Each guess took a try before being compared, and there were only this many to take.
    expect(row.tries).toBe(RESET_CODE_MAX_TRIES);
    expect((await reset(cookie, code!)).statusCode).toBe(400);
  });

  it('a code works only in the browser that asked, only before it expires, and once', async () => {
    const person = await createPerson(ctx, { role: 'admin' });
    const mine = await requestCode(person.email);
    // No cookie, a made-up one, or another request's cookie: refused (and no try of the real code is spent).
    expect((await reset(undefined, mine.code!)).statusCode).toBe(400);
    expect((await reset('eticket_reset=not-a-reset-id', mine.code!)).statusCode).toBe(400);
    expect((await reset('eticket_reset=7f0c6f5e-8a53-4d0c-9d8e-1c2b3a4d5e6f', mine.code!)).statusCode).toBe(400);
    const strangers = await requestCode('nobody-here@example.test');
    expect((await reset(strangers.cookie, mine.code!)).statusCode).toBe(400);
    const [untouched] = await ctx.database.db.select().from(passwordResets).where(eq(passwordResets.id, mine.resetId!));
    expect(untouched.tries).toBe(0);

    // Just before expiry it works, once.
    clock.advance(RESET_CODE_TTL_MINUTES * 60_000 - 1000);
    expect((await reset(mine.cookie, mine.code!)).statusCode).toBe(200);
    expect((await reset(mine.cookie, mine.code!, 'another-password-2')).statusCode).toBe(400);

    // A fresh code, a moment past its expiry: refused.
    const later = await requestCode(person.email);
    clock.advance(RESET_CODE_TTL_MINUTES * 60_000 + 1000);
    expect((await reset(later.cookie, later.code!)).statusCode).toBe(400);
    clock.advance(RESET_REQUEST_LIMIT.perAccountWindowMs);
  });

  it(`the chance of guessing a code of one account within a day is below ${RESET_GUESS_BOUND_PER_DAY}`, async () => {
    const person = await createPerson(ctx, { role: 'admin' });
    const { code } = await requestCode(person.email);
    expect(code).toHaveLength(RESET_CODE_DIGITS);

    const codeSpace = 10 ** RESET_CODE_DIGITS;
    const codesPerDay = RESET_REQUEST_LIMIT.perAccount * Math.ceil((24 * 3600_000) / RESET_REQUEST_LIMIT.perAccountWindowMs);
    const guessesPerDay = codesPerDay * RESET_CODE_MAX_TRIES;
    // Each guess hits a uniformly random code with chance 1/codeSpace; the union bound over a day's guesses:
    expect(guessesPerDay / codeSpace).toBeLessThan(RESET_GUESS_BOUND_PER_DAY);
    clock.advance(RESET_REQUEST_LIMIT.perAccountWindowMs);
  });

  it('guessing across freshly requested codes is stopped by the per-account request limit, from any number of addresses', async () => {
    const victim = await createPerson(ctx, { role: 'admin' });
    let comparedGuesses = 0;
    const sent: boolean[] = [];
    for (let request = 0; request < RESET_REQUEST_LIMIT.perAccount + 5; request += 1) {
      const { status, cookie, code } = await requestCode(victim.email);
      // Beyond the limit the answer is the usual one: only the mail does not come.
      expect(status).toBe(200);
      sent.push(code !== undefined);
      if (!code) continue;
      for (let guess = 0; guess < RESET_CODE_MAX_TRIES + 3; guess += 1) {
        const reply = await reset(cookie, String(guess).padStart(RESET_CODE_DIGITS, '0'));
        expect(reply.statusCode).toBe(400);
        if (guess < RESET_CODE_MAX_TRIES) comparedGuesses += 1;
      }
    }
    expect(sent.filter(Boolean)).toHaveLength(RESET_REQUEST_LIMIT.perAccount);
    expect(sent.slice(RESET_REQUEST_LIMIT.perAccount).every((s) => !s)).toBe(true);
    expect(comparedGuesses).toBe(RESET_REQUEST_LIMIT.perAccount * RESET_CODE_MAX_TRIES);
    const beyond = await ctx.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: victim.email }, remoteAddress: freshAddress() });
    expect(beyond.statusCode).toBe(200);
    expect(beyond.json().message).toBe(MESSAGES.resetMailSent);

    // An unknown email is limited the same way (nothing more is queued), so the limit tells nothing about who has an account.
    const queued = async () => (await ctx.database.db.select().from(resetRequests)).length;
    for (let request = 0; request < RESET_REQUEST_LIMIT.perAccount; request += 1)
      await ctx.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: 'ghost@example.test' }, remoteAddress: freshAddress() });
    const before = await queued();
    expect(before).toBe(RESET_REQUEST_LIMIT.perAccount);
    const ghost = await ctx.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: 'ghost@example.test' },
      remoteAddress: freshAddress(),
    });
    expect(ghost.statusCode).toBe(200);
    expect(await queued()).toBe(before);
    await sendQueuedMail(ctx);

    // The limit ends with its window: the owner can ask again.
    clock.advance(RESET_REQUEST_LIMIT.perAccountWindowMs);
    expect((await requestCode(victim.email)).code).toBeDefined();
  });
});
