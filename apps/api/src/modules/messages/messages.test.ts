import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { termiiSender } from '../../adapters/sms.ts';
import { rowsOf } from '../../db/rows.ts';
import { smsMessages, users } from '../../db/schema.ts';
import { controlledClock, createTestContext, NO_CASH_LIMITS, smsOutboxMessages, TEST_DB, type TestContext } from '../../../test/harness.ts';
import { createMotorist, newKey, session, type Session } from '../../../test/tickets.ts';

/**
 * Texts to motorists (issue 23): a payment's receipt text, queued in the payment's transaction and
 * sent by the outbox's sender; Termii (a local HTTP server stands in for it); the three-days-ahead
 * expiry reminder, once per expiry, however many processes run the job.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface World {
  ctx: TestContext;
  admin: Session;
  remitter: Session;
  plans: Record<'weekly' | 'daily' | 'monthly', string>;
}

async function world(ctx: TestContext): Promise<World> {
  const admin = await session(ctx, { role: 'admin' });
  const remitter = await session(ctx, { role: 'remitter' });
  const plans = {} as World['plans'];
  for (const [name, price] of [
    ['weekly', 1000],
    ['daily', 200],
    ['monthly', 3500.5],
  ] as const) {
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscription',
      headers: await admin.headers(),
      payload: { name, vehicleType: 'keke', price },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    plans[name] = reply.json().data.id;
  }
  return { ctx, admin, remitter, plans };
}

async function paySubscription(w: World, userCode: string, plan: keyof World['plans'], options: { key?: string; host?: string } = {}) {
  const reply = await w.ctx.app.inject({
    method: 'POST',
    url: '/api/field/subscription-payment',
    headers: await w.remitter.headers({ 'idempotency-key': options.key ?? newKey(), ...(options.host ? { host: options.host } : {}) }),
    payload: { userCode, subscriptionId: w.plans[plan], modeOfPayment: 'cash' },
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().data as { payment: { receiptNo: string }; ticketSubscription: { id: string; subscriptionExpiryDate: string } };
}

const textsOf = async (ctx: TestContext, motoristIds: string[]) =>
  ctx.database.db.select().from(smsMessages).where(inArray(smsMessages.motoristId, motoristIds)).orderBy(smsMessages.createdAt);

const outboxTo = (ctx: TestContext, phone: string) => smsOutboxMessages(ctx).filter((message) => message.to === phone);

/** 0803 123 4567 written as people do, and the same number as texts are addressed. */
let phoneSerial = 0;
function nigerianPhone(): { written: string; e164: string } {
  phoneSerial += 1;
  const rest = String((Date.now() * 7 + phoneSerial) % 10_000_000).padStart(7, '0');
  return { written: `0803 ${rest.slice(0, 3)} ${rest.slice(3)}`, e164: `234803${rest}` };
}

describe(`receipt texts through the SMS outbox (${TEST_DB})`, () => {
  const clock = controlledClock('2026-06-01T09:00:00Z');
  let w: World;
  beforeAll(async () => {
    w = await world(await createTestContext({ clock, tills: NO_CASH_LIMITS }));
  });
  afterAll(async () => w.ctx.close());

  it('a subscription payment writes one outbox file with the amount and receipt number; without PUBLIC_URL no link, whatever Host the remitter sent', async () => {
    const phone = nigerianPhone();
    const motorist = await createMotorist(w.ctx, 'keke', { phone: phone.written });
    const key = newKey();
    // Issue 46's attack: a remitter's request naming a host of their own must not put it in the motorist's text.
    const paid = await paySubscription(w, motorist.userCode, 'weekly', { key, host: 'evil.example' });
    const receiptNo = paid.payment.receiptNo;

    // Queued with the payment, sent by the sender (here when the test says; in production right after the answer).
    expect(outboxTo(w.ctx, phone.e164)).toEqual([]);
    const [queued] = await textsOf(w.ctx, [motorist.id]);
    expect(queued).toMatchObject({ kind: 'receipt', state: 'pending', receiptNo, toPhone: phone.e164, attempts: 0 });
    expect(await w.ctx.app.textMessages.sendDue()).toBe('1 sent, 0 to try again, 0 failed for good (outbox)');

    const [text] = outboxTo(w.ctx, phone.e164);
    expect(text.body).toBe(`Paid NGN 1,000 for ${motorist.plateNumber}, weekly ticket, valid until 8 Jun 2026. Receipt ${receiptNo}.`);
    expect(text.body).not.toContain('evil');
    expect(text.body.length).toBeLessThanOrEqual(160);
    expect(text.body).toMatch(/^[\x20-\x7e]+$/); // GSM 7-bit: one part, not UCS-2
    expect(text.at).toBe(clock.now().toISOString());
    const [sent] = await textsOf(w.ctx, [motorist.id]);
    expect(sent).toMatchObject({ state: 'sent', attempts: 1, provider: 'outbox', lastError: null });
    expect(sent.sentAt?.toISOString()).toBe(clock.now().toISOString());

    // A repeat of the payment (same Idempotency-Key) records nothing new, so no second text.
    await paySubscription(w, motorist.userCode, 'weekly', { key, host: 'evil.example' });
    await w.ctx.app.textMessages.sendDue();
    expect(await textsOf(w.ctx, [motorist.id])).toHaveLength(1);
    expect(outboxTo(w.ctx, phone.e164)).toHaveLength(1);
  });

  it('a penalty payment texts its amount and receipt too; kobo show when there are any', async () => {
    const phone = nigerianPhone();
    const motorist = await createMotorist(w.ctx, 'keke', { phone: phone.written });
    const monthly = await paySubscription(w, motorist.userCode, 'monthly');
    await w.ctx.database.db.execute(
      // A penalty owed (as scans add them), so that one can be paid.
      sql`UPDATE ticket_subscriptions SET outstanding_penalty_kobo = 500000 WHERE user_id = ${motorist.id}`,
    );
    const reply = await w.ctx.app.inject({
      method: 'POST',
      url: '/api/field/penalty-payment',
      headers: await w.remitter.headers({ 'idempotency-key': newKey() }),
      payload: { userCode: motorist.userCode, amount: 2000, modeOfPayment: 'cash' },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const receiptNo = reply.json().data.payment.receiptNo as string;
    await w.ctx.app.textMessages.sendDue();
    // Both sent in the same instant: in no particular order.
    expect(
      outboxTo(w.ctx, phone.e164)
        .map((text) => text.body)
        .sort(),
    ).toEqual(
      [
        `Paid NGN 3,500.50 for ${motorist.plateNumber}, monthly ticket, valid until 1 Jul 2026. Receipt ${monthly.payment.receiptNo}.`,
        `Paid NGN 2,000 penalty for ${motorist.plateNumber}. Receipt ${receiptNo}.`,
      ].sort(),
    );
  });

  it('no phone: no text; a number that is no Nigerian mobile: kept as failed, never sent; the payment is recorded either way', async () => {
    const without = await createMotorist(w.ctx, 'keke', { phone: '' });
    const foreign = await createMotorist(w.ctx, 'keke', { phone: '+14155550100' });
    await paySubscription(w, without.userCode, 'weekly');
    await paySubscription(w, foreign.userCode, 'weekly');
    expect(await textsOf(w.ctx, [without.id])).toEqual([]);
    const [kept] = await textsOf(w.ctx, [foreign.id]);
    expect(kept).toMatchObject({ state: 'failed', toPhone: '+14155550100', lastError: 'not a Nigerian mobile number', attempts: 0 });
    expect(await w.ctx.app.textMessages.sendDue()).toBe('0 sent, 0 to try again, 0 failed for good (outbox)');
    expect(outboxTo(w.ctx, '+14155550100')).toEqual([]);
  });
});

/** A stand-in for Termii on this machine: records each request, answers as `answer` says. */
function termiiStandIn() {
  const requests: Array<{ path?: string; method?: string; contentType?: string; body: Record<string, unknown> }> = [];
  let answer: (response: ServerResponse) => void = (response) =>
    reply(response, 200, { message_id: `id-${requests.length}`, message: 'Successfully Sent', balance: 9, user: 'Levy Ops' });
  const reply = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      requests.push({ path: request.url, method: request.method, contentType: request.headers['content-type'], body: JSON.parse(body) });
      answer(response);
    });
  });
  return {
    requests,
    reply,
    answerWith(next: (response: ServerResponse) => void) {
      answer = next;
    },
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe(`receipt texts through Termii (${TEST_DB})`, () => {
  const clock = controlledClock('2026-06-10T09:00:00Z');
  const termii = termiiStandIn();
  let w: World;
  beforeAll(async () => {
    const baseUrl = await termii.start();
    const ctx = await createTestContext({
      clock,
      publicUrl: 'https://levy.example.ng',
      sms: () => termiiSender({ apiKey: 'TLtestkey0123456789', senderId: 'LevyNG', baseUrl, timeoutMs: 2000 }),
    });
    w = await world(ctx);
  });
  afterAll(async () => {
    await w?.ctx.close();
    await termii.stop();
  });

  it("sends Termii's request shape and marks the text sent with Termii's message id; the link is PUBLIC_URL's, never the Host's", async () => {
    const phone = nigerianPhone();
    const motorist = await createMotorist(w.ctx, 'keke', { phone: phone.written });
    const { payment } = await paySubscription(w, motorist.userCode, 'weekly', { host: 'evil.example' });
    const before = termii.requests.length;
    expect(await w.ctx.app.textMessages.sendDue()).toBe('1 sent, 0 to try again, 0 failed for good (termii)');
    expect(termii.requests.slice(before)).toEqual([
      {
        path: '/api/sms/send',
        method: 'POST',
        contentType: 'application/json',
        body: {
          api_key: 'TLtestkey0123456789',
          to: phone.e164,
          from: 'LevyNG',
          sms: `Paid NGN 1,000 for ${motorist.plateNumber}, weekly ticket, valid until 17 Jun 2026. Receipt ${payment.receiptNo}. Check: https://levy.example.ng/r/${payment.receiptNo}`,
          type: 'plain',
          channel: 'generic',
        },
      },
    ]);
    const [text] = await textsOf(w.ctx, [motorist.id]);
    expect(text).toMatchObject({ state: 'sent', provider: 'termii', providerId: `id-${before + 1}`, attempts: 1 });
  });

  it('a provider failure leaves the text pending with the error, the payment recorded; it is retried later and sent', async () => {
    termii.answerWith((response) => termii.reply(response, 503, { message: 'Service Unavailable' }));
    const phone = nigerianPhone();
    const motorist = await createMotorist(w.ctx, 'keke', { phone: phone.written });
    const { payment } = await paySubscription(w, motorist.userCode, 'weekly');
    expect(await w.ctx.app.textMessages.sendDue()).toBe('0 sent, 1 to try again, 0 failed for good (termii)');
    const [waiting] = await textsOf(w.ctx, [motorist.id]);
    expect(waiting).toMatchObject({ state: 'pending', attempts: 1, lastError: 'Termii answered HTTP 503: Service Unavailable' });
    expect(waiting.nextAttemptAt.getTime()).toBe(clock.now().getTime() + 60_000); // the first retry waits a minute
    const history = await w.ctx.app.inject({ method: 'GET', url: `/api/sub-history?search=${motorist.userCode}`, headers: await w.admin.headers() });
    expect(history.json().data.map((row: { receiptNo: string }) => row.receiptNo)).toEqual([payment.receiptNo]);

    // Not before its time; then the housekeeping job sends it, once Termii answers again.
    const tried = termii.requests.length;
    expect(await w.ctx.app.textMessages.sendDue()).toBe('0 sent, 0 to try again, 0 failed for good (termii)');
    expect(termii.requests.length).toBe(tried);
    clock.advance(2 * 60_000);
    expect(await w.ctx.app.textMessages.sendDue()).toBe('0 sent, 1 to try again, 0 failed for good (termii)');
    expect((await textsOf(w.ctx, [motorist.id]))[0]).toMatchObject({ state: 'pending', attempts: 2 });
    termii.answerWith((response) => termii.reply(response, 200, { message_id: 'retried-1', message: 'Successfully Sent' }));
    clock.advance(10 * 60_000);
    expect(await w.ctx.app.jobs.run('send-text-messages')).toBe('ran');
    expect((await textsOf(w.ctx, [motorist.id]))[0]).toMatchObject({ state: 'sent', attempts: 3, providerId: 'retried-1', lastError: null });
    expect(termii.requests.slice(tried).map((request) => request.body.to)).toEqual([phone.e164, phone.e164]);
  });
});

describe(`a payment does not wait for its text (${TEST_DB})`, () => {
  const termii = termiiStandIn();
  let letTermiiAnswer = () => {};
  const termiiMayAnswer = new Promise<void>((resolve) => (letTermiiAnswer = resolve));
  let w: World;
  beforeAll(async () => {
    const baseUrl = await termii.start();
    // Termii answers only when the test lets it; the payment's text is sent right after its answer, as in production.
    termii.answerWith((response) => void termiiMayAnswer.then(() => termii.reply(response, 200, { message_id: 'slow-1' })));
    const ctx = await createTestContext({ sendTextsOnPayment: true, sms: () => termiiSender({ apiKey: 'TLtestkey0123456789', senderId: 'LevyNG', baseUrl }) });
    w = await world(ctx);
  });
  afterAll(async () => {
    await w?.ctx.close();
    await termii.stop();
  });

  it('answers before the provider does, and the text goes out after', async () => {
    const phone = nigerianPhone();
    const motorist = await createMotorist(w.ctx, 'keke', { phone: phone.written });
    // A payment that waited for its text would never answer here: Termii is held until after it.
    await paySubscription(w, motorist.userCode, 'weekly');
    expect((await textsOf(w.ctx, [motorist.id]))[0]?.state).not.toBe('sent');
    letTermiiAnswer();
    await expect.poll(async () => (await textsOf(w.ctx, [motorist.id]))[0]?.state, { timeout: 10_000, interval: 100 }).toBe('sent');
    expect(termii.requests).toHaveLength(1);
  });
});

describe(`expiry reminders (${TEST_DB})`, () => {
  // 10:00 in Lagos.
  const clock = controlledClock('2026-07-01T09:00:00Z');
  let w: World;
  beforeAll(async () => {
    w = await world(await createTestContext({ clock, tills: NO_CASH_LIMITS, publicUrl: 'https://levy.example.ng' }));
  });
  afterAll(async () => w.ctx.close());

  const runJob = async () => {
    const result = await w.ctx.app.jobs.run('queue-expiry-reminders');
    const [row] = await rowsOf<{ outcome: string }>(w.ctx.database.db, sql`SELECT outcome FROM job_runs WHERE name = 'queue-expiry-reminders'`);
    return { result, outcome: row?.outcome };
  };
  const remindersOf = async (ids: string[]) => (await textsOf(w.ctx, ids)).filter((text) => text.kind === 'expiry_reminder');

  it('three days before expiry, once per expiry: not again on a second run, not for others; a renewal gets its own', async () => {
    const t0 = clock.now().getTime();
    const phones = Array.from({ length: 5 }, nigerianPhone);
    const [due, later, paused, suspended, daily] = await Promise.all(phones.map((phone) => createMotorist(w.ctx, 'keke', { phone: phone.written })));
    const others = [later, paused, suspended, daily];
    await paySubscription(w, due.userCode, 'weekly'); // expires t0 + 7 days
    await paySubscription(w, later.userCode, 'monthly'); // t0 + 1 month
    await paySubscription(w, paused.userCode, 'weekly');
    await paySubscription(w, suspended.userCode, 'weekly');
    await w.ctx.database.db.update(users).set({ registrationStatus: 'suspended' }).where(eq(users.id, suspended.id));
    await w.ctx.app.textMessages.sendDue(); // the receipts

    // Four days on: the weekly ones expire within three days.
    clock.set(new Date(t0 + 4 * DAY + HOUR));
    const pause = await w.ctx.app.inject({ method: 'PATCH', url: `/api/subscription/pause/${paused.id}`, headers: await w.admin.headers() });
    expect(pause.statusCode).toBe(200);
    // Paid for a day just now: it ends within three days, but the motorist has just paid.
    await paySubscription(w, daily.userCode, 'daily');
    await w.ctx.app.textMessages.sendDue();
    const receiptsBefore = smsOutboxMessages(w.ctx).length;

    expect(await runJob()).toEqual({ result: 'ran', outcome: '1 expiry reminders queued' });
    await w.ctx.app.textMessages.sendDue();
    const [reminder] = await remindersOf([due.id]);
    expect(reminder).toMatchObject({ state: 'sent', toPhone: phones[0].e164, expiresAt: new Date(t0 + 7 * DAY) });
    const texts = outboxTo(w.ctx, phones[0].e164).map((text) => text.body);
    expect(texts.filter((body) => body.startsWith('Reminder:'))).toEqual([
      `Reminder: weekly ticket for ${due.plateNumber} ends on 8 Jul 2026. Renew with an approved collector to avoid a penalty. Check: https://levy.example.ng/v/${due.userCode}`,
    ]);
    expect(smsOutboxMessages(w.ctx).length).toBe(receiptsBefore + 1);
    expect(await remindersOf(others.map((motorist) => motorist.id))).toEqual([]);

    // A second run (an hour on) sends nothing again.
    clock.advance(HOUR);
    expect(await runJob()).toEqual({ result: 'ran', outcome: '0 expiry reminders queued' });
    await w.ctx.app.textMessages.sendDue();
    expect(await remindersOf([due.id])).toHaveLength(1);
    expect(smsOutboxMessages(w.ctx).length).toBe(receiptsBefore + 1);

    // Renewed: the expiry moves a week on, and its own reminder is due three days before it, by day only.
    await paySubscription(w, due.userCode, 'weekly'); // expires t0 + 14 days
    clock.set(new Date(t0 + 11 * DAY + 12 * HOUR)); // 21:00 UTC, 22:00 in Lagos: 2.5 days before
    expect((await runJob()).outcome).toBe('night in Lagos (22h): reminders wait for 8:00');
    expect(await remindersOf([due.id])).toHaveLength(1);
    clock.set(new Date(t0 + 11 * DAY + 22 * HOUR)); // 08:00 in Lagos
    expect(await runJob()).toEqual({ result: 'ran', outcome: '1 expiry reminders queued' });
    await w.ctx.app.textMessages.sendDue();
    const both = await remindersOf([due.id]);
    expect(both.map((text) => text.expiresAt?.toISOString())).toEqual([new Date(t0 + 7 * DAY).toISOString(), new Date(t0 + 14 * DAY).toISOString()]);
    const reminderTexts = outboxTo(w.ctx, phones[0].e164).filter((text) => text.body.startsWith('Reminder:'));
    expect(reminderTexts.map((text) => text.body.match(/ends on ([^.]+)\./)?.[1])).toEqual(['8 Jul 2026', '15 Jul 2026']);
  });

  it('two processes running the job at once queue and send each reminder once', async () => {
    const start = clock.now().getTime();
    const phones = Array.from({ length: 3 }, nigerianPhone);
    const motorists = await Promise.all(phones.map((phone) => createMotorist(w.ctx, 'keke', { phone: phone.written })));
    for (const motorist of motorists) await paySubscription(w, motorist.userCode, 'weekly');
    await w.ctx.app.textMessages.sendDue();
    clock.set(new Date(start + 5 * DAY)); // 2 days before their expiry, at 08:00 in Lagos
    const second = await w.ctx.secondApp();
    const apps = [w.ctx.app, second];

    // The runner lets one of them run the job; the other finds it running or already run.
    const results = await Promise.all(apps.map((app) => app.jobs.run('queue-expiry-reminders')));
    expect(results.filter((result) => result === 'ran')).toHaveLength(1);
    // And the work itself, run by both at the same moment outside the runner, inserts each reminder once.
    clock.advance(HOUR);
    await Promise.all(apps.map((app) => app.textMessages.queueReminders(clock.now())));
    await Promise.all(apps.map((app) => app.textMessages.sendDue()));
    await Promise.all(apps.map((app) => app.textMessages.sendDue()));

    const reminders = await remindersOf(motorists.map((motorist) => motorist.id));
    expect(reminders).toHaveLength(3);
    for (const reminder of reminders) expect(reminder).toMatchObject({ state: 'sent', attempts: 1 });
    for (const phone of phones) expect(outboxTo(w.ctx, phone.e164).filter((text) => text.body.startsWith('Reminder:'))).toHaveLength(1);
  });
});
