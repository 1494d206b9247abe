import { expect, test } from '@playwright/test';
import { AGENTS, MOTORISTS } from './support/fixtures.ts';
import { payOffline } from './support/offline.ts';
import { emulatePhone } from './support/phone.ts';
import { controlledByServiceWorker, signIn } from './support/session.ts';

test('a payment made offline reopens from the Queue and My day, official once synced, and prints again', async ({ page, request }) => {
  const payer = MOTORISTS[1];
  const phone = await emulatePhone(page);
  await signIn(page, AGENTS.remitter.email);
  await controlledByServiceWorker(page);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('fieldPlans:keke'))).toContain('daily');
  // Counts the copies sent to the printer (headless Chromium prints nothing).
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute('data-printed', String(Number(document.body.dataset.printed ?? 0) + 1));
  });

  await phone.offline();
  await payOffline(page, payer.userCode, 'daily');
  await page.getByRole('button', { name: /^Queue/ }).click();
  const receipt = page.getByRole('article', { name: 'Receipt' });
  await page.getByRole('button', { name: `Receipt of ₦200.00 daily keke subscription · ${payer.userCode}` }).click();
  await expect(receipt).toContainText('Provisional receipt');
  await expect(receipt).toContainText('Given when sent');

  // Synced while the receipt is open: its official number shows there.
  await phone.online();
  await expect(receipt).toContainText('Official receipt');
  const receiptNo = (await receipt.locator('dt:text-is("Receipt no.") + dd').textContent())!;
  expect(receiptNo).toMatch(/^S/);
  await page.getByRole('button', { name: 'Print' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-printed', '1');
  await page.getByRole('button', { name: 'Back to the queue' }).click();
  await expect(page.locator('li.item[data-state="done"]').first()).toBeVisible();

  // My day opens the same receipt, with its public check.
  await page.getByRole('button', { name: 'My day' }).click();
  await page.getByRole('button', { name: `Receipt ${receiptNo}` }).click();
  await expect(receipt).toContainText('Official receipt');
  await expect(receipt).toContainText(receiptNo);
  await expect(receipt).toContainText('daily keke subscription');
  await expect(receipt.getByRole('img', { name: new RegExp(`/r/${receiptNo}$`) })).toBeVisible();
  await page.getByRole('button', { name: 'Print' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-printed', '2');
  await page.getByRole('button', { name: 'Back to my day' }).click();
  await expect(page.getByRole('heading', { name: /^My day/ })).toBeVisible();

  // The number is the server's: its public check knows it.
  const check = await request.get(`/r/${receiptNo}`);
  expect(check.ok()).toBe(true);
  expect(await check.text()).toContain(receiptNo);
});
