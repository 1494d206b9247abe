import { expect, test } from '@playwright/test';
import { ACCOUNTS } from './fixtures/accounts.ts';
import { ensurePlan } from './support/allocation.ts';
import { sidebar } from './support/sidebar.ts';
import { signIn } from './support/signIn.ts';
import { apiToken, paySubscription, registerApprovedMotorist } from './support/tickets.ts';

// Bike motorists named 'Books …' belong to this file (they use the shared 6-month bike plan).

test('books: an admin runs the integrity check and finds a cash payment in the remitter’s till', async ({ page, request }) => {
  test.setTimeout(60_000);
  const superAdmin = await apiToken(request, ACCOUNTS.superAdmin);
  const plan = await ensurePlan(request, superAdmin, 'bike', '6 months', 6000);
  const motorist = await registerApprovedMotorist(request, superAdmin, { fullName: 'Books Payer', vehicleType: 'bike', plan: '6 months' });
  await paySubscription(request, await apiToken(request, ACCOUNTS.remitter), { userCode: motorist.userCode, subscriptionId: plan.id, modeOfPayment: 'cash' });

  await signIn(page, ACCOUNTS.admin);
  await sidebar(page).getByRole('link', { name: 'Books', exact: true }).click();
  await expect(page).toHaveURL('/books');
  await expect(page).toHaveTitle('e-Ticketing | Books');
  await expect(page.getByRole('heading', { name: 'Books', level: 2 })).toBeVisible();

  // The check, asked for now: the books balance, and it says who ran it.
  const check = page.getByRole('region', { name: 'Integrity check' });
  await check.getByRole('button', { name: 'Run check now' }).click();
  await expect(check.getByRole('status')).toContainText('The books balance');
  await expect(check.getByRole('status')).toContainText(`run by ${ACCOUNTS.admin.fullName}`);

  // The accounts: the remitter's till holds the cash, subscription revenue is a credit balance.
  const accounts = page.getByRole('region', { name: 'Accounts' });
  await page.getByRole('textbox', { name: 'Kind of account' }).click();
  await page.getByRole('option', { name: 'Till' }).click();
  const till = accounts.getByRole('row').filter({ hasText: `Till: ${ACCOUNTS.remitter.fullName}` });
  await expect(till).toHaveCount(1);
  await expect(till).toContainText('Till');
  await expect(accounts.getByRole('row').filter({ hasText: 'Revenue' })).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Kind of account' }).click();
  await page.getByRole('option', { name: 'Revenue' }).click();
  const revenue = accounts.getByRole('row').filter({ hasText: 'Revenue: subscriptions' });
  await expect(revenue).toHaveCount(1);
  await expect(revenue.getByRole('cell').last()).toHaveText(/^-₦[\d,]+\.\d{2}$/);
});

test('books: not for a union, whose address for it leads to the dashboard', async ({ page }) => {
  await signIn(page, ACCOUNTS.union);
  await expect(sidebar(page).getByRole('link', { name: 'Books', exact: true })).toHaveCount(0);
  await page.goto('/books');
  await expect(page).toHaveURL('/');
});
