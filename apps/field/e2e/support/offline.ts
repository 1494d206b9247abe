import { expect, type Page } from '@playwright/test';

/** An enforcer offline types a Unique ID: a provisional verdict from the phone's list, then the next scan. */
export async function scanTyped(page: Page, userCode: string) {
  await page.getByLabel('Unique ID or plate number').fill(userCode);
  await page.getByRole('button', { name: 'Check' }).click();
  const verdict = page.getByRole('alert').filter({ hasText: 'EXPIRED' });
  await expect(verdict).toContainText('Provisional');
  await page.getByRole('button', { name: 'Next scan' }).click();
}

/** A remitter offline collects a subscription plan or a penalty amount from a keke rider; the receipt waits for the network. */
export async function payOffline(page: Page, userCode: string, what: 'weekly' | 'daily' | number) {
  await page.getByLabel('Motorist’s Unique ID or plate number').fill(userCode);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText('Offline: the server checks this payment')).toBeVisible();
  await page.getByRole('button', { name: 'keke' }).click();
  if (typeof what === 'number') {
    await page.getByRole('button', { name: 'Penalty', exact: true }).click();
    await page.getByLabel(/^Amount/).fill(String(what));
  } else {
    await page.getByRole('button', { name: 'Subscription', exact: true }).click();
    await page.getByRole('button', { name: new RegExp(`^${what} · `) }).click();
  }
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page.getByRole('article', { name: 'Receipt' })).toContainText('Not sent yet');
  await page.getByRole('button', { name: 'Next payment' }).click();
}
