import { expect, test } from '@playwright/test';
import { AGENTS, MOTORISTS } from './support/fixtures.ts';
import { payOffline } from './support/offline.ts';
import { emulatePhone } from './support/phone.ts';
import { adminToken, controlledByServiceWorker, recordsOf, signIn } from './support/session.ts';

test("signing out says what is unsent and asks; the next agent on the phone neither sees nor sends the first one's items", async ({ page, request }) => {
  const payer = MOTORISTS[2];
  const token = await adminToken(request, AGENTS.admin.email);
  const paymentsBefore = await recordsOf(request, token, 'sub-history', payer.userCode);
  const phone = await emulatePhone(page);
  await signIn(page, AGENTS.remitter.email);
  await controlledByServiceWorker(page);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('fieldPlans:keke'))).toContain('daily');

  await phone.offline();
  await payOffline(page, payer.userCode, 'daily');
  const asked: string[] = [];
  page.once('dialog', (dialog) => (asked.push(dialog.message()), void dialog.dismiss()));
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect.poll(() => asked[0]).toContain('1 item is not sent (1 waiting to be sent)');
  expect(asked[0]).toContain('Sign out anyway?');
  // Kept signed in when the agent says no.
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByLabel('Email or Unique ID')).toBeVisible();

  // Another agent on the same phone, online: the first one's payment is neither shown nor sent.
  await phone.online();
  await signIn(page, AGENTS.enforcer.email);
  await page.getByRole('button', { name: /^Queue/ }).click();
  await expect(page.getByText('Nothing captured yet.')).toBeVisible();
  await expect(page.locator('li.item')).toHaveCount(0);
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByText(/^0 recorded/)).toBeVisible();
  expect(await recordsOf(request, token, 'sub-history', payer.userCode)).toBe(paymentsBefore);
  expect(
    await page.evaluate(
      () =>
        new Promise((resolve) => {
          const open = indexedDB.open('eticket-field');
          open.onsuccess = () => {
            const count = open.result.transaction('queue').objectStore('queue').count();
            count.onsuccess = () => resolve(count.result);
          };
        }),
    ),
  ).toBe(1);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Sign out' }).click();

  // The first agent back: their payment goes, once.
  await signIn(page, AGENTS.remitter.email);
  await page.getByRole('button', { name: /^Queue/ }).click();
  await expect(page.locator('li.item[data-state="done"]')).toHaveCount(1);
  expect(await recordsOf(request, token, 'sub-history', payer.userCode)).toBe(paymentsBefore + 1);
});
