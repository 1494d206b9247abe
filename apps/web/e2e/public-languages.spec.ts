import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ACCOUNTS } from './fixtures/accounts.ts';
import { ensurePlan } from './support/allocation.ts';
import { apiToken, paySubscription, registerApprovedMotorist } from './support/tickets.ts';

/**
 * Issue 45: the public pages (/v, /r, /a, and the Report a problem pages) in every language, checked in a real browser: in the
 * pseudo-locale no word escapes the catalogues; in each language axe-core finds no serious or
 * critical WCAG 2.2 AA violation, the language links are 48 px targets reached in order, and the
 * page reflows at 200 % zoom (a 360 px phone: 180 CSS px) without sideways scrolling.
 */

const LOCALES = ['en', 'pcm', 'ha', 'yo', 'ig'] as const;
const PSEUDO = 'en-XA';
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

let pages: Record<string, string>;

test.beforeAll(async ({ request }) => {
  const admin = await apiToken(request, ACCOUNTS.superAdmin);
  const remitter = await apiToken(request, ACCOUNTS.remitter);
  const motorist = await registerApprovedMotorist(request, admin, { fullName: 'Ngozi Languages', vehicleType: 'bike', plan: '6 months' });
  const payment = await paySubscription(request, remitter, {
    userCode: motorist.userCode,
    // The shared 6-month bike plan (dashboard-admin.spec.ts).
    subscriptionId: (await ensurePlan(request, admin, 'bike', '6 months', 6000)).id,
    modeOfPayment: 'cash',
  });
  const profile = await request.get('/api/profile', { headers: { authorization: `Bearer ${remitter}` } });
  const remitterCode = ((await profile.json()) as { data: { userCode: string } }).data.userCode;
  pages = {
    vehicle: `/v/${motorist.userCode}`,
    receipt: `/r/${payment.data.payment.receiptNo}`,
    agent: `/a/${remitterCode}`,
    'unknown receipt': '/r/S7KQ-2M9X-D4HP',
    'unknown vehicle': '/v/zzzzzzzzzz',
    // Back from checkout (online payments) without a reference: "Payment not found", in the pages' shell.
    'back from checkout': `/v/${motorist.userCode}/paid`,
    // The Report a problem pages (modules/disputes): the form, and the thank-you page of a reference.
    'report form': `/v/${motorist.userCode}/report`,
    'report sent': `/r/${payment.data.payment.receiptNo}/report/sent?ref=DSP-ABCDEFGH`,
  };
});

/** The page in a language: `?lang=` or `&lang=` after the page's own query. */
const inLanguage = (url: string, lang: string) => `${url}${url.includes('?') ? '&' : '?'}lang=${lang}`;

/** A phone: no session; CSP bypassed only so that axe's script can be evaluated. */
async function phone(browser: Browser, width = 360) {
  return browser.newContext({ viewport: { width, height: 740 }, bypassCSP: true });
}

/** Visible words outside translate="no" (data: plates, names, codes, the levy's name), and labels. */
const wordsOf = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      if (text && !node.parentElement?.closest('[translate="no"]')) found.push(text);
    }
    for (const element of document.querySelectorAll('[aria-label], [alt], [title]'))
      for (const name of ['aria-label', 'alt', 'title']) if (element.getAttribute(name)) found.push(element.getAttribute(name)!);
    // A page's title may start with data ("LAG 123 AB: …"): its words follow the last ": ".
    found.push(document.title.split(': ').pop() ?? '');
    return found;
  });

test('in the pseudo-locale no text on the public pages escapes the catalogues', async ({ browser }) => {
  const context = await phone(browser);
  const page = await context.newPage();
  for (const [name, url] of Object.entries(pages)) {
    await page.goto(inLanguage(url, PSEUDO));
    await expect(page.locator('html')).toHaveAttribute('lang', PSEUDO);
    const words = await wordsOf(page);
    expect(words.length, name).toBeGreaterThan(3);
    // Pseudo text has every letter accented and each message bracketed ⟦…⟧ (a receipt number it names
    // stays as it is): a plain ASCII letter outside a bracketed message never went through a catalogue.
    const untranslated = words.filter((text) => /[A-Za-z]/.test(text) && !/^⟦[\s\S]*⟧$/.test(text));
    expect({ name, untranslated }).toEqual({ name, untranslated: [] });
  }
  // The Pay section's refusal (a phone that is not Nigerian: refused before any provider is asked),
  // in the language the switch kept in the cookie.
  await page.goto(`${pages.vehicle}?lang=${PSEUDO}`);
  await page.locator('input[name="phone"]').fill('12');
  await page.locator('section.pay button[type="submit"]').click();
  await expect(page.locator('html')).toHaveAttribute('lang', PSEUDO);
  await expect(page.getByRole('alert')).toBeVisible();
  const refusal = await wordsOf(page);
  expect({ name: 'pay refusal', untranslated: refusal.filter((text) => /[A-Za-z]/.test(text) && !/^⟦[\s\S]*⟧$/.test(text)) }).toEqual({
    name: 'pay refusal',
    untranslated: [],
  });
  // The same look at an English page finds its words: the check can fail.
  await page.goto(`${pages.vehicle}?lang=en`);
  expect((await wordsOf(page)).filter((text) => /[A-Za-z]/.test(text) && !/^⟦[\s\S]*⟧$/.test(text))).toEqual(
    expect.arrayContaining(['Vehicle type', 'Owner', 'Language']),
  );
  await context.close();
});

for (const locale of LOCALES) {
  test(`the public pages in ${locale}: axe finds no serious or critical violation; 48 px language links in order; 200 % zoom`, async ({ browser }) => {
    const context = await phone(browser);
    const page = await context.newPage();
    // The switch's link sets the cookie: the next pages follow it without ?lang=.
    await page.goto(pages.vehicle);
    await page.locator(`nav a[hreflang="${locale}"]`).click();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    for (const [name, url] of Object.entries(pages)) {
      await page.goto(url);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
      const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      expect({ locale, name, serious: serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`) }).toEqual({
        locale,
        name,
        serious: [],
      });
    }

    // Language links: 48 × 48 px at least, reached by Tab in the order shown, the current one marked
    // (on the last page: the thank-you page, whose links keep its reference).
    await expect(page.locator(`nav a[hreflang="${locale}"]`)).toHaveAttribute('href', `?ref=DSP-ABCDEFGH&lang=${locale}`);
    const links = page.locator('nav a');
    await expect(links).toHaveCount(LOCALES.length);
    for (const box of await links.evaluateAll((all) => all.map((a) => a.getBoundingClientRect())))
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(48);
    await expect(page.locator(`nav a[hreflang="${locale}"]`)).toHaveAttribute('aria-current', 'true');
    const order: string[] = [];
    for (let i = 0; i < LOCALES.length; i += 1) {
      await page.keyboard.press('Tab');
      order.push(await page.evaluate(() => document.activeElement?.getAttribute('hreflang') ?? ''));
    }
    expect(order).toEqual([...LOCALES]);
    await context.close();

    // 200 % zoom on a 360 px phone: 180 CSS px wide; nothing is cut off or needs sideways scrolling.
    const zoomed = await browser.newContext({ viewport: { width: 180, height: 370 }, deviceScaleFactor: 2 });
    const small = await zoomed.newPage();
    for (const url of Object.values(pages)) {
      await small.goto(inLanguage(url, locale));
      expect(await small.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${locale} ${url}`).toBeLessThanOrEqual(
        0,
      );
    }
    await zoomed.close();
  });
}
