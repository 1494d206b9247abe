/** Issue 45: a motorist's receipts and reminders go in their text language. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlledClock, createTestContext, NO_CASH_LIMITS, smsOutboxMessages, TEST_DB, type TestContext } from '../../../test/harness.ts';
import { createMotorist, newKey, session, type Session } from '../../../test/tickets.ts';
import { countSegments } from './segments.ts';

const DAY = 24 * 3_600_000;
// 10:00 in Lagos.
const clock = controlledClock('2026-07-01T09:00:00Z');
let ctx: TestContext;
let admin: Session;
let remitter: Session;
let weekly: string;
let serial = 0;

beforeAll(async () => {
  ctx = await createTestContext({ clock, tills: NO_CASH_LIMITS, publicUrl: 'https://levy.example.ng' });
  admin = await session(ctx, { role: 'admin' });
  remitter = await session(ctx, { role: 'remitter' });
  const plan = await ctx.app.inject({
    method: 'POST',
    url: '/api/subscription',
    headers: await admin.headers(),
    payload: { name: 'weekly', vehicleType: 'keke', price: 1000 },
  });
  weekly = plan.json().data.id;
});
afterAll(async () => ctx.close());

async function motoristSpeaking(language: string) {
  serial += 1;
  const rest = String((Date.now() + serial * 7919) % 10_000_000).padStart(7, '0');
  const motorist = await createMotorist(ctx, 'keke', { phone: `0805${rest}` });
  const changed = await ctx.app.inject({
    method: 'POST',
    url: `/api/motorist/${motorist.id}/text-language`,
    headers: await admin.headers(),
    payload: { textLanguage: language },
  });
  expect(changed.statusCode, changed.body).toBe(200);
  return { ...motorist, e164: `234805${rest}` };
}

async function pay(userCode: string) {
  const reply = await ctx.app.inject({
    method: 'POST',
    url: '/api/field/subscription-payment',
    headers: await remitter.headers({ 'idempotency-key': newKey() }),
    payload: { userCode, subscriptionId: weekly, modeOfPayment: 'cash' },
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().data.payment.receiptNo as string;
}

const textsTo = (phone: string) =>
  smsOutboxMessages(ctx)
    .filter((text) => text.to === phone)
    .map((text) => text.body);

describe(`texts in the motorist's language (${TEST_DB})`, () => {
  it('a receipt text in Hausa, Yoruba or Igbo; English for whoever chose none', async () => {
    const hausa = await motoristSpeaking('ha');
    const yoruba = await motoristSpeaking('yo');
    const english = await createMotorist(ctx, 'keke', { phone: '08051112233' });
    const receipts = { ha: await pay(hausa.userCode), yo: await pay(yoruba.userCode), en: await pay(english.userCode) };
    await ctx.app.textMessages.sendDue();

    expect(textsTo(hausa.e164)).toEqual([
      `An biya NGN 1,000 don ${hausa.plateNumber}, tikitin mako har zuwa 8/7/2026. Rasit ${receipts.ha}. Duba: https://levy.example.ng/r/${receipts.ha}`,
    ]);
    const [yorubaText] = textsTo(yoruba.e164);
    expect(yorubaText).toBe(
      `O san NGN 1,000 fún ${yoruba.plateNumber} tíkẹ́ẹ̀tì ọ̀sọ̀ọ̀sẹ̀ títí 8/7/2026. Rìsíìtì ${receipts.yo}. https://levy.example.ng/r/${receipts.yo}`,
    );
    expect(countSegments(yorubaText)).toMatchObject({ encoding: 'UCS-2', segments: 2 });
    expect(textsTo('2348051112233')[0]).toMatch(/^Paid NGN 1,000 for /);
  });

  it('a reminder in the language the motorist has when it is queued (changed after paying)', async () => {
    const motorist = await motoristSpeaking('pcm');
    await pay(motorist.userCode);
    const changed = await ctx.app.inject({
      method: 'POST',
      url: `/api/motorist/${motorist.id}/text-language`,
      headers: await admin.headers(),
      payload: { textLanguage: 'ig' },
    });
    expect(changed.statusCode).toBe(200);
    clock.set(new Date(clock.now().getTime() + 4 * DAY + 3_600_000));
    await ctx.app.textMessages.queueReminders(clock.now());
    await ctx.app.textMessages.sendDue();
    const texts = textsTo(motorist.e164);
    expect(texts).toHaveLength(2);
    expect(texts.find((text) => text.startsWith('You don pay NGN 1,000 for '))).toBeDefined();
    expect(texts.find((text) => text.startsWith('Ncheta:'))).toBe(
      `Ncheta: tiketi kwa izu ${motorist.plateNumber} ga-agwụ na 8/7/2026. Mee ya ọhụrụ ka ị ghara ịkwụ ntaramahụhụ. https://levy.example.ng/v/${motorist.userCode}`,
    );
  });
});
