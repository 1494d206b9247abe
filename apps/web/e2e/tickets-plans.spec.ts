import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS } from './fixtures/accounts.ts';
import { signIn } from './support/signIn.ts';

// Keke and bus plans belong to this file; the other ticket journeys use bike.

const planCard = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

async function createPlan(page: Page, { name, price }: { name: string; price: string }) {
  await page.getByRole('button', { name: 'Create Plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Subscription Plan' });
  await dialog.getByLabel('Plan Name').selectOption(name);
  await dialog.getByLabel('Price').fill(price);
  await dialog.getByRole('button', { name: 'Save Plan' }).click();
  return dialog;
}

test('subscription plans: tabs per vehicle type, create, update, refuse a duplicate, delete after confirming', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/subscriptions');
  await expect(page).toHaveTitle(/Subscription/);
  await expect(page.getByRole('heading', { name: 'Subscriptions', level: 2 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Keke' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Bus' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Bike' })).toBeVisible();
  await expect(page.getByText('No keke plans yet')).toBeVisible();

  // Every field is required; the message shows in red in the modal.
  await page.getByRole('button', { name: 'Create Plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Subscription Plan' });
  await expect(dialog.getByLabel('Vehicle Type')).toHaveValue('keke');
  await expect(dialog.getByLabel('Plan Name').locator('option')).toHaveText(['Choose a plan', 'daily', 'weekly', 'monthly', '3 months', '6 months', 'yearly']);
  await dialog.getByRole('button', { name: 'Save Plan' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('All field are required');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await expect(await createPlan(page, { name: 'daily', price: '150.50' })).toBeHidden();
  await expect(planCard(page, 'daily')).toContainText('₦150.50');
  await expect(planCard(page, 'daily')).toContainText('keke');
  await expect(await createPlan(page, { name: 'weekly', price: '900' })).toBeHidden();
  await expect(planCard(page, 'weekly')).toContainText('₦900.00');

  // A second daily keke plan: the server's refusal, in red, and the modal stays open.
  const duplicate = await createPlan(page, { name: 'daily', price: '99' });
  const refusal = duplicate.getByRole('alert');
  await expect(refusal).toHaveText('A daily plan for keke already exists');
  const [red, green] = (await refusal.evaluate((node) => getComputedStyle(node).color)).match(/\d+/g)!.map(Number);
  expect(red).toBeGreaterThan(green);
  await duplicate.getByRole('button', { name: 'Close' }).click();
  await expect(duplicate).toBeHidden();

  // Update starts from the plan and closes on 'Plan updated successfully'.
  await planCard(page, 'daily').getByRole('button', { name: 'Update' }).click();
  const update = page.getByRole('dialog', { name: 'Update Subscription Plan' });
  await expect(update.getByLabel('Plan Name')).toHaveValue('daily');
  await expect(update.getByLabel('Price')).toHaveValue('₦150.5');
  await update.getByLabel('Price').fill('200');
  await update.getByRole('button', { name: 'Save Plan' }).click();
  await expect(update).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: 'Plan updated successfully' })).toBeVisible();
  await expect(planCard(page, 'daily')).toContainText('₦200.00');

  // The Bus tab has plans of its own; Create Plan starts on the open tab's vehicle type.
  await page.getByRole('tab', { name: 'Bus' }).click();
  await expect(page.getByText('No bus plans yet')).toBeVisible();
  await page.getByRole('button', { name: 'Create Plan' }).click();
  const busDialog = page.getByRole('dialog', { name: 'Create Subscription Plan' });
  await expect(busDialog.getByLabel('Vehicle Type')).toHaveValue('bus');
  await busDialog.getByLabel('Plan Name').selectOption('3 months');
  await busDialog.getByLabel('Price').fill('12500');
  await busDialog.getByRole('button', { name: 'Save Plan' }).click();
  await expect(busDialog).toBeHidden();
  await expect(planCard(page, '3 months')).toContainText('₦12,500.00');
  await expect(page.getByRole('article')).toHaveCount(1);

  // Delete asks first; Cancel keeps the plan.
  await page.getByRole('tab', { name: 'Keke' }).click();
  await expect(page.getByRole('article')).toHaveCount(2);
  await planCard(page, 'weekly').getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete plan?' });
  await expect(confirm).toContainText('The weekly keke plan');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(planCard(page, 'weekly')).toBeVisible();
  await planCard(page, 'weekly').getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete plan' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Plan deleted successfully' })).toBeVisible();
  await expect(planCard(page, 'weekly')).toHaveCount(0);
  await expect(page.getByRole('article')).toHaveCount(1);

  // What was saved is what the server has.
  await page.reload();
  await expect(planCard(page, 'daily')).toContainText('₦200.00');
});

test('the plan modal works from the keyboard', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/subscriptions');
  await page.getByRole('tab', { name: 'Bus' }).click();
  await page.getByRole('button', { name: 'Create Plan' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Create Subscription Plan' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Plan Name').focus();
  await dialog.getByLabel('Plan Name').selectOption('yearly');
  await dialog.getByLabel('Price').focus();
  await page.keyboard.type('40000');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(planCard(page, 'yearly')).toContainText('₦40,000.00');
});
