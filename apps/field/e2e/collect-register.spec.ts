import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { AGENTS, MOTORISTS } from './support/fixtures.ts';
import { signIn } from './support/session.ts';

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
  await expect(receipt).toContainText(`${motorist.fullName} (${motorist.userCode})`);
  await expect(receipt).toContainText(AGENTS.remitter.fullName);
  await expect(receipt).not.toContainText('Not sent yet');
  await expect(receipt).not.toContainText('Given when sent');
  // The payment's receipt number (contracts/receipts.ts): S for a subscription, then Crockford base 32 without Z.
  await expect(receipt).toContainText(/Receipt no\.\s*S[0-9A-HJKMNP-TV-Y]{3}-[0-9A-HJKMNP-TV-Y]{4}-[0-9A-HJKMNP-TV-Y]{4}/);
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
});

test('a registrar registers a motorist in three steps with photos from the camera', async ({ page }) => {
  await signIn(page, AGENTS.registrar.email);
  await expect(page.getByText('1 of 3: Personal information')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toContainText('fullName is required');

  await page.getByLabel('Full name *').fill('kemi keke');
  await page.getByLabel('Email *').fill('kemi.keke@field.test');
  await page.getByLabel('Phone *').fill('08031234567');
  await page.getByLabel('Password (12+ characters) *').fill('password1234');
  await page.getByLabel('Date of birth *').fill('1990-04-02');
  await page.getByLabel('Address *').fill('12 park road, yaba');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toContainText('password is too easy to guess: it is a commonly used password with small changes');
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

  await expect(page.getByText('3 of 3: Portrait selfie')).toBeVisible();
  await page.locator('input[name=portraitSelfie]').setInputFiles(image('id-front.png'));
  await expect(page.getByText(/Selfie · \d+ KB/)).toBeVisible();
  await page.getByRole('button', { name: 'Register motorist' }).click();
  await expect(page.getByText('Motorist registered successfully')).toBeVisible();
});
