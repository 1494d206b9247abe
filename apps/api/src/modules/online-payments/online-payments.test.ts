import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { controlledClock, createTestContext, smsOutboxMessages, type TestContext } from '../../../test/harness.ts';
import { createMotorist } from '../../../test/tickets.ts';
import { paystackSignature } from './provider/signature.ts';
import { startPaystackStandin, type PaystackStandin } from './provider/standin.ts';
import { sectionMismatches } from '../../../test/public-sections.ts';
import { mismatchOf } from './service.ts';
import { PAY_WORDS } from './texts.ts';
import { WEBHOOK_PATH } from './routes.ts';

const KEY = 'sk_test_onlinepaytest0001';
const WEEKLY_KOBO = 150_000;

let ctx: TestContext;
let standin: PaystackStandin;
const clock = controlledClock(new Date());
let planId: string;

beforeAll(async () => {
  standin = await startPaystackStandin({ secretKey: KEY });
  ctx = await createTestContext({ clock, publicUrl: 'http://levy.test', onlinePayments: { secretKey: KEY, baseUrl: standin.url } });
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  standin.webhookUrl = `${address}${WEBHOOK_PATH}`;
  planId = randomUUID();
  await ctx.database.db.execute(
    sql`INSERT INTO subscription_plans (id, name, vehicle_type, price_kobo, created_at, updated_at) VALUES (${planId}, 'weekly', 'keke', ${WEEKLY_KOBO}, now(), now())`,
  );
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await standin?.close();
});

const db = () => ctx.database.db;
const count = async (query: ReturnType<typeof sql>) => Number((await rowsOf<{ n: string | number }>(db(), query))[0]!.n);
const paymentsOf = (motoristId: string) => count(sql`SELECT count(*) AS n FROM subscription_payments WHERE motorist_id = ${motoristId}`);
const balance = async (code: string) =>
  Number(
    (await rowsOf<{ n: string | number | null }>(db(), sql`SELECT coalesce(sum(amount_kobo), 0) AS n FROM ledger_lines WHERE account_code = ${code}`))[0]!.n,
  );

/** Settles the webhooks applied after their answers (the route applies on the next turn). */
async function settled(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const pending = await count(sql`SELECT count(*) AS n FROM payment_webhook_events WHERE signature_ok AND processed_at IS NULL`);
    if (pending === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('webhooks not applied');
}

/** A motorist's checkout started from the vehicle page's form: answers its reference. */
async function checkout(userCode: string, item: string, phone = ''): Promise<string> {
  const reply = await ctx.app.inject({
    method: 'POST',
    url: `/v/${userCode}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ item, phone }).toString(),
  });
  expect(reply.statusCode, reply.body).toBe(303);
  const location = String(reply.headers.location);
  expect(location.startsWith(`${standin.url}/checkout/`)).toBe(true);
  const [row] = await rowsOf<{ reference: string }>(
    db(),
    sql`SELECT o.reference FROM online_payments o JOIN users u ON u.id = o.motorist_id WHERE u.user_code = ${userCode} ORDER BY o.created_at DESC, o.id LIMIT 1`,
  );
  return row!.reference;
}

function signed(body: unknown): { payload: string; headers: Record<string, string> } {
  const payload = JSON.stringify(body);
  return { payload, headers: { 'content-type': 'application/json', 'x-paystack-signature': paystackSignature(KEY, payload) } };
}

describe('pay from the vehicle page', () => {
  it('offers the plans of the vehicle type, pays through checkout, credits once and says "Paid until"', async () => {
    const motorist = await createMotorist(ctx, 'keke', { phone: '08031112222' });
    const page = await ctx.app.inject({ method: 'GET', url: `/v/${motorist.userCode}` });
    expect(page.body).toContain(`action="/v/${motorist.userCode}/pay"`);
    expect(page.body).toContain('Weekly: ₦1,500.00');
    expect(page.headers['content-security-policy']).toContain(`form-action 'self' ${standin.url}`);

    const reference = await checkout(motorist.userCode, planId, '0805 999 0000');
    await standin.pay(reference, 'card');
    await settled();
    expect(await paymentsOf(motorist.id)).toBe(1);

    const back = await ctx.app.inject({ method: 'GET', url: `/v/${motorist.userCode}/paid?trxref=${reference}&reference=${reference}` });
    expect(back.statusCode).toBe(200);
    expect(back.body).toMatch(/Paid until \d+ \w+ \d{4}/);
    const receiptNo = /href="\/r\/([^"]+)"/.exec(back.body)![1]!;
    const receipt = await ctx.app.inject({ method: 'GET', url: `/api/public/receipts/${receiptNo}` });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.body).toContain('Online payments');

    const [payment] = await rowsOf<{ mode_of_payment: string; reference: string; amount_kobo: string }>(
      db(),
      sql`SELECT mode_of_payment, reference, amount_kobo FROM subscription_payments WHERE receipt_no = ${receiptNo}`,
    );
    expect(payment).toMatchObject({ mode_of_payment: 'card', reference: `paystack:${reference}` });
    expect(await balance('clearing:online')).toBeGreaterThanOrEqual(WEEKLY_KOBO);

    await ctx.app.textMessages.sendDue();
    const text = smsOutboxMessages(ctx).find((message) => message.body.includes(receiptNo));
    expect(text?.to).toBe('2348059990000');
  });

  it('is refused with a message naming the field, and nothing is started', async () => {
    const motorist = await createMotorist(ctx, 'keke');
    const post = (payload: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: `/v/${motorist.userCode}/pay`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(payload).toString(),
      });
    expect((await post({ item: 'penalty' })).body).toContain('item: there is no outstanding penalty');
    expect((await post({ item: randomUUID() })).statusCode).toBe(400);
    const badPhone = await post({ item: planId, phone: '12' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.body).toContain('phone:');
    expect(await count(sql`SELECT count(*) AS n FROM online_payments WHERE motorist_id = ${motorist.id}`)).toBe(0);
  });
});

describe("in the reader's language (issue 45)", () => {
  it("the Pay section of /v in Yoruba: its words, the plan in the public pages' words, naira", async () => {
    const motorist = await createMotorist(ctx, 'keke');
    const page = await ctx.app.inject({ method: 'GET', url: `/v/${motorist.userCode}`, headers: { 'accept-language': 'yo-NG,yo;q=0.9' } });
    expect(page.body).toContain('<html lang="yo">');
    expect(page.body).toContain('<h2>Sanwó</h2>');
    expect(page.body).toContain('Tíkẹ́ẹ̀tì ọ̀sọ̀ọ̀sẹ̀: ₦1,500.00');
    expect(page.body).toContain('Sanwó lórí ayélujára</button>');
    expect(page.body).toContain('Fóònù fún àtẹ̀jíṣẹ́ rìsíìtì');
    expect(page.body).not.toContain('Pay online');
    expect(page.body).not.toContain('What to pay for');
    // With its Pay section the vehicle page stays under the public pages' 30 KB in every language (issue 23).
    for (const lang of ['en', 'pcm', 'ha', 'yo', 'ig']) {
      const body = (await ctx.app.inject({ method: 'GET', url: `/v/${motorist.userCode}?lang=${lang}` })).body;
      expect(body).toContain(`<html lang="${lang}">`);
      expect(Buffer.byteLength(body), lang).toBeLessThan(30 * 1024);
    }
  });

  it("a refusal in the language of the cookie, in the public pages' shell, still naming the field", async () => {
    const motorist = await createMotorist(ctx, 'keke');
    const reply = await ctx.app.inject({
      method: 'POST',
      url: `/v/${motorist.userCode}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'lang=yo' },
      payload: new URLSearchParams({ item: 'penalty', phone: '' }).toString(),
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.headers['content-language']).toBe('yo');
    expect(reply.body).toContain('<html lang="yo">');
    expect(reply.body).toContain('<title>Ìsanwó kò bẹ̀rẹ̀</title>');
    expect(reply.body).toContain('item: kò sí owó ìtanràn tí kò tíì san');
    expect(reply.body).toContain(`<a href="/v/${motorist.userCode}">Padà sí ọkọ̀ náà</a>`);
    // The public pages' language switch and footer.
    expect(reply.body).toContain('<nav aria-label="Èdè">');
    expect(reply.body).toContain('àkókò Èkó');
  });

  it('back from checkout in Yoruba (?lang= kept in the cookie): "paid until" with the Yoruba month; the receipt text in the motorist\'s language', async () => {
    const motorist = await createMotorist(ctx, 'keke', { phone: '08031113333' });
    await db().execute(sql`UPDATE users SET text_language = 'yo' WHERE id = ${motorist.id}`);
    const reference = await checkout(motorist.userCode, planId);
    await standin.pay(reference, 'card');
    await settled();
    const back = await ctx.app.inject({ method: 'GET', url: `/v/${motorist.userCode}/paid?reference=${reference}&lang=yo` });
    expect(back.statusCode).toBe(200);
    expect(back.headers['set-cookie']).toContain('lang=yo');
    expect(back.body).toContain('<html lang="yo">');
    expect(back.body).toContain('<h1>A ti gba ìsanwó</h1>');
    expect(back.body).toMatch(/A ti sanwó títí \d+ Oṣù [^<]+ \d{4}/);
    expect(back.body).toContain('₦1,500.00');
    expect(back.body).toContain('Ṣàyẹ̀wò rìsíìtì náà');
    const receiptNo = /href="\/r\/([^"]+)"/.exec(back.body)![1]!;
    expect(back.body).toContain(`Rìsíìtì ${receiptNo}`);

    await ctx.app.textMessages.sendDue();
    const text = smsOutboxMessages(ctx).find((message) => message.body.includes(receiptNo));
    expect(text?.body).toMatch(/^O san NGN 1,500 /);
    expect(text?.body).toContain(`Rìsíìtì ${receiptNo}`);

    const unknown = await ctx.app.inject({ method: 'GET', url: `/v/${motorist.userCode}/paid?reference=LVnothing`, headers: { cookie: 'lang=yo' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('A kò rí ìsanwó náà');
  });

  it('every word comes from the catalogues: the pseudo-locale leaves no English on the Pay section or the paid page', async () => {
    const motorist = await createMotorist(ctx, 'keke');
    const page = await ctx.app.inject({ method: 'GET', url: `/v/${motorist.userCode}?lang=en-XA` });
    const pay = /<section class="pay">.*<\/section>/.exec(page.body)![0];
    const words = pay.replace(/<[^>]+>/g, ' ').replace(/⟦[^⟧]*⟧/g, ' ');
    expect(words).not.toMatch(/[A-Za-z]{2,}/);
    const reference = await checkout(motorist.userCode, planId);
    const back = await ctx.app.inject({ method: 'GET', url: `/v/${motorist.userCode}/paid?reference=${reference}&lang=en-XA` });
    const main = /<main>(.*)<\/main>/.exec(back.body)![1]!.replace(/<nav.*<\/nav>/, '');
    expect(main.replace(/<[^>]+>/g, ' ').replace(/⟦[^⟧]*⟧/g, ' ')).not.toMatch(/[A-Za-z]{2,}/);
  });

  it("the section's English in the code is the English catalogue's", () => {
    expect(sectionMismatches(PAY_WORDS, 'public-pay')).toEqual([]);
  });
});

describe('webhooks', () => {
  it('each event delivered three times, out of order: one credit each', async () => {
    const a = await createMotorist(ctx, 'keke');
    const b = await createMotorist(ctx, 'keke');
    const refA = await checkout(a.userCode, planId);
    const refB = await checkout(b.userCode, planId);
    Object.assign(standin.mode, { repeat: 3, hold: true });
    try {
      await standin.pay(refA);
      await standin.pay(refB, 'bank_transfer');
      await standin.flush();
    } finally {
      Object.assign(standin.mode, { repeat: 1, hold: false });
    }
    await settled();
    expect(await paymentsOf(a.id)).toBe(1);
    expect(await paymentsOf(b.id)).toBe(1);
    expect(await count(sql`SELECT count(*) AS n FROM payment_webhook_events WHERE reference = ${refA}`)).toBe(1);
    expect(await count(sql`SELECT deliveries AS n FROM payment_webhook_events WHERE reference = ${refA}`)).toBe(3);
    // After the credit, the payer's return and a replay change nothing.
    await ctx.app.inject({ method: 'GET', url: `/v/${b.userCode}/paid?reference=${refB}` });
    const replay = await standin.send(JSON.stringify({ event: 'charge.success', data: standin.transaction(refB) }));
    expect(replay).toBe(200);
    await settled();
    expect(await paymentsOf(b.id)).toBe(1);
    const [mode] = await rowsOf<{ mode_of_payment: string }>(db(), sql`SELECT mode_of_payment FROM subscription_payments WHERE motorist_id = ${b.id}`);
    expect(mode!.mode_of_payment).toBe('transfer');
  });

  it('a forged or missing signature: 401, kept as refused, nothing changes', async () => {
    const motorist = await createMotorist(ctx, 'keke');
    const reference = await checkout(motorist.userCode, planId);
    const body = JSON.stringify({ event: 'charge.success', data: { reference, amount: WEEKLY_KOBO, currency: 'NGN', status: 'success', id: 1 } });
    const forged = await ctx.app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': paystackSignature('sk_test_attacker00000', body) },
      payload: body,
    });
    expect(forged.statusCode).toBe(401);
    const missing = await ctx.app.inject({ method: 'POST', url: WEBHOOK_PATH, headers: { 'content-type': 'application/json' }, payload: body });
    expect(missing.statusCode).toBe(401);
    // One byte changed after signing.
    const tampered = signed({ event: 'charge.success', data: { reference, amount: WEEKLY_KOBO, currency: 'NGN', status: 'success', id: 1 } });
    const bent = await ctx.app.inject({ method: 'POST', url: WEBHOOK_PATH, headers: tampered.headers, payload: tampered.payload.replace('150000', '150001') });
    expect(bent.statusCode).toBe(401);
    await settled();
    expect(await paymentsOf(motorist.id)).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM payment_webhook_events WHERE NOT signature_ok AND raw_body LIKE ${`%${reference}%`}`)).toBe(3);
    expect(await count(sql`SELECT count(*) AS n FROM suspense_items WHERE reference = ${reference}`)).toBe(0);
  });

  it('a wrong amount is not credited: it goes to suspense with the reason, posted clearing → suspense', async () => {
    const motorist = await createMotorist(ctx, 'keke');
    const reference = await checkout(motorist.userCode, planId);
    const before = await balance('suspense');
    const event = signed({
      event: 'charge.success',
      data: { id: 77, reference, amount: WEEKLY_KOBO - 100, currency: 'NGN', status: 'success', channel: 'card' },
    });
    expect((await ctx.app.inject({ method: 'POST', url: WEBHOOK_PATH, headers: event.headers, payload: event.payload })).statusCode).toBe(200);
    await settled();
    expect(await paymentsOf(motorist.id)).toBe(0);
    const [item] = await rowsOf<{ reason: string; amount_kobo: string }>(
      db(),
      sql`SELECT reason, amount_kobo FROM suspense_items WHERE reference = ${reference}`,
    );
    expect(item).toMatchObject({ reason: 'amount' });
    expect(Number(item!.amount_kobo)).toBe(WEEKLY_KOBO - 100);
    expect(await balance('suspense')).toBe(before - (WEEKLY_KOBO - 100));
    const back = await ctx.app.inject({ method: 'GET', url: `/v/${motorist.userCode}/paid?reference=${reference}` });
    expect(back.body).toContain('did not match');
  });

  it('a transfer that is not one of our checkouts goes to suspense as unmatched (no dedicated-account handler yet)', async () => {
    const event = signed({
      event: 'charge.success',
      data: {
        id: 78,
        reference: `T${randomUUID()}`,
        amount: 123_400,
        currency: 'NGN',
        status: 'success',
        channel: 'dedicated_nuban',
        authorization: { channel: 'dedicated_nuban', sender_name: 'ADA', receiver_bank_account_number: '9000000001' },
      },
    });
    await ctx.app.inject({ method: 'POST', url: WEBHOOK_PATH, headers: event.headers, payload: event.payload });
    await settled();
    expect(await count(sql`SELECT count(*) AS n FROM suspense_items WHERE reason = 'unmatched' AND amount_kobo = 123400`)).toBe(1);
  });

  it('the same event at two processes at once: one credit', async () => {
    const other = await ctx.secondApp();
    const motorist = await createMotorist(ctx, 'keke');
    const reference = await checkout(motorist.userCode, planId);
    standin.mode.drop = true;
    await standin.pay(reference);
    standin.mode.drop = false;
    const event = signed({ event: 'charge.success', data: standin.transaction(reference) });
    const replies = await Promise.all(
      [ctx.app, other, ctx.app, other].map((app) => app.inject({ method: 'POST', url: WEBHOOK_PATH, headers: event.headers, payload: event.payload })),
    );
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    // Both apply it: each process's answer applies its own kept copy.
    await Promise.all([ctx.app.jobs.run('online-payments-verify').catch(() => 'busy'), settled()]);
    await settled();
    expect(await paymentsOf(motorist.id)).toBe(1);
  });
});

describe('recovery', () => {
  it('a dropped notification is credited by the verify job after 10 minutes', async () => {
    const motorist = await createMotorist(ctx, 'keke');
    const reference = await checkout(motorist.userCode, planId);
    standin.mode.drop = true;
    await standin.pay(reference);
    standin.mode.drop = false;
    await settled();
    expect(await paymentsOf(motorist.id)).toBe(0);
    clock.advance(11 * 60_000);
    await ctx.app.jobs.run('online-payments-verify');
    expect(await paymentsOf(motorist.id)).toBe(1);
    // The notification arriving late changes nothing.
    await standin.send(JSON.stringify({ event: 'charge.success', data: standin.transaction(reference) }));
    await settled();
    expect(await paymentsOf(motorist.id)).toBe(1);
  });

  it('a process stopped between keeping an event and applying it: applied once by the job', async () => {
    const motorist = await createMotorist(ctx, 'keke');
    const reference = await checkout(motorist.userCode, planId);
    standin.mode.drop = true;
    await standin.pay(reference);
    standin.mode.drop = false;
    // What a process killed right after writing the inbox row leaves behind: the event kept, not applied.
    const body = JSON.stringify({ event: 'charge.success', data: standin.transaction(reference) });
    await db().execute(
      sql`INSERT INTO payment_webhook_events (provider, event, reference, raw_body, signature_ok, received_at, last_received_at)
          VALUES ('paystack', 'charge.success', ${reference}, ${body}, true, ${clock.now()}, ${clock.now()})`,
    );
    clock.advance(61_000);
    await ctx.app.jobs.run('online-payments-verify');
    expect(await paymentsOf(motorist.id)).toBe(1);
    await standin.send(body);
    await settled();
    expect(await paymentsOf(motorist.id)).toBe(1);
  });
});

describe('the ledger stays balanced', () => {
  it('every entry sums to zero, and the nightly integrity check finds no difference', async () => {
    expect(await count(sql`SELECT count(*) AS n FROM (SELECT entry_id FROM ledger_lines GROUP BY entry_id HAVING sum(amount_kobo) <> 0) x`)).toBe(0);
    clock.advance(25 * 3600_000);
    expect(await ctx.app.jobs.run('ledger-integrity-check')).toBe('ran');
    const [run] = await rowsOf<{ outcome: string }>(db(), sql`SELECT outcome FROM job_runs WHERE name = 'ledger-integrity-check'`);
    expect(run!.outcome).toMatch(/^books balance/);
  });
});

describe('amounts (property)', () => {
  it('credits only the exact amount, currency and reference initialised', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000_00 }),
        fc.integer({ min: 1, max: 10_000_000_00 }),
        fc.constantFrom('NGN', 'USD', 'GHS'),
        fc.boolean(),
        (expected, paid, currency, sameReference) => {
          const result = mismatchOf(
            { reference: 'R1', currency: 'NGN', amountKobo: expected },
            { reference: sameReference ? 'R1' : 'R2', currency, amountKobo: paid },
          );
          const credits = result === null;
          expect(credits).toBe(paid === expected && currency === 'NGN' && sameReference);
          if (!credits && sameReference && currency === 'NGN') expect(result?.reason).toBe('amount');
        },
      ),
    );
  });
});
