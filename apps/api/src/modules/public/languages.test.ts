/** Issue 45: the public pages in English, Pidgin, Hausa, Yoruba and Igbo. */
import { LOCALES, PSEUDO_LOCALE } from '@eticket/i18n';
import { surfacesOf } from '@eticket/i18n/server';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlledClock, createPerson, createTestContext, type TestContext } from '../../../test/harness.ts';
import { sectionMismatches } from '../../../test/public-sections.ts';
import { createMotorist, newKey, session } from '../../../test/tickets.ts';
import { AGENT_WORDS, RECEIPT_WORDS, VEHICLE_WORDS } from './pages.ts';
import { REPORT_LINK_WORDS } from './report-link.ts';

const clock = controlledClock('2026-05-01T09:00:00Z');
let ctx: TestContext;
let pages: Record<'vehicle' | 'receipt' | 'agent' | 'suspended' | 'unknown', string>;
let addresses = 0;

const MAX_PAGE_BYTES = 30 * 1024;
const open = (url: string, headers: Record<string, string> = {}, remoteAddress = `198.51.100.${(addresses += 1) % 250}`) =>
  ctx.app.inject({ method: 'GET', url, headers, remoteAddress });

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  const admin = await session(ctx, { role: 'admin' });
  const remitter = await session(ctx, { role: 'remitter', fullName: 'Chinedu Obi' });
  const plan = await ctx.app.inject({
    method: 'POST',
    url: '/api/subscription',
    headers: await admin.headers(),
    payload: { name: '3 months', vehicleType: 'keke', price: 12000 },
  });
  const motorist = await createMotorist(ctx, 'keke', { fullName: 'Adaeze Ngozi Okafor' });
  const paid = await ctx.app.inject({
    method: 'POST',
    url: '/api/field/subscription-payment',
    headers: await remitter.headers({ 'idempotency-key': newKey() }),
    payload: { userCode: motorist.userCode, subscriptionId: plan.json().data.id, modeOfPayment: 'cash' },
  });
  const suspended = await createPerson(ctx, { role: 'enforcer', fullName: 'musa bello', registrationStatus: 'suspended' });
  pages = {
    vehicle: `/v/${motorist.userCode}`,
    receipt: `/r/${paid.json().data.payment.receiptNo}`,
    agent: `/a/${remitter.person.userCode}`,
    suspended: `/a/${suspended.userCode}`,
    unknown: '/r/S7KQ-2M9X-D4HP',
  };
});
afterAll(async () => ctx.close());

describe('the language of a public page', () => {
  it("follows the browser's Accept-Language, by its language part and preference", async () => {
    const yoruba = await open(pages.vehicle, { 'accept-language': 'fr-FR, yo-NG;q=0.9, en;q=0.5' });
    expect(yoruba.body).toContain('<html lang="yo">');
    expect(yoruba.headers['content-language']).toBe('yo');
    expect(yoruba.headers.vary).toContain('accept-language');
    // 1 Aug 2026 (three months from 1 May), the Yoruba month name from the catalogue.
    expect(yoruba.body).toContain('A ti sanwó títí 1 Oṣù Ògún 2026');
    expect(yoruba.body).toContain('Kẹ̀kẹ́');
    const english = await open(pages.vehicle, { 'accept-language': 'de, fr' });
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('Paid until 1 Aug 2026');
  });

  it('has a visible switch of plain links (no script) that keeps the choice in a cookie, over Accept-Language', async () => {
    const first = await open(`${pages.receipt}?lang=ha`, { 'accept-language': 'yo' });
    expect(first.body).toContain('<html lang="ha">');
    expect(first.body).toContain('Rasit na gaskiya');
    expect(first.body).toContain('Tikiti na wata 3 (Keke)');
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toMatch(/^lang=ha; Path=\/; Max-Age=31536000; SameSite=Lax; HttpOnly$/);
    // The switch: every language in its own name, the current one marked.
    for (const locale of LOCALES) expect(first.body).toContain(`href="?lang=${locale}" hreflang="${locale}" lang="${locale}"`);
    expect(first.body).toContain('<a href="?lang=ha" hreflang="ha" lang="ha" translate="no" aria-current="true">Hausa</a>');
    expect(first.body).toContain('<nav aria-label="Harshe">');

    const next = await open(pages.agent, { cookie: 'other=1; lang=ha', 'accept-language': 'yo' });
    expect(next.body).toContain('<html lang="ha">');
    expect(next.body).toContain('An amince, yana aiki yau');
    expect(next.headers['set-cookie']).toBeUndefined();
    // A cookie naming no language of ours is ignored; so is an unknown ?lang=.
    expect((await open(pages.agent, { cookie: 'lang=xx', 'accept-language': 'ig' })).body).toContain('<html lang="ig">');
    const unknown = await open(`${pages.agent}?lang=<b>`, { 'accept-language': 'pcm' });
    expect(unknown.body).toContain('<html lang="pcm">');
    expect(unknown.headers['set-cookie']).toBeUndefined();
  });

  it('every page in every language: its words, under 30 KB, no script', async () => {
    const expected = {
      en: ['Genuine receipt', 'Suspended: do not pay', 'Receipt not found', 'Checked 1 May 2026, 10:00, Lagos time', '/report">Report a problem</a>'],
      pcm: [
        'Na correct risit',
        'Dem don suspend am: no pay am',
        'We no see this risit',
        'We check am 1 Mee 2026, 10:00, Lagos time',
        '/report">Report wahala</a>',
      ],
      ha: [
        'Rasit na gaskiya',
        'An dakatar: kar ka biya',
        'Ba a samu rasit ɗin ba',
        'An duba 1 Mayu 2026, 10:00, lokacin Legas',
        '/report">Kai rahoton matsala</a>',
      ],
      yo: [
        'Rìsíìtì ojúlówó',
        'A ti dá a dúró: má ṣe sanwó fún un',
        'A kò rí rìsíìtì náà',
        'A ṣàyẹ̀wò ní 1 Oṣù Ẹ̀bibi 2026, 10:00, àkókò Èkó',
        '/report">Ròyìn ìṣòro</a>',
      ],
      ig: ['Ezigbo rịsịtị', 'A kwụsịla ya: akwụla ya ụgwọ', 'Ahụghị rịsịtị ahụ', 'Elelere ya 1 Mee 2026, 10:00, oge Legọs', '/report">Kọọ nsogbu</a>'],
    };
    for (const locale of LOCALES) {
      const bodies: string[] = [];
      for (const [name, url] of Object.entries(pages)) {
        const reply = await open(`${url}?lang=${locale}`);
        expect({ locale, name, status: reply.statusCode }).toEqual({ locale, name, status: name === 'unknown' ? 404 : 200 });
        expect(Buffer.byteLength(reply.body), `${locale} ${name}`).toBeLessThan(MAX_PAGE_BYTES);
        expect(reply.body).not.toMatch(/<script|javascript:|\son\w+=/i);
        expect(reply.body).toContain(`<html lang="${locale}">`);
        bodies.push(reply.body);
      }
      for (const text of expected[locale]) expect(bodies.join(''), `${locale}: ${text}`).toContain(text);
    }
  });

  it('refuses a flood in the reader’s language too (the short page made once per language)', async () => {
    const address = '192.0.2.77';
    let reply = await open(pages.vehicle, { 'accept-language': 'ig' }, address);
    for (let i = 0; i < 80 && reply.statusCode !== 429; i += 1) reply = await open(pages.vehicle, { 'accept-language': 'ig' }, address);
    expect(reply.statusCode).toBe(429);
    expect(reply.body).toContain('<html lang="ig">');
    expect(reply.body).toContain('Nlele adịla ọtụtụ');
    expect((await open(pages.vehicle, { cookie: 'lang=yo' }, address)).body).toContain('Àyẹ̀wò ti pọ̀ jù');
    clock.advance(120_000);
  });

  it('the pseudo-locale (tests only) is taken when asked for, and not offered in the switch', async () => {
    const reply = await open(`${pages.receipt}?lang=${PSEUDO_LOCALE}`);
    expect(reply.body).toContain(`<html lang="${PSEUDO_LOCALE}">`);
    expect(reply.body).toContain('⟦Ĝéñûîñé ŕéçéîþţ⟧');
    expect(reply.body).not.toContain(`?lang=${PSEUDO_LOCALE}`);
  });
});

describe('the words of the public pages', () => {
  it("a section's English in the code is the English catalogue's", () => {
    for (const words of [VEHICLE_WORDS, RECEIPT_WORDS, AGENT_WORDS]) expect(sectionMismatches(words)).toEqual([]);
    expect(sectionMismatches(REPORT_LINK_WORDS, 'public-dispute')).toEqual([]);
  });

  it('no key is in two of the public surfaces (public, public-<section>): merged, one would hide the other', () => {
    const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('@eticket/i18n/package.json')), 'catalogues');
    const seen = new Map<string, string>();
    for (const surface of surfacesOf('public')) {
      for (const key of Object.keys(JSON.parse(readFileSync(path.join(dir, surface, 'en.json'), 'utf8')) as object)) {
        expect(seen.get(key), `${key} in ${surface}`).toBeUndefined();
        seen.set(key, surface);
      }
    }
    expect(seen.size).toBeGreaterThan(40);
  });
});
