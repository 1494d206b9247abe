import { expect, test } from '@playwright/test';
import { printedName } from '@eticket/contracts';
import { emulatePhone } from './support/phone.ts';
import { AGENTS, LANGUAGE_RIDERS, PASSWORD } from './support/fixtures.ts';
import { openIn, overflowsSideways, seriousViolations, signInAnyLanguage, smallTargets, untranslatedText } from './support/language.ts';

const LOCALES = ['en', 'pcm', 'ha', 'yo', 'ig'] as const;
// What the screens show that is data, not words: people, plates, codes, money, the app's brand.
const DATA = [
  ...[AGENTS.enforcer, AGENTS.remitter].flatMap((agent) => [printedName(agent.fullName), agent.fullName]),
  ...LANGUAGE_RIDERS.flatMap((m) => [printedName(m.fullName), m.fullName, m.plateNumber, m.plateNumber.toUpperCase(), m.userCode]),
  'PIN',
  'QR',
  'POS',
  'RRN',
];

test('in the pseudo-locale, the sign-in, scan, verdict, registration, collect form and receipt show no text outside the catalogues', async ({ page }) => {
  await openIn(page, 'en-XA');
  await expect(page.locator('h1')).toHaveText(/^⟦.+⟧$/);
  expect(await untranslatedText(page, DATA)).toEqual([]);
  // The forgot-password screen.
  await page.locator('button.forgot').click();
  await expect(page.locator('input[name=email]')).toBeVisible();
  expect(await untranslatedText(page, DATA)).toEqual([]);
  await page.locator('main.signin > button.secondary').click();

  await signInAnyLanguage(page, AGENTS.enforcer.email, PASSWORD);
  await expect(page.getByTestId('compliance-list')).toHaveText(/^⟦/);
  expect(await untranslatedText(page, DATA)).toEqual([]);
  await page.locator('form.typed input').fill(LANGUAGE_RIDERS[0].userCode);
  await page.locator('form.typed button.primary').click();
  await expect(page.locator('section.verdict')).toBeVisible();
  expect(await untranslatedText(page, DATA)).toEqual([]);
  await page.locator('section.verdict button.next').click();
  // The queue (the scan just sent) and My day.
  await page.locator('nav.tabs button').nth(1).click();
  await expect(page.locator('section.queue li').first()).toBeVisible();
  expect(await untranslatedText(page, DATA)).toEqual([]);
  await page.locator('nav.tabs button').nth(2).click();
  await expect(page.locator('.figure').first()).toBeVisible();
  // The day (2026-11-29) and the server's own words for a row (its plan or status) are data.
  expect(await untranslatedText(page, [...DATA, 'expired', 'active', 'grace'])).toEqual([]);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.locator('header.bar button.link').last().click();

  // The registrar's registration: the privacy notice and the first step, its problems, the vehicle step with its plans, the photo step.
  await signInAnyLanguage(page, AGENTS.registrar.email, PASSWORD);
  await expect(page.locator('section.privacy-notice h3')).toHaveText(/^⟦.+⟧$/);
  expect(await untranslatedText(page, DATA)).toEqual([]);
  await page.locator('section.register .actions button.primary').click();
  await expect(page.locator('section.register ul.error li').first()).toHaveText(/^⟦.+⟧$/);
  expect(await untranslatedText(page, DATA)).toEqual([]);
  await page.locator('input[name=privacyNoticeGiven]').check();
  await page.locator('input[name=fullName]').fill('ada pseudo');
  await page.locator('input[name=email]').fill('ada.pseudo@field.test');
  await page.locator('input[name=phone]').fill('08030000999');
  await page.locator('input[name=password]').fill('a-long-sticker-password');
  await page.locator('input[name=dob]').fill('1990-02-03');
  await page.locator('input[name=address]').fill('3 pseudo street');
  await page.locator('select[name=gender]').selectOption('female');
  await page.locator('section.register .actions button.primary').click();
  await expect(page.locator('input[name=plateNumber]')).toBeVisible();
  expect(await untranslatedText(page, DATA)).toEqual([]);
  await page.locator('select[name=vehicleType]').selectOption('keke');
  await expect(page.locator('select[name=subscription] option')).not.toHaveCount(1);
  await page.locator('input[name=plateNumber]').fill('KJA-999-PS');
  await page.locator('input[name=route]').fill('ojota - ketu');
  await page.locator('section.register .actions button.primary').click();
  await expect(page.locator('input[name=portraitSelfie]')).toBeVisible();
  expect(await untranslatedText(page, DATA)).toEqual([]);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.locator('header.bar button.link').last().click();

  await signInAnyLanguage(page, AGENTS.remitter.email, PASSWORD);
  expect(await untranslatedText(page, DATA)).toEqual([]);
  await page.locator('form.typed input').fill(LANGUAGE_RIDERS[1].userCode);
  await page.locator('form.typed button.primary').click();
  await expect(page.locator('.payer b')).toHaveText(LANGUAGE_RIDERS[1].fullName);
  await expect(page.locator('.choices.column button').first()).toBeVisible();
  expect(await untranslatedText(page, DATA)).toEqual([]);
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toMatch(/^⟦.*⟧$/);
    void dialog.accept();
  });
  await page.locator('section.collect > button.primary').click();
  await expect(page.locator('article.receipt')).toBeVisible();
  expect(await untranslatedText(page, [...DATA, 'Lagos Field Journeys Levy', 'daily', 'weekly'])).toEqual([]);
});

for (const locale of LOCALES) {
  test(`${locale}: no serious or critical axe violation, 48 px targets and 200 % text on the sign-in, scan and verdict`, async ({ page }) => {
    await openIn(page, locale);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.locator('select[data-testid=language]')).toHaveValue(locale);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await smallTargets(page)).toEqual([]);
    await signInAnyLanguage(page, AGENTS.enforcer.email, PASSWORD);
    await expect(page.getByTestId('compliance-list')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await smallTargets(page)).toEqual([]);
    await page.locator('form.typed input').fill(LANGUAGE_RIDERS[2 + LOCALES.indexOf(locale)].userCode);
    await page.locator('form.typed button.primary').click();
    await expect(page.locator('section.verdict')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // Text zoom to 200 %: the verdict and the bar reflow, nothing scrolls sideways.
    await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
    expect(await overflowsSideways(page)).toBe(false);
    await page.locator('section.verdict button.next').click();
    expect(await overflowsSideways(page)).toBe(false);
  });
}

for (const locale of LOCALES) {
  test(`${locale}: no serious or critical axe violation and 48 px targets on the registration screen`, async ({ page }) => {
    await openIn(page, locale);
    await signInAnyLanguage(page, AGENTS.registrar.email, PASSWORD);
    await expect(page.locator('section.privacy-notice')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await smallTargets(page)).toEqual([]);
    // The first step's problems, then the vehicle step.
    await page.locator('section.register .actions button.primary').click();
    await expect(page.locator('section.register ul.error')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
    expect(await overflowsSideways(page)).toBe(false);
  });
}

test('the picker switches the language within 500 ms on the throttled phone, and the account keeps it for the next sign-in', async ({ browser, page }) => {
  await openIn(page, 'en');
  await signInAnyLanguage(page, AGENTS.remitter.email, PASSWORD);
  await emulatePhone(page);
  const tab = page.locator('nav.tabs button').nth(1);
  await expect(tab).toHaveText(/^Queue/);
  const took = await page.evaluate(async () => {
    const select = document.querySelector<HTMLSelectElement>('header.bar select')!;
    const start = performance.now();
    select.value = 'yo';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await new Promise<void>((resolve) => {
      const check = () => (document.querySelector('nav.tabs button:nth-child(2)')!.textContent!.startsWith('Ìlà') ? resolve() : requestAnimationFrame(check));
      check();
    });
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    return performance.now() - start;
  });
  expect(took).toBeLessThan(500);
  await expect(page.locator('html')).toHaveAttribute('lang', 'yo');
  // Saved on the account: a fresh phone in English takes Yoruba at this agent's sign-in.
  await expect
    .poll(async () =>
      (
        await page.request.get('/api/profile', { headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('fieldToken'))}` } })
      ).json(),
    )
    .toMatchObject({ data: { language: 'yo' } });
  const other = await browser.newContext({ ...test.info().project.use, baseURL: test.info().project.use.baseURL });
  const fresh = await other.newPage();
  await openIn(fresh, 'en');
  await expect(fresh.locator('.signin h1')).toBeVisible();
  await signInAnyLanguage(fresh, AGENTS.remitter.email, PASSWORD);
  await expect(fresh.locator('html')).toHaveAttribute('lang', 'yo');
  await expect(fresh.locator('nav.tabs button').nth(1)).toHaveText(/^Ìlà/);
  // Back to English on the account, for the other journeys of this remitter.
  await fresh.locator('header.bar select').selectOption('en');
  await expect(fresh.locator('nav.tabs button').nth(1)).toHaveText(/^Queue/);
  await expect
    .poll(async () =>
      (
        await fresh.request.get('/api/profile', { headers: { authorization: `Bearer ${await fresh.evaluate(() => localStorage.getItem('fieldToken'))}` } })
      ).json(),
    )
    .toMatchObject({ data: { language: 'en' } });
  await other.close();
});
