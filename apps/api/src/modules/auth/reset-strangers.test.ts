import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@eticket/contracts';
import { controlledClock, createPerson, createTestContext, outboxMessages, sendQueuedMail, type TestContext } from '../../../test/harness.ts';
import { passwordResets, resetRequests } from '../../db/schema.ts';
import { DEVICE_COOKIE } from './device-cookie.ts';
import { RESET_REQUEST_LIMIT } from './service.ts';

/**
 * The attacks of issue 24 on password reset: a stranger asking for someone's codes must not stop
 * the owner from getting one, nor spoil the owner's code; and the answer to a known email must not
 * take longer than to an unknown one, so the request only queues (the same one row either way) and
 * the worker, in whichever process, makes and mails the code, once.
 */
const clock = controlledClock('2026-09-01T08:00:00Z');
let ctx: TestContext;
let other: FastifyInstance;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
  other = await ctx.secondApp();
});
afterAll(async () => ctx.close());

let addresses = 0;
const freshAddress = () => `10.44.${Math.floor((addresses += 1) / 250)}.${addresses % 250}`;

const ask = (email: string, options: { address?: string; device?: string; app?: FastifyInstance } = {}) =>
  (options.app ?? ctx.app).inject({
    method: 'POST',
    url: '/api/forgot-password',
    payload: { email },
    remoteAddress: options.address ?? freshAddress(),
    headers: options.device ? { cookie: `${DEVICE_COOKIE}=${options.device}` } : {},
  });

/** Asks, lets the worker send, and reads the code mailed for this request, if any. */
async function askForCode(email: string, options: { address?: string; device?: string } = {}) {
  const before = outboxMessages(ctx).length;
  const reply = await ask(email, options);
  expect(reply.statusCode).toBe(200);
  expect(reply.json().message).toBe(MESSAGES.resetMailSent);
  await sendQueuedMail(ctx);
  const mails = outboxMessages(ctx);
  const code = mails.length > before ? /reset code is (\d{6})/.exec(mails.at(-1)!)?.[1] : undefined;
  return { cookie: `eticket_reset=${reply.cookies.find((c) => c.name === 'eticket_reset')!.value}`, code };
}

const reset = (cookie: string, token: string, password = 'a-fresh-long-passphrase') =>
  ctx.app.inject({ method: 'POST', url: '/api/password-reset', payload: { token, password, confirmPassword: password }, headers: { cookie } });

/** The owner signs in on their browser, which keeps the device cookie (also sent when asking for a code). */
async function ownersDevice(email: string, password: string) {
  const reply = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { userCode: email, password }, remoteAddress: '10.45.0.1' });
  expect(reply.statusCode).toBe(200);
  const paths = reply.cookies.filter((c) => c.name === DEVICE_COOKIE).map((c) => c.path);
  expect(paths).toEqual(['/api/login', '/api/forgot-password']);
  return reply.cookies.find((c) => c.name === DEVICE_COOKIE)!.value;
}

describe("a stranger cannot block or spoil the owner's password reset", () => {
  it("requests from many addresses use up the email's limit for strangers, never for the owner's browser", async () => {
    const owner = await createPerson(ctx, { role: 'admin' });
    const device = await ownersDevice(owner.email, owner.password);
    const before = outboxMessages(ctx).length;
    for (let n = 0; n < 3 * RESET_REQUEST_LIMIT.perAccount; n += 1) expect((await ask(owner.email)).statusCode).toBe(200);
    await sendQueuedMail(ctx);
    // Only the per-email limit of mails went out; the rest were answered alike and sent nothing.
    expect(outboxMessages(ctx).length - before).toBe(RESET_REQUEST_LIMIT.perAccount);
    expect((await askForCode(owner.email)).code).toBeUndefined();

    // The owner's browser still gets a code, and it works.
    const mine = await askForCode(owner.email, { device });
    expect(mine.code).toMatch(/^\d{6}$/);
    expect((await reset(mine.cookie, mine.code!)).statusCode).toBe(200);
    clock.advance(RESET_REQUEST_LIMIT.perAccountWindowMs);
  });

  it("one stranger's address cannot use up the owner's requests from other browsers either", async () => {
    const owner = await createPerson(ctx, { role: 'admin' });
    for (let n = 0; n < 10; n += 1) await ask(owner.email, { address: '10.46.0.1' });
    await sendQueuedMail(ctx);
    expect((await askForCode(owner.email, { address: '10.46.0.2' })).code).toMatch(/^\d{6}$/);
    clock.advance(RESET_REQUEST_LIMIT.perAccountWindowMs);
  });

  it("a stranger's request does not retire the owner's code", async () => {
    const owner = await createPerson(ctx, { role: 'admin' });
    const mine = await askForCode(owner.email, { address: '10.47.0.1' });
    await askForCode(owner.email, { address: '10.47.0.2' });
    await askForCode(owner.email, { address: '10.47.0.3' });
    expect((await reset(mine.cookie, mine.code!)).statusCode).toBe(200);
    clock.advance(RESET_REQUEST_LIMIT.perAccountWindowMs);
  });

  it("another account's device cookie earns no exemption", async () => {
    const owner = await createPerson(ctx, { role: 'admin' });
    const stranger = await createPerson(ctx, { role: 'admin' });
    const strangersDevice = await ownersDevice(stranger.email, stranger.password);
    for (let n = 0; n < RESET_REQUEST_LIMIT.perAccount; n += 1) await ask(owner.email);
    await sendQueuedMail(ctx);
    expect((await askForCode(owner.email, { device: strangersDevice })).code).toBeUndefined();
    clock.advance(RESET_REQUEST_LIMIT.perAccountWindowMs);
  });
});

describe('a known email is answered like an unknown one', () => {
  it('the request itself queues one row for either, and makes no code and sends no mail', async () => {
    const known = await createPerson(ctx, { role: 'admin' });
    const mailsBefore = outboxMessages(ctx).length;
    const codesBefore = (await ctx.database.db.select().from(passwordResets)).length;
    const replies = [await ask(known.email), await ask('no-such-person@example.test')];
    for (const reply of replies) {
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual({ message: MESSAGES.resetMailSent });
      expect(reply.cookies.map((c) => [c.name, c.path, c.httpOnly, c.sameSite, c.maxAge])).toEqual([
        ['eticket_reset', '/api/password-reset', true, 'Strict', 900],
      ]);
    }
    expect((await ctx.database.db.select().from(resetRequests)).map((row) => row.email).sort()).toEqual([known.email, 'no-such-person@example.test'].sort());
    expect((await ctx.database.db.select().from(passwordResets)).length).toBe(codesBefore);
    expect(outboxMessages(ctx).length).toBe(mailsBefore);

    await sendQueuedMail(ctx);
    expect(outboxMessages(ctx).length).toBe(mailsBefore + 1);
    expect(await ctx.database.db.select().from(resetRequests)).toEqual([]);
    clock.advance(RESET_REQUEST_LIMIT.perAccountWindowMs);
  });

  it('two processes draining the queue at once send each code once', async () => {
    const people = await Promise.all(Array.from({ length: 30 }, () => createPerson(ctx, { role: 'user' })));
    for (const [n, person] of people.entries()) await ask(person.email, { app: n % 2 ? other : ctx.app });
    const before = outboxMessages(ctx).length;
    await Promise.all([ctx.app.resetMail.drain(), other.resetMail.drain(), ctx.app.resetMail.drain()]);
    const mails = outboxMessages(ctx).slice(before);
    expect(mails).toHaveLength(people.length);
    for (const person of people) expect(mails.filter((mail) => mail.includes(`To: ${person.email}`))).toHaveLength(1);
    expect((await ctx.database.db.select().from(passwordResets)).filter((row) => people.some((p) => p.id === row.userId))).toHaveLength(people.length);
  }, 120_000);

  it('a server that polls sends a queued code without being asked', async () => {
    const polling = await createTestContext({ resetMailPollMs: 50 });
    try {
      const person = await createPerson(polling, { role: 'admin' });
      await polling.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: person.email } });
      const deadline = Date.now() + 20_000;
      // Until the mail is there and written whole (the outbox writes a file in steps).
      const mailed = () => /reset code is \d{6}/.test(outboxMessages(polling).join('\n'));
      while (!mailed() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(outboxMessages(polling).join('\n')).toMatch(/reset code is \d{6}/);
    } finally {
      await polling.close();
    }
  }, 60_000);
});
