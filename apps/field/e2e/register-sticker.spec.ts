import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { maskEmail } from '@eticket/contracts';
import QRCode from 'qrcode';
import { modulesOf } from '../../web/e2e/support/qr.ts';
import { AGENTS, LEVY_NAME } from './support/fixtures.ts';
import { adminToken, controlledByServiceWorker, signIn } from './support/session.ts';

// Issue 48: what a registrar gives the motorist. This file registers its own motorists ('… sticker'),
// through AGENTS.registrar, each on a plate of its own.

const MM_PER_POINT = 25.4 / 72;
const image = (name: string) => fileURLToPath(new URL(`../../web/e2e/fixtures/${name}`, import.meta.url));

/** The pages Chromium prints (print media, the page's own @page size), in whole millimetres. */
async function printedPages(page: Page): Promise<Array<{ width: number; height: number }>> {
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
  return [...pdf.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map(([, width, height]) => ({
    width: Math.round(Number(width) * MM_PER_POINT),
    height: Math.round(Number(height) * MM_PER_POINT),
  }));
}

interface Rider {
  fullName: string;
  email: string;
  phone: string;
  plate: string;
}

async function fillPersonal(page: Page, rider: Rider) {
  await page.getByLabel('Notice given *').check();
  await page.getByLabel('Full name *').fill(rider.fullName);
  await page.getByLabel('Email *').fill(rider.email);
  await page.getByLabel('Phone *').fill(rider.phone);
  await page.getByLabel('Password (12+ characters) *').fill('a-long-sticker-password');
  await page.getByLabel('Date of birth *').fill('1988-01-09');
  await page.getByLabel('Address *').fill('7 motor park road, ojota');
  await page.locator('input[name=front]').setInputFiles(image('id-front.png'));
  await page.locator('input[name=back]').setInputFiles(image('id-back.jpg'));
  await page.getByRole('button', { name: 'Next' }).click();
}

async function fillVehicle(page: Page, rider: Rider) {
  await page.getByLabel('Plate number *').fill(rider.plate);
  await page.getByLabel('Vehicle type *').selectOption('keke');
  await page.getByLabel('Route *').fill('ojota - ketu');
  await page.getByRole('button', { name: 'Next' }).click();
}

async function register(page: Page, rider: Rider) {
  await fillPersonal(page, rider);
  await fillVehicle(page, rider);
  await page.locator('input[name=portraitSelfie]').setInputFiles(image('id-front.png'));
  await expect(page.getByRole('img', { name: 'Motorist’s photo preview' })).toBeVisible();
  await page.getByRole('button', { name: 'Register motorist' }).click();
}

/** The sticker on screen: the levy, the plate, the vehicle type, the Unique ID and the QR code of {origin}/v/{userCode}. */
async function expectSticker(page: Page, rider: Rider): Promise<string> {
  const userCode = (await page.locator('.unique-id strong').textContent())!;
  expect(userCode).toMatch(/^[a-z0-9]{8,}$/);
  const sticker = page.getByRole('article', { name: 'Sticker' });
  await expect(sticker.getByRole('heading')).toHaveText(LEVY_NAME);
  for (const text of [rider.plate, 'Keke', userCode]) await expect(sticker).toContainText(text);
  const checkUrl = `${new URL(page.url()).origin}/v/${userCode}`;
  await expect(sticker).toContainText(checkUrl);
  const code = sticker.getByRole('img', { name: `QR code of ${checkUrl}` });
  await expect(code).toHaveAttribute('src', /^data:image\/png/);
  const expected = QRCode.create(checkUrl, { errorCorrectionLevel: 'M' }).modules;
  expect(await modulesOf(code, expected.size)).toEqual([...expected.data].map(Boolean));
  return userCode;
}

/** The motorist the server holds with this email: their Unique ID and whether the photos reached it. */
async function serverRecord(page: Page, email: string) {
  const token = await adminToken(page.request, AGENTS.admin.email);
  const reply = await page.request.get(`/api/motorist/user?search=${encodeURIComponent(email)}&limit=10`, { headers: { authorization: `Bearer ${token}` } });
  expect(reply.ok()).toBe(true);
  const rows = (await reply.json()).data as { id: string; email: string; userCode: string }[];
  return rows.filter((row) => row.email === maskEmail(email));
}

test('a registrar registers in words, with plan prices and photo previews, then prints the Unique ID and sticker on 58 mm or A6', async ({ page }) => {
  const rider: Rider = { fullName: 'sade sticker', email: 'sade.sticker@field.test', phone: '08039001001', plate: 'KJA-901-ST' };
  await signIn(page, AGENTS.registrar.email);
  await page.getByRole('button', { name: 'Next' }).click();
  // Messages in words, not the request's field names.
  await expect(page.getByRole('alert')).toContainText('Full name is required');
  await expect(page.getByRole('alert')).not.toContainText('fullName');
  // The registrar photographs papers and the motorist with the phone's rear camera; each photo shows once taken.
  for (const name of ['front', 'back']) await expect(page.locator(`input[name=${name}]`)).toHaveAttribute('capture', 'environment');
  await fillPersonal(page, rider);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('img', { name: 'ID front preview' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'ID back preview' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  // The plans of the vehicle type, with their prices.
  const plan = page.getByLabel('Plan asked for');
  await expect(plan).toBeDisabled();
  await expect(page.getByText('Choose the vehicle type first')).toBeVisible();
  await page.getByLabel('Vehicle type *').selectOption('keke');
  await expect(plan.locator('option')).toHaveText(['—', 'daily · ₦200.00', 'weekly · ₦1,000.00']);
  await plan.selectOption('weekly');
  await page.getByLabel('Plate number *').fill(rider.plate);
  await page.getByLabel('Route *').fill('ojota - ketu');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.locator('input[name=portraitSelfie]')).toHaveAttribute('capture', 'environment');
  await page.locator('input[name=portraitSelfie]').setInputFiles(image('id-front.png'));
  await expect(page.getByRole('img', { name: 'Motorist’s photo preview' })).toBeVisible();
  await page.getByRole('button', { name: 'Register motorist' }).click();

  await expect(page.getByText('Motorist registered successfully')).toBeVisible();
  const userCode = await expectSticker(page, rider);
  expect((await serverRecord(page, rider.email)).map((row) => row.userCode)).toEqual([userCode]);

  // Printed alone: on the 58 mm roll as long as the sticker, or on an A6 label.
  await expect(page.getByRole('radio', { name: '58 mm roll' })).toBeChecked();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('article', { name: 'Sticker' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print sticker' })).toBeHidden();
  await expect(page.locator('.sticker-print')).toBeVisible();
  await expect(page.locator('.sticker-print')).toContainText(rider.plate);
  await page.emulateMedia({ media: null });
  const roll = await printedPages(page);
  expect(roll).toHaveLength(1);
  expect(roll[0].width).toBe(58);
  expect(roll[0].height).toBeGreaterThan(60);
  expect(roll[0].height).toBeLessThan(160);
  await page.getByRole('radio', { name: 'A6 label' }).check();
  expect(await printedPages(page)).toEqual([{ width: 105, height: 148 }]);
});

test('an offline registration shows its Unique ID and sticker once it syncs', async ({ page }) => {
  const rider: Rider = { fullName: 'obi sticker', email: 'obi.sticker@field.test', phone: '08039001002', plate: 'KJA-902-ST' };
  await signIn(page, AGENTS.registrar.email);
  await controlledByServiceWorker(page);
  await page.context().setOffline(true);
  await register(page, rider);
  await expect(page.getByText(/^No network: the registration is kept on the phone/)).toBeVisible();
  await expect(page.getByRole('article', { name: 'Sticker' })).toHaveCount(0);

  await page.context().setOffline(false);
  await expect(page.getByText('Motorist registered successfully')).toBeVisible();
  const userCode = await expectSticker(page, rider);
  expect((await serverRecord(page, rider.email)).map((row) => row.userCode)).toEqual([userCode]);
});

test('a registration refused after syncing is edited and resent with its photos, then recorded once', async ({ page }) => {
  // The email of someone already registered: the server refuses it once the phone is online.
  const rider: Rider = { fullName: 'ebi sticker', email: AGENTS.admin.email, phone: '08039001003', plate: 'KJA-903-ST' };
  await signIn(page, AGENTS.registrar.email);
  await controlledByServiceWorker(page);
  await page.context().setOffline(true);
  await register(page, rider);
  await expect(page.getByText(/^No network: the registration is kept on the phone/)).toBeVisible();
  await page.context().setOffline(false);
  await expect(page.getByRole('alert')).toHaveText('Refused: Email is already in use');

  // Kept on the phone, listed under the form, and opened again from there.
  await page.reload();
  const listed = page.getByRole('region', { name: 'Registrations on this phone' }).getByRole('listitem').filter({ hasText: 'ebi sticker' });
  await expect(listed).toContainText('Refused');
  await listed.getByRole('button').click();
  await page.getByRole('button', { name: 'Edit and resend' }).click();

  await expect(page.getByRole('heading', { name: /^Fix and resend · 1 of 3/ })).toBeVisible();
  await expect(page.getByLabel('Full name *')).toHaveValue(rider.fullName);
  const fixed = { ...rider, email: 'ebi.sticker@field.test' };
  await page.getByLabel('Email *').fill(fixed.email);
  await expect(page.getByRole('img', { name: 'ID front preview' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Plate number *')).toHaveValue(rider.plate);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('img', { name: 'Motorist’s photo preview' })).toBeVisible();
  await page.getByRole('button', { name: 'Resend registration' }).click();

  await expect(page.getByText('Motorist registered successfully')).toBeVisible();
  const userCode = await expectSticker(page, fixed);
  // Recorded once, photos and all; the refused copy is gone from the phone.
  const records = await serverRecord(page, fixed.email);
  expect(records.map((row) => row.userCode)).toEqual([userCode]);
  // The photos open through Show, as signed links (issue 46: never in a list's reply).
  const token = await adminToken(page.request, AGENTS.admin.email);
  const shown = await page.request.post(`/api/user/${records[0].id}/personal-data`, { headers: { authorization: `Bearer ${token}` } });
  expect(shown.ok(), await shown.text()).toBe(true);
  const { images } = (await shown.json()).data as { images: { portrait: string | null; idFront: string | null } };
  expect(images.portrait).toBeTruthy();
  expect(images.idFront).toBeTruthy();
  await page.getByRole('button', { name: 'Register another' }).click();
  const left = page.getByRole('region', { name: 'Registrations on this phone' }).getByRole('listitem');
  await expect(left.filter({ hasText: 'Refused' })).toHaveCount(0);
  await expect(left.filter({ hasText: fixed.plate })).toContainText('Registered');
});

/** Every address the page's origin holds in its caches (the service worker's precache and runtime caches). */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });

test("the registration screen's code is kept for registrars only: an enforcer's phone holds none of it, a registrar's opens it offline", async ({
  browser,
}) => {
  const enforcer = await (await browser.newContext()).newPage();
  await signIn(enforcer, AGENTS.enforcer.email);
  await controlledByServiceWorker(enforcer);
  await expect.poll(async () => (await cachedUrls(enforcer)).some((url) => /\/field\/assets\/index-[\w-]+\.js$/.test(url))).toBe(true);
  expect((await cachedUrls(enforcer)).filter((url) => url.includes('RegisterScreen'))).toEqual([]);
  await enforcer.context().close();

  const registrar = await (await browser.newContext()).newPage();
  await signIn(registrar, AGENTS.registrar.email);
  await controlledByServiceWorker(registrar);
  await expect(registrar.getByText('1 of 3: Personal information')).toBeVisible();
  await expect.poll(async () => (await cachedUrls(registrar)).some((url) => /\/field\/assets\/RegisterScreen-[\w-]+\.js$/.test(url))).toBe(true);
  await registrar.context().setOffline(true);
  await registrar.reload();
  await expect(registrar.getByText('1 of 3: Personal information')).toBeVisible();
  await registrar.context().close();
});
