import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS } from './fixtures/accounts.ts';
import { confirmPenaltyChange } from './support/reason.ts';
import { signIn } from './support/signIn.ts';
import { apiToken, registerApprovedMotorist } from './support/tickets.ts';

// The bus penalty charge and keke motorists belong to this file; the journey uses bike.

const HINT = 'alter a specific penalty of any motorist';
const chargeCard = (page: Page, vehicle: string) => page.getByRole('article', { name: vehicle, exact: true });
const motoristPenalty = (page: Page) => page.getByRole('region', { name: 'Motorist Penalty' });

test('penalty charges: create, every field required, one per vehicle type, update', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/penalty');
  await expect(page.getByRole('heading', { name: 'Penalty Charges', level: 2 })).toBeVisible();

  await page.getByRole('button', { name: 'Create Penalty Charge' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Penalty Charge' });
  await dialog.getByRole('button', { name: 'Save Charge' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('All field are required');
  await dialog.getByLabel('Vehicle Type').selectOption('bus');
  await dialog.getByRole('button', { name: 'Save Charge' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('All field are required');
  await dialog.getByLabel('Price').fill('1000');
  await dialog.getByRole('button', { name: 'Save Charge' }).click();
  await expect(dialog).toBeHidden();
  await expect(chargeCard(page, 'bus')).toContainText('₦1,000.00');

  await page.getByRole('button', { name: 'Create Penalty Charge' }).click();
  await dialog.getByLabel('Vehicle Type').selectOption('bus');
  await dialog.getByLabel('Price').fill('300');
  await dialog.getByRole('button', { name: 'Save Charge' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('A penalty charge for bus already exists');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await chargeCard(page, 'bus').getByRole('button', { name: 'Update' }).click();
  const update = page.getByRole('dialog', { name: 'Update Penalty Charge' });
  await expect(update.getByLabel('Vehicle Type')).toHaveValue('bus');
  await update.getByLabel('Price').fill('1250');
  await update.getByRole('button', { name: 'Save Charge' }).click();
  await expect(update).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: 'Penalty charge updated successfully' })).toBeVisible();
  await expect(chargeCard(page, 'bus')).toContainText('₦1,250.00');

  // The history page links back here.
  await page.getByRole('link', { name: 'Penalty Payment History' }).click();
  await expect(page).toHaveURL('/penaltyHistory');
  await expect(page.getByRole('heading', { name: 'Penalty Payment History', level: 2 })).toBeVisible();
  await page.getByRole('link', { name: 'Penalty Charges' }).click();
  await expect(page).toHaveURL('/penalty');
});

test("a motorist's penalty: found by Unique ID (6 characters or more), altered, failures in place of the hint", async ({ page, request }) => {
  const motorist = await registerApprovedMotorist(request, await apiToken(request, ACCOUNTS.superAdmin), {
    fullName: 'Kelechi Keke',
    vehicleType: 'keke',
    plan: 'monthly',
  });
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/penalty');
  const panel = motoristPenalty(page);
  await expect(panel.getByText(HINT)).toBeVisible();

  const lookups: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/user') lookups.push(sent.postData() ?? '');
  });

  // Fewer than 6 characters: nothing is sent.
  await panel.getByLabel('Unique ID').fill(motorist.userCode.slice(0, 5));
  await panel.getByRole('button', { name: 'Search' }).click();
  await expect(panel.getByText('Enter at least 6 characters')).toBeVisible();
  await page.waitForTimeout(300);
  expect(lookups).toEqual([]);

  // An unknown Unique ID: the server's message replaces the hint, in red.
  await panel.getByLabel('Unique ID').fill('zz99zz99');
  await panel.getByLabel('Unique ID').press('Enter');
  const failure = panel.getByRole('alert');
  await expect(failure).toHaveText('No one has that Unique ID');
  await expect(panel.getByText(HINT)).toBeHidden();
  const [red, green] = (await failure.evaluate((node) => getComputedStyle(node).color)).match(/\d+/g)!.map(Number);
  expect(red).toBeGreaterThan(green);
  expect(lookups).toEqual([JSON.stringify({ userCode: 'zz99zz99' })]);

  // The motorist, typed in capitals with spaces: found, with the outstanding penalty.
  await panel.getByLabel('Unique ID').fill(` ${motorist.userCode.toUpperCase()} `);
  await panel.getByRole('button', { name: 'Search' }).click();
  const found = panel.getByRole('region', { name: 'Motorist kelechi keke' });
  await expect(found).toContainText(motorist.userCode);
  await expect(found).toContainText('₦0.00');
  await expect(panel.getByText(HINT)).toBeVisible();

  await found.getByLabel('New Penalty Amount').fill('2500');
  await found.getByRole('button', { name: 'Update Penalty' }).click();
  await confirmPenaltyChange(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Penalty updated successfully' })).toBeVisible();
  await expect(found).toContainText('₦2,500.00');
  await expect(panel.getByText(HINT)).toBeVisible();

  // A change the server refuses: its message in place of the hint; nothing changes.
  await found.getByLabel('New Penalty Amount').fill('20000000000');
  await found.getByRole('button', { name: 'Update Penalty' }).click();
  await confirmPenaltyChange(page);
  await expect(panel.getByRole('alert')).toHaveText('price must be at most 10000000000');
  await expect(found).toContainText('₦2,500.00');

  // The amount is required.
  await found.getByLabel('New Penalty Amount').fill('');
  await found.getByRole('button', { name: 'Update Penalty' }).click();
  await expect(panel.getByRole('alert')).toHaveText('All field are required');

  // 0 clears it; what the page shows is what the server has.
  await found.getByLabel('New Penalty Amount').fill('0');
  await found.getByRole('button', { name: 'Update Penalty' }).click();
  await confirmPenaltyChange(page);
  await expect(panel.getByText(HINT)).toBeVisible();
  await expect(found.getByText('₦0.00')).toBeVisible();
  await page.reload();
  await motoristPenalty(page).getByLabel('Unique ID').fill(motorist.userCode);
  await motoristPenalty(page).getByRole('button', { name: 'Search' }).click();
  await expect(motoristPenalty(page).getByRole('region', { name: 'Motorist kelechi keke' })).toContainText('₦0.00');
});
