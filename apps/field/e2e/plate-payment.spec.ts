import { expect, test, type Page } from '@playwright/test';
import { AGENTS, BUS_DRIVER } from './support/fixtures.ts';
import { adminToken, controlledByServiceWorker, recordsOf, signIn } from './support/session.ts';

const queueItems = (page: Page, state: string) => page.locator(`li.item[data-state="${state}"]`);

/** A remitter offline finds a bus by its plate and takes a daily subscription; the receipt waits for the network. */
async function payDailyByPlate(page: Page, plate: string) {
  await page.getByLabel('Motorist’s Unique ID or plate number').fill(plate);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText('Offline: the server checks this payment')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Plate number' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'bus', exact: true }).click();
  await page.getByRole('button', { name: /^daily · / }).click();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  const receipt = page.getByRole('article', { name: 'Receipt' });
  await expect(receipt).toContainText('Not sent yet');
  await expect(receipt).toContainText(plate.toUpperCase());
  await page.getByRole('button', { name: 'Next payment' }).click();
}

test('a payment taken offline for a motorist found by plate is recorded once; a refused one is corrected from the queue and recorded once', async ({
  page,
  request,
}) => {
  await signIn(page, AGENTS.remitter.email);
  await controlledByServiceWorker(page);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('fieldPlans:bus'))).toContain('daily');
  await page.context().setOffline(true);

  await payDailyByPlate(page, BUS_DRIVER.plateNumber);
  // A plate mistyped while offline: the cash is taken, the server cannot know whose it is.
  await payDailyByPlate(page, 'FST 0298 JX');
  await page.getByRole('button', { name: /^Queue/ }).click();
  await expect(queueItems(page, 'waiting')).toHaveCount(2);

  await page.context().setOffline(false);
  await expect(queueItems(page, 'done')).toHaveCount(1);
  const refused = queueItems(page, 'refused');
  await expect(refused).toHaveCount(1);
  await expect(refused).toContainText('No motorist has that plate or Unique ID');
  await expect(refused).not.toContainText('userCode');
  const token = await adminToken(request, AGENTS.admin.email);
  expect(await recordsOf(request, token, 'sub-history', BUS_DRIVER.userCode)).toBe(1);

  // Corrected and sent again: a new attempt, recorded (not answered with the old refusal).
  await refused.getByRole('button', { name: 'Correct' }).click();
  await refused.getByLabel('Plate or Unique ID').fill('fst0298je');
  await expect(refused.getByRole('button', { name: 'Plate number' })).toHaveAttribute('aria-pressed', 'true');
  await refused.getByRole('button', { name: 'Send corrected' }).click();
  await expect(queueItems(page, 'refused')).toHaveCount(0);
  await expect(queueItems(page, 'done')).toHaveCount(2);
  await expect(queueItems(page, 'done').filter({ hasText: '₦300.00 daily bus subscription · fst0298je' })).toHaveCount(1);
  expect(await recordsOf(request, token, 'sub-history', BUS_DRIVER.userCode)).toBe(2);

  // Its receipt, opened again from the queue, names the corrected plate and the motorist the server found.
  await page.getByRole('button', { name: 'Receipt of ₦300.00 daily bus subscription · fst0298je' }).click();
  const receipt = page.getByRole('article', { name: 'Receipt' });
  await expect(receipt).toContainText('Official receipt');
  await expect(receipt).toContainText('FST0298JE');
  await expect(receipt).not.toContainText('FST 0298 JX');
  await expect(receipt).toContainText(BUS_DRIVER.userCode);
  await page.getByRole('button', { name: 'Back to the queue' }).click();

  // Sending again records nothing twice.
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByText(/^0 recorded/)).toBeVisible();
  expect(await recordsOf(request, token, 'sub-history', BUS_DRIVER.userCode)).toBe(2);
});
