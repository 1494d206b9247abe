import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS } from './fixtures/accounts.ts';
import { createApprovedUnion, KNOWN_ACCOUNTS } from './support/allocation.ts';
import { signIn } from './support/signIn.ts';
import { apiToken } from './support/tickets.ts';

// The 'allocation journey' unions belong to this file.

const account = KNOWN_ACCOUNTS.fidelity;

async function chooseOption(page: Page, field: ReturnType<Page['getByLabel']>, typed: string, option: string | RegExp) {
  await field.click();
  await field.fill(typed);
  await page.getByRole('option', { name: option }).click();
}

test('assign a percentage through the modal, update it, open its page and record a payout', async ({ page, request }) => {
  test.setTimeout(60_000);
  const union = await createApprovedUnion(request, await apiToken(request, ACCOUNTS.superAdmin), 'bus', 'allocation journey');
  await signIn(page, ACCOUNTS.superAdmin);
  await page.goto('/allocation');
  await expect(page).toHaveTitle(/Allocation/);
  await expect(page.getByRole('heading', { name: 'Allocation', level: 2 })).toBeVisible();

  // The modal: every field is required; the message shows in red in the modal.
  await page.getByRole('button', { name: 'Assign Percentage' }).click();
  const modal = page.getByRole('dialog', { name: 'Assign Percentage' });
  await expect(modal.getByRole('slider', { name: 'Percentage' })).toHaveAttribute('aria-valuenow', '0.1');
  await modal.getByRole('button', { name: 'Assign' }).click();
  await expect(modal.getByRole('alert')).toHaveText('All field are required');
  const [red, green] = (await modal.getByRole('alert').evaluate((node) => getComputedStyle(node).color)).match(/\d+/g)!.map(Number);
  expect(red).toBeGreaterThan(green);

  await chooseOption(page, modal.getByLabel('Partner union'), union.unionName, new RegExp(union.unionName));
  // The account number waits for a bank; then keeps digits only, and a wrong check digit is refused before any lookup.
  await chooseOption(page, modal.getByLabel('Bank'), 'Fidelity', account.bankName);
  const number = modal.getByLabel('Account number');
  await number.fill('56-2019 3848');
  await expect(number).toHaveValue('5620193848');
  await expect(modal.getByText(/check digit is wrong/)).toBeVisible();
  await expect(modal.getByLabel('Account name')).toHaveValue('');
  await number.fill(account.accountNumber);
  await expect(modal.getByLabel('Account name')).toHaveValue(account.accountName);
  await expect(modal.getByLabel('Account name')).toHaveAttribute('readonly', '');

  // The slider: 0.1 to 80 in steps of 0.1, by keyboard.
  const slider = modal.getByRole('slider', { name: 'Percentage' });
  await slider.focus();
  for (let i = 0; i < 24; i += 1) await slider.press('ArrowRight');
  await expect(modal.getByTestId('percentage-value')).toHaveText('2.5%');
  await modal.getByRole('button', { name: 'Assign' }).click();
  await expect(modal).toBeHidden();

  // The list reloads with the allocation.
  const row = page.getByRole('row', { name: `Allocation to ${union.unionName}` });
  await expect(row).toContainText('2.500%');
  await expect(row).toContainText(account.accountName);
  await expect(row).toContainText(account.bankName);

  // Update: the same modal, the percentage alone.
  await row.getByRole('button', { name: `Update ${union.unionName}` }).click();
  const update = page.getByRole('dialog', { name: 'Update Percentage' });
  await expect(update.getByLabel('Account number')).toHaveValue(account.accountNumber);
  await expect(update.getByLabel('Account number')).toHaveAttribute('readonly', '');
  const updateSlider = update.getByRole('slider', { name: 'Percentage' });
  await expect(updateSlider).toHaveAttribute('aria-valuenow', '2.5');
  await updateSlider.focus();
  for (let i = 0; i < 5; i += 1) await updateSlider.press('ArrowRight');
  await update.getByRole('button', { name: 'Update' }).click();
  await expect(update).toBeHidden();
  await expect(row).toContainText('3.000%');

  // A row opens allocation/{id}: account, percentage, figures for the range, payouts.
  await row.click();
  await expect(page).toHaveURL(/\/allocation\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: union.unionName, level: 2 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Percentage', exact: true }).getByTestId('stat-value')).toHaveText('3.000%');
  const accountBlock = page.getByRole('region', { name: 'Account' });
  await expect(accountBlock).toContainText(account.accountNumber);
  await expect(accountBlock).toContainText(account.accountName);
  const payouts = page.getByRole('table', { name: 'Payouts' });
  await expect(payouts).toContainText('No data available');
  await expect(page.getByRole('region', { name: 'Amount Paid', exact: true }).getByTestId('stat-value')).toHaveText('₦0.00');

  // Super-admin records a payout: amount, date (today by default), reference.
  await page.getByRole('button', { name: 'Record payout' }).click();
  const payout = page.getByRole('dialog', { name: 'Record Payout' });
  await payout.getByRole('button', { name: 'Record payout' }).click();
  await expect(payout.getByRole('alert')).toHaveText('All field are required');
  await payout.getByLabel('Amount').fill('1500');
  const reference = `TRF-${Date.now()}`;
  await payout.getByLabel('Reference').fill(reference);
  await payout.getByRole('button', { name: 'Record payout' }).click();
  await expect(payout).toBeHidden();
  await expect(payouts.getByRole('row').filter({ hasText: reference })).toContainText('₦1,500.00');
  await expect(payouts).toContainText('Super Admin');
  await expect(page.getByRole('region', { name: 'Amount Paid', exact: true }).getByTestId('stat-value')).toHaveText('₦1,500.00');

  // The same reference twice is refused, in red in the modal.
  await page.getByRole('button', { name: 'Record payout' }).click();
  await payout.getByLabel('Amount').fill('10');
  await payout.getByLabel('Reference').fill(reference);
  await payout.getByRole('button', { name: 'Record payout' }).click();
  await expect(payout.getByRole('alert')).toHaveText('reference is already recorded for this stakeholder');
});

test("the modal says 'Could not fetch bank names' when the bank list cannot be had", async ({ page }) => {
  await page.route('**/api/banks', (route) =>
    route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ message: 'Bad gateway' }) }),
  );
  await signIn(page, ACCOUNTS.superAdmin);
  await page.goto('/allocation');
  await page.getByRole('button', { name: 'Assign Percentage' }).click();
  const modal = page.getByRole('dialog', { name: 'Assign Percentage' });
  await expect(modal.getByText('Could not fetch bank names')).toBeVisible();
});

test('a union already allocated cannot be chosen again; admins have no Allocation page', async ({ page, request }) => {
  const admin = await apiToken(request, ACCOUNTS.superAdmin);
  const union = await createApprovedUnion(request, admin, 'others', 'allocation journey taken');
  await request.post('/api/stakeholders', {
    headers: { authorization: `Bearer ${admin}` },
    data: { name: union.id, bankCode: KNOWN_ACCOUNTS.wema.bankCode, accountNumber: KNOWN_ACCOUNTS.wema.accountNumber, percentage: 0.5 },
  });
  await signIn(page, ACCOUNTS.superAdmin);
  await page.goto('/allocation');
  await page.getByRole('button', { name: 'Assign Percentage' }).click();
  const modal = page.getByRole('dialog', { name: 'Assign Percentage' });
  await modal.getByLabel('Partner union').click();
  await modal.getByLabel('Partner union').fill(union.unionName);
  await expect(page.getByRole('option', { name: new RegExp(`${union.unionName}.*already allocated`) })).toHaveAttribute('data-combobox-disabled', 'true');
  await page.keyboard.press('Escape');

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/allocation');
  await expect(page).toHaveURL(/\/$/);
});
