import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlledClock, createTestContext, smsOutboxMessages, type TestContext } from '../../../test/harness.ts';
import { sectionMismatches } from '../../../test/public-sections.ts';
import { createMotorist, newKey, session } from '../../../test/tickets.ts';
import { DISPUTE_WORDS, outcomeSms } from './texts.ts';

const clock = controlledClock('2026-05-01T09:00:00Z');
let ctx: TestContext;
let admin: Awaited<ReturnType<typeof session>>;
let remitter: Awaited<ReturnType<typeof session>>;
let motorist: Awaited<ReturnType<typeof createMotorist>>;
let receiptNo: string;
let addresses = 0;
const nextAddress = () => `198.51.100.${(addresses += 1)}`;

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** The form page's signed token, as a browser would read it from the page. */
async function formToken(path: string, remoteAddress: string): Promise<string> {
  const page = await ctx.app.inject({ method: 'GET', url: `${path}/report`, remoteAddress });
  expect(page.statusCode).toBe(200);
  const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1];
  expect(token).toBeTruthy();
  return token!;
}

/** A report sent as a phone without JavaScript sends it: a form post, then the 303's thank-you page. */
async function report(path: string, fields: Record<string, string>, remoteAddress = nextAddress()) {
  const token = await formToken(path, remoteAddress);
  return ctx.app.inject({ method: 'POST', url: `${path}/report`, headers: FORM, payload: form({ token, ...fields }), remoteAddress });
}

/** The reference in a post's redirect to the thank-you page (…/report/sent?ref=DSP-…&lang=…). */
const referenceOf = (location: unknown) => new URL(String(location), 'http://x').searchParams.get('ref') ?? '';

beforeAll(async () => {
  ctx = await createTestContext({ clock, disputeLimit: { perWindow: 3, windowMs: 60 * 60 * 1000 } });
  admin = await session(ctx, { role: 'admin', fullName: 'Amaka Admin' });
  remitter = await session(ctx, { role: 'remitter', fullName: 'Chinedu Obi' });
  const enforcer = await session(ctx, { role: 'enforcer', fullName: 'Emeka Enforcer' });
  const plan = await ctx.app.inject({
    method: 'POST',
    url: '/api/subscription',
    headers: await admin.headers(),
    payload: { name: 'monthly', vehicleType: 'bus', price: 12000 },
  });
  motorist = await createMotorist(ctx, 'bus', { fullName: 'Adaeze Okafor' });
  const paid = await ctx.app.inject({
    method: 'POST',
    url: '/api/field/subscription-payment',
    headers: await remitter.headers({ 'idempotency-key': newKey() }),
    payload: { userCode: motorist.userCode, subscriptionId: plan.json().data.id, modeOfPayment: 'cash' },
  });
  receiptNo = paid.json().data.payment.receiptNo;
  const scanned = await ctx.app.inject({ method: 'POST', url: '/api/field/scan', headers: await enforcer.headers(), payload: { userCode: motorist.userCode } });
  expect(scanned.statusCode).toBeLessThan(300);
});
afterAll(async () => ctx.close());

describe('Report a problem, without JavaScript', () => {
  it('each check page links to its report form, a no-script page with a signed token', async () => {
    for (const path of [`/v/${motorist.userCode}`, `/r/${receiptNo}`, `/a/${remitter.person.userCode}`, '/v/nosuchcode1']) {
      const check = await ctx.app.inject({ method: 'GET', url: path, remoteAddress: nextAddress() });
      expect(check.body).toContain(`href="${path}/report"`);
      expect(check.body).toContain('Report a problem');
      const page = await ctx.app.inject({ method: 'GET', url: `${path}/report`, remoteAddress: nextAddress() });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).not.toMatch(/<script|\son\w+=/i);
      expect(page.body).toContain(`<form method="post" action="${path}/report"`);
      for (const reason of [
        'I paid but was stopped or charged',
        'This receipt is not genuine',
        'The collector asked for more or had no ID',
        'This sticker is fake',
        'Other',
      ]) {
        expect(page.body).toContain(reason);
      }
    }
  });

  it('a report posted as a form reaches the queue, linked to the vehicle and its latest scan, the phone masked', async () => {
    const sent = await report(`/v/${motorist.userCode}`, {
      reason: 'paid_but_stopped',
      description: 'I paid for the month but the enforcer at Ojota charged me again.',
      phone: '0803 123 4567',
    });
    expect(sent.statusCode).toBe(303);
    const location = sent.headers.location as string;
    expect(location).toMatch(new RegExp(`^/v/${motorist.userCode}/report/sent\\?ref=DSP-[A-Z2-9]{8}&lang=en$`));
    const reference = referenceOf(location);
    const thanks = await ctx.app.inject({ method: 'GET', url: location, remoteAddress: nextAddress() });
    expect(thanks.statusCode).toBe(200);
    expect(thanks.body).toContain(reference);

    const list = await ctx.app.inject({ method: 'GET', url: '/api/disputes', headers: await admin.headers() });
    expect(list.statusCode).toBe(200);
    const row = list.json().data.find((item: { reference: string }) => item.reference === reference);
    expect(row).toMatchObject({
      source: 'vehicle',
      sourceCode: motorist.userCode,
      reason: 'paid_but_stopped',
      state: 'open',
      phone: '0803***4567',
      overdue: false,
      motorist: { userCode: motorist.userCode, plateNumber: motorist.plateNumber },
    });
    expect(row.scan?.agent.fullName.toLowerCase()).toBe('emeka enforcer');
    expect(JSON.stringify(list.json())).not.toContain('8031234567');
  });

  it('a report from a receipt links the receipt, its motorist and the collector', async () => {
    const sent = await report(`/r/${receiptNo}`, { reason: 'collector_misconduct', description: 'He asked for 500 more.' });
    expect(sent.statusCode).toBe(303);
    const list = await ctx.app.inject({ method: 'GET', url: `/api/disputes?reason=collector_misconduct`, headers: await admin.headers() });
    const [row] = list.json().data;
    expect(row).toMatchObject({
      source: 'receipt',
      receiptNo,
      phone: null,
      agent: { userCode: remitter.person.userCode },
      motorist: { userCode: motorist.userCode },
    });
  });

  it('bad input is answered 400 with the form again, naming each field, and writes nothing', async () => {
    const before = (await ctx.app.inject({ method: 'GET', url: '/api/disputes', headers: await admin.headers() })).json().paginator.total;
    const bad = await report(`/a/${remitter.person.userCode}`, { reason: 'bribe', description: '', phone: '12345' });
    expect(bad.statusCode).toBe(400);
    for (const field of ['reason', 'description', 'phone']) expect(bad.body).toContain(`data-field="${field}"`);
    const long = await report(`/a/${remitter.person.userCode}`, { reason: 'other', description: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('data-field="description"');
    expect(long.body).not.toContain('data-field="reason"');
    const forged = await ctx.app.inject({
      method: 'POST',
      url: `/a/${remitter.person.userCode}/report`,
      headers: FORM,
      payload: form({ token: `${clock.now().getTime()}.forged`, reason: 'other', description: 'Sent from another site' }),
      remoteAddress: nextAddress(),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('data-field="token"');
    // A token made for another page is not taken either.
    const otherToken = await formToken(`/v/${motorist.userCode}`, nextAddress());
    const moved = await ctx.app.inject({
      method: 'POST',
      url: `/a/${remitter.person.userCode}/report`,
      headers: FORM,
      payload: form({ token: otherToken, reason: 'other', description: 'moved' }),
      remoteAddress: nextAddress(),
    });
    expect(moved.body).toContain('data-field="token"');
    const after = (await ctx.app.inject({ method: 'GET', url: '/api/disputes', headers: await admin.headers() })).json().paginator.total;
    expect(after).toBe(before);
  });

  it('one address is refused 429 beyond its limit of reports', async () => {
    const address = nextAddress();
    const path = `/a/${remitter.person.userCode}`;
    const token = await formToken(path, address);
    const post = () =>
      ctx.app.inject({
        method: 'POST',
        url: `${path}/report`,
        headers: FORM,
        payload: form({ token, reason: 'other', description: 'again' }),
        remoteAddress: address,
      });
    for (let i = 0; i < 3; i += 1) expect((await post()).statusCode).toBe(303);
    // The public checks' counter: a process may admit up to BURST (3) more than the limit while its
    // counts are being written (docs/public-checks.md, "Tolerance"); then every post is refused.
    const statuses: number[] = [];
    for (let i = 0; i < 4 && !statuses.includes(429); i += 1) statuses.push((await post()).statusCode);
    expect(statuses).toContain(429);
    // Once its counts are written, every further post from it is refused.
    await new Promise((resolve) => setTimeout(resolve, 250));
    const refused = await post();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeTruthy();
    expect(refused.body).toContain('Too many reports');
    // Another address is not refused.
    expect((await report(path, { reason: 'other', description: 'mine' })).statusCode).toBe(303);
  });
});

describe('Report a problem in the reader’s language (issue 45)', () => {
  const open = (url: string, headers: Record<string, string> = {}, remoteAddress = nextAddress()) =>
    ctx.app.inject({ method: 'GET', url, headers, remoteAddress });
  const tokenIn = (body: string) => /name="token" value="([^"]+)"/.exec(body)?.[1] ?? '';

  it('the words in the code are the English catalogue’s (public-dispute)', () => {
    expect(sectionMismatches(DISPUTE_WORDS, 'public-dispute')).toEqual([]);
  });

  it('a report in Yoruba: the link, the form, the errors and the thank-you page in Yoruba, kept across the post', async () => {
    const path = `/v/${motorist.userCode}`;
    const yoruba = { 'accept-language': 'yo-NG, en;q=0.5' };
    const check = await open(path, yoruba);
    expect(check.body).toContain(`<a href="${path}/report">Ròyìn ìṣòro</a>`);

    const page = await open(`${path}/report`, yoruba);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="yo">');
    expect(page.headers['content-language']).toBe('yo');
    expect(page.headers.vary).toContain('accept-language');
    expect(page.body).toContain('<h1>Ròyìn ìṣòro</h1>');
    expect(page.body).toContain('Kí ló ṣẹlẹ̀?');
    expect(page.body).toContain('Sítíkà yìí jẹ́ ayédèrú');
    expect(page.body).toContain('<input type="hidden" name="lang" value="yo">');
    expect(page.body).toContain('<nav aria-label="Èdè">');
    expect(page.body).toContain('<a href="?lang=ha" hreflang="ha" lang="ha" translate="no">Hausa</a>');
    expect(page.body).not.toMatch(/<script|\son\w+=/i);

    // The post carries the page's language (no cookie, no Accept-Language on it): errors in Yoruba.
    const address = nextAddress();
    const bad = await ctx.app.inject({
      method: 'POST',
      url: `${path}/report`,
      headers: FORM,
      payload: form({ token: tokenIn(page.body), lang: 'yo', description: 'x' }),
      remoteAddress: address,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('<html lang="yo">');
    expect(bad.body).toContain('Jọ̀wọ́ ṣàtúnṣe èyí:');
    expect(bad.body).toContain('Yan ohun tó ṣẹlẹ̀.');

    const sent = await ctx.app.inject({
      method: 'POST',
      url: `${path}/report`,
      headers: FORM,
      payload: form({ token: tokenIn(bad.body), lang: 'yo', reason: 'paid_but_stopped', description: 'Wọ́n dá mi dúró ní Ojota.', phone: '0809 000 2222' }),
      remoteAddress: address,
    });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toMatch(new RegExp(`^${path}/report/sent\\?ref=DSP-[A-Z2-9]{8}&lang=yo$`));
    const reference = referenceOf(sent.headers.location);
    const thanks = await open(String(sent.headers.location));
    expect(thanks.body).toContain('<html lang="yo">');
    expect(thanks.body).toContain('A dúpẹ́: a ti gba ìròyìn rẹ');
    expect(thanks.body).toContain(reference);
    // The switch keeps the reference: another language shows the same thank-you page.
    expect(thanks.body).toContain(`href="?ref=${reference}&amp;lang=ig"`);
    const igbo = await open(`${path}/report/sent?ref=${reference}&lang=ig`);
    expect(igbo.body).toContain('Daalụ: anyị anatala akụkọ gị');

    // Resolved: the outcome text's wrapper in Yoruba, the staff's own words as they typed them.
    const headers = await admin.headers();
    const [row] = (await ctx.app.inject({ method: 'GET', url: `/api/disputes?search=${reference}`, headers })).json().data;
    const outcomeText = 'Your money was refunded.';
    const resolved = await ctx.app.inject({ method: 'POST', url: `/api/disputes/${row.id}/resolve`, headers, payload: { outcome: 'upheld', outcomeText } });
    expect(resolved.statusCode).toBe(200);
    await ctx.app.textMessages.sendDue();
    const [text] = smsOutboxMessages(ctx).filter((one) => one.body.includes(reference));
    expect(text.to).toBe('2348090002222');
    expect(text.body).toMatch(new RegExp(`: èsì ìròyìn ${reference}\\. ${outcomeText}$`));
    expect(text.body).toBe(outcomeSms(text.body.split(':')[0], reference, outcomeText, 'yo'));
  });

  it('the switch’s choice is kept in the cookie; a bad address and the 429 page speak the language too', async () => {
    const path = `/a/${remitter.person.userCode}`;
    const hausa = await open(`${path}/report?lang=ha`, { 'accept-language': 'yo' });
    expect(hausa.body).toContain('<html lang="ha">');
    expect(hausa.body).toContain('Me ya faru?');
    expect(hausa.body).toContain('Game da mai karɓar haraji mai lamba');
    expect(String(hausa.headers['set-cookie'])).toMatch(/^lang=ha; Path=\/;/);
    expect((await open(`${path}/report`, { cookie: 'lang=pcm', 'accept-language': 'yo' })).body).toContain('Wetin happen?');

    const missing = await open(`/v/${'x'.repeat(70)}/report`, { 'accept-language': 'ig' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<html lang="ig">');
    expect(missing.body).toContain('Ahụghị peeji ahụ');

    const address = nextAddress();
    let reply = await open(`${path}/report`, {}, address);
    // Up to limit + BURST − 1 posts (3 + 3 − 1) may be admitted while the counts are being written
    // (docs/public-checks.md, "Tolerance"): the sixth is refused whenever the writes land.
    for (let i = 0; i < 6 && reply.statusCode !== 429; i += 1) {
      reply = await ctx.app.inject({ method: 'POST', url: `${path}/report`, headers: FORM, payload: form({ token: 'x', lang: 'ig' }), remoteAddress: address });
    }
    expect(reply.statusCode).toBe(429);
    expect(reply.body).toContain('<html lang="ig">');
    expect(reply.body).toContain('Akụkọ adịla ọtụtụ');
  });

  it('the form and the thank-you page in every language: under 30 KB, no script, each word from the catalogue', async () => {
    const path = `/r/${receiptNo}`;
    const words = { en: 'What happened?', pcm: 'Wetin happen?', ha: 'Me ya faru?', yo: 'Kí ló ṣẹlẹ̀?', ig: 'Gịnị mere?' };
    for (const [locale, word] of Object.entries(words)) {
      const page = await open(`${path}/report?lang=${locale}`);
      const thanks = await open(`${path}/report/sent?ref=DSP-ABCDEFGH&lang=${locale}`);
      for (const reply of [page, thanks]) {
        expect(reply.statusCode).toBe(200);
        expect(reply.body).toContain(`<html lang="${locale}">`);
        expect(Buffer.byteLength(reply.body)).toBeLessThan(30 * 1024);
        expect(reply.body).not.toMatch(/<script|javascript:|\son\w+=/i);
      }
      expect(page.body).toContain(word);
    }
    // The pseudo-locale (tests): every word bracketed, none left in English.
    const pseudo = await open(`${path}/report?lang=en-XA`);
    expect(pseudo.body).toContain('<html lang="en-XA">');
    expect(pseudo.body).not.toContain('What happened?');
  });

  it('the outcome text’s wrapper in each language; English as before', () => {
    expect(outcomeSms('Lagos Levy', 'DSP-AAAAAAAA', 'Refunded.')).toBe('Lagos Levy: your report DSP-AAAAAAAA. Refunded.');
    expect(outcomeSms('Lagos Levy', 'DSP-AAAAAAAA', 'It’s refunded.', 'ha')).toBe("Lagos Levy: amsar rahotonka DSP-AAAAAAAA. It's refunded.");
    expect(outcomeSms('Lagos Levy', 'DSP-AAAAAAAA', 'Refunded.', 'ig')).toBe('Lagos Levy: ozi maka DSP-AAAAAAAA. Refunded.');
  });
});

describe('the Disputes queue', () => {
  it('assigns, notes and resolves once; the outcome text is in the SMS outbox', async () => {
    const sent = await report(`/v/${motorist.userCode}`, { reason: 'sticker_fake', description: 'Sticker looks printed at home.', phone: '+234 809 000 1111' });
    const reference = referenceOf(sent.headers.location);
    const list = await ctx.app.inject({ method: 'GET', url: `/api/disputes?search=${reference.toLowerCase()}`, headers: await admin.headers() });
    const [row] = list.json().data;
    expect(row.reference).toBe(reference);
    const headers = await admin.headers();
    const assignees = (await ctx.app.inject({ method: 'GET', url: '/api/disputes/assignees', headers })).json().data;
    const me = assignees.find((person: { fullName: string }) => person.fullName.toLowerCase() === 'amaka admin');
    const assigned = await ctx.app.inject({ method: 'POST', url: `/api/disputes/${row.id}/assign`, headers, payload: { assigneeId: me.id } });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().data).toMatchObject({ state: 'in_review', assignee: { id: me.id }, phone: '0809***1111' });
    expect(assigned.body).not.toContain('8090001111');
    const notRemitter = await ctx.app.inject({ method: 'POST', url: `/api/disputes/${row.id}/assign`, headers, payload: { assigneeId: remitter.person.id } });
    expect(notRemitter.statusCode).toBe(400);
    expect(notRemitter.json().message).toContain('assigneeId');

    const noted = await ctx.app.inject({ method: 'POST', url: `/api/disputes/${row.id}/notes`, headers, payload: { note: 'Called the enforcer.' } });
    expect(noted.json().data.notes).toMatchObject([{ body: 'Called the enforcer.', author: { id: me.id } }]);
    const emptyNote = await ctx.app.inject({ method: 'POST', url: `/api/disputes/${row.id}/notes`, headers, payload: { note: ' ' } });
    expect(emptyNote.statusCode).toBe(400);
    expect(emptyNote.json().message).toContain('note');

    const badOutcome = await ctx.app.inject({
      method: 'POST',
      url: `/api/disputes/${row.id}/resolve`,
      headers,
      payload: { outcome: 'maybe', outcomeText: '' },
    });
    expect(badOutcome.statusCode).toBe(400);
    expect(badOutcome.json().message).toMatch(/outcome/);

    // Two staff resolving at once: one is applied, the other refused; one text leaves.
    const outcomes = [
      { outcome: 'not_upheld', outcomeText: 'The sticker is genuine; the enforcer has been retrained.' },
      { outcome: 'upheld', outcomeText: 'Your sticker was replaced free of charge.' },
    ];
    const replies = await Promise.all(outcomes.map((payload) => ctx.app.inject({ method: 'POST', url: `/api/disputes/${row.id}/resolve`, headers, payload })));
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    const winner = replies.findIndex((reply) => reply.statusCode === 200);
    const { outcomeText } = outcomes[winner];
    expect(replies[winner].json().data).toMatchObject({ state: 'resolved', ...outcomes[winner], resolvedBy: { id: me.id } });

    await ctx.app.textMessages.sendDue();
    const texts = smsOutboxMessages(ctx).filter((text) => text.body.includes(reference));
    expect(texts).toHaveLength(1);
    expect(texts[0].to).toBe('2348090001111');
    expect(texts[0].body).toContain(outcomeText);

    const audit = await ctx.app.inject({ method: 'GET', url: '/api/disputes/summary', headers });
    expect(audit.json().data.resolvedLast7Days).toBeGreaterThanOrEqual(1);
  });

  it('ages against 72 hours: overdue counted on the dashboard and filtered', async () => {
    const headers = await admin.headers();
    const before = (await ctx.app.inject({ method: 'GET', url: '/api/disputes/summary', headers })).json().data;
    expect(before.overdue).toBe(0);
    clock.advance(73 * 60 * 60 * 1000);
    const after = (await ctx.app.inject({ method: 'GET', url: '/api/disputes/summary', headers: await admin.headers() })).json().data;
    expect(after.overdue).toBe(before.open + before.inReview);
    const overdue = await ctx.app.inject({ method: 'GET', url: '/api/disputes?age=overdue', headers: await admin.headers() });
    expect(overdue.json().data.length).toBe(after.overdue);
    expect(overdue.json().data.every((row: { overdue: boolean; ageHours: number }) => row.overdue && row.ageHours >= 72)).toBe(true);
    const badAge = await ctx.app.inject({ method: 'GET', url: '/api/disputes?age=old', headers: await admin.headers() });
    expect(badAge.statusCode).toBe(400);
    expect(badAge.json().message).toContain('age');
  });

  it('erases a resolved dispute’s phone 90 days after, and its text’s number once sent', async () => {
    const headers = await admin.headers();
    const resolved = (await ctx.app.inject({ method: 'GET', url: '/api/disputes?state=resolved', headers })).json().data;
    expect(resolved.some((row: { phone: string | null }) => row.phone !== null)).toBe(true);
    clock.advance(91 * 24 * 60 * 60 * 1000);
    expect(await ctx.app.jobs.run('dispute-phone-retention')).toBe('ran');
    const after = (await ctx.app.inject({ method: 'GET', url: '/api/disputes?state=resolved', headers: await admin.headers() })).json().data;
    expect(after.every((row: { phone: string | null }) => row.phone === null)).toBe(true);
    const open = (await ctx.app.inject({ method: 'GET', url: '/api/disputes?state=open', headers: await admin.headers() })).json().data;
    expect(open.some((row: { phone: string | null }) => row.phone !== null)).toBe(true);
  });

  it('is the admins’ alone', async () => {
    for (const role of ['remitter', 'union'] as const) {
      const other = await session(ctx, { role });
      expect((await ctx.app.inject({ method: 'GET', url: '/api/disputes', headers: await other.headers() })).statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/disputes' })).statusCode).toBe(401);
  });
});
