import { expect, test } from '@playwright/test';
import { ACCOUNTS } from './fixtures/accounts.ts';
import { dialog, search } from './support/people.ts';
import { sidebar } from './support/sidebar.ts';
import { signIn } from './support/signIn.ts';

test('the login screen shows the logo beside the card on a wide screen', async ({ page }) => {
  await page.goto('/login');
  const logo = page.getByRole('img', { name: 'E-Ticketing logo' });
  await expect(logo).toBeVisible();
  const logoBox = (await logo.boundingBox())!;
  const cardBox = (await page.getByRole('main').boundingBox())!;
  expect(logoBox.x + logoBox.width).toBeLessThan(cardBox.x);
});

test('a toast opens below the header and leaves its account menu usable', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/scan');
  await search(page, 'no-such-scan-anywhere');
  await page.getByRole('button', { name: 'Filter' }).click();
  await dialog(page, 'Filter').getByRole('button', { name: 'Download' }).click();
  await dialog(page, 'Filter').getByRole('button', { name: 'Done' }).click();
  await expect(dialog(page, 'Filter')).toBeHidden();
  const toast = page.getByRole('alert').filter({ hasText: 'No data available to export.' });
  await expect(toast).toBeVisible();

  const header = (await page.getByRole('banner').boundingBox())!;
  expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
  // A plain click: it fails if the toast takes the pointer.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await expect(toast).toBeVisible();
});

test.describe('on a small screen', () => {
  test.use({ viewport: { width: 390, height: 760 } });

  test('the login logo is hidden', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'E-Ticketing logo' })).toBeHidden();
  });

  test('the sidebar opens from the header and closes again', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    // The collapsed navbar slides out of view rather than leaving the page.
    const motorists = sidebar(page).getByRole('link', { name: 'Motorists', exact: true });
    await expect(motorists).not.toBeInViewport();
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(motorists).toBeInViewport();
    await page.getByRole('button', { name: 'Close navigation' }).click();
    await expect(motorists).not.toBeInViewport();

    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await motorists.click();
    await expect(page).toHaveURL('/motorists');
    await expect(motorists).not.toBeInViewport();
  });
});
