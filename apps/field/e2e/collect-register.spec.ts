import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { printedName } from '@eticket/contracts';
import { modulesOf } from '../../web/e2e/support/qr.ts';
import { AGENTS, LEVY_NAME, MOTORISTS } from './support/fixtures.ts';
import { signIn } from './support/session.ts';

const MM_PER_POINT = 25.4 / 72;

/** The pages Chromium prints (print media, the page's own @page size), in whole millimetres. */
async function printedPages(page: Page): Promise<Array<{ width: number; height: number }>> {
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
  return [...pdf.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map(([, width, height]) => ({
    width: Math.round(Number(width) * MM_PER_POINT),
    height: Math.round(Number(height) * MM_PER_POINT),
  }));
}

const image = (name: string) => fileURLToPath(new URL(`../../web/e2e/fixtures/${name}`, import.meta.url));

test('a remitter collects a weekly subscription in cash and gets a receipt', async ({ page }) => {
  const motorist = MOTORISTS[1];
  await signIn(page, AGENTS.remitter.email);
  await page.getByLabel('Motorist’s Unique ID or plate number').fill(motorist.plateNumber.toLowerCase());
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText(motorist.fullName)).toBeVisible();
  await page.getByRole('button', { name: 'Subscription', exact: true }).click();
  await page.getByRole('button', { name: /^weekly · ₦1,000\.00$/ }).click();
  await page.getByRole('button', { name: 'cash' }).click();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Confirm payment' }).click();

  const receipt = page.getByRole('article', { name: 'Receipt' });
  await expect(receipt).toContainText('₦1,000.00');
  await expect(receipt).toContainText('weekly keke subscription');
  // Names as on a card, as every printed receipt shows them (contracts/printing.ts).
  await expect(receipt).toContainText(`${printedName(motorist.fullName)} (${motorist.userCode})`);
  await expect(receipt).toContainText(printedName(AGENTS.remitter.fullName));
  await expect(receipt).not.toContainText('Not sent yet');
  await expect(receipt).not.toContainText('Given when sent');
  // The payment's receipt number (contracts/receipts.ts): S for a subscription, then Crockford base 32 without Z.
  await expect(receipt).toContainText(/Receipt no\.\s*S[0-9A-HJKMNP-TV-Y]{3}-[0-9A-HJKMNP-TV-Y]{4}-[0-9A-HJKMNP-TV-Y]{4}/);
  await expect(receipt.getByRole('heading')).toHaveText(LEVY_NAME);
  await expect(receipt).toContainText(/Mode\s*Cash/);
  await expect(receipt).toContainText('Official receipt');

  // The QR code of the receipt's public check (PUBLIC_URL unset: this server), as the console prints it.
  const receiptNo = /Receipt no\.\s*(S[0-9A-Z]{3}-[0-9A-Z]{4}-[0-9A-Z]{4})/.exec((await receipt.textContent()) ?? '')![1];
  const checkUrl = `${new URL(page.url()).origin}/r/${receiptNo}`;
  await expect(receipt).toContainText(checkUrl);
  const code = receipt.getByRole('img', { name: `QR code of ${checkUrl}` });
  await expect(code).toHaveAttribute('src', /^data:image\/png/);
  const expected = QRCode.create(checkUrl, { errorCorrectionLevel: 'M' }).modules;
  expect(await modulesOf(code, expected.size)).toEqual([...expected.data].map(Boolean));

  // Printed: the receipt alone, on one page of a 58 mm roll as long as the receipt (not on Letter).
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(receipt).toBeHidden();
  await expect(page.locator('.receipt-roll')).toBeVisible();
  await expect(page.locator('.receipt-roll')).toContainText(receiptNo);
  await page.emulateMedia({ media: null });
  const pages = await printedPages(page);
  expect(pages).toHaveLength(1);
  expect(pages[0].width).toBe(58);
  expect(pages[0].height).toBeGreaterThan(90);
  expect(pages[0].height).toBeLessThan(260);
});

test('a registrar registers a motorist in three steps with photos from the camera', async ({ page }) => {
  await signIn(page, AGENTS.registrar.email);
  await expect(page.getByText('1 of 3: Personal information')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toContainText('Full name is required');

  await expect(page.getByRole('alert')).toContainText('Notice given is required');
  await page.getByLabel('Notice given *').check();
  await page.getByLabel('Full name *').fill('kemi keke');
  await page.getByLabel('Email *').fill('kemi.keke@field.test');
  await page.getByLabel('Phone *').fill('08031234567');
  await page.getByLabel('Password (12+ characters) *').fill('password1234');
  await page.getByLabel('Date of birth *').fill('1990-04-02');
  await page.getByLabel('Address *').fill('12 park road, yaba');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toContainText('Password is too easy to guess: it is a commonly used password with small changes');
  await page.getByLabel('Password (12+ characters) *').fill('a-long-enough-password');
  await page.locator('input[name=front]').setInputFiles(image('id-front.png'));
  await page.locator('input[name=back]').setInputFiles(image('id-back.jpg'));
  await expect(page.getByText(/ID back · \d+ KB/)).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText('2 of 3: Vehicle')).toBeVisible();
  await page.getByLabel('Plate number *').fill('KJA-555-XY');
  await page.getByLabel('Vehicle type *').selectOption('keke');
  await page.getByLabel('Route *').fill('yaba - oshodi');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText('3 of 3: Motorist’s photo')).toBeVisible();
  await page.locator('input[name=portraitSelfie]').setInputFiles(image('id-front.png'));
  await expect(page.getByText(/Motorist’s photo · \d+ KB/)).toBeVisible();
  await page.getByRole('button', { name: 'Register motorist' }).click();
  await expect(page.getByText('Motorist registered successfully')).toBeVisible();
});
