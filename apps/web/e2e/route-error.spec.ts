import { expect, test } from '@playwright/test';
import { ACCOUNTS } from './fixtures/accounts.ts';
import { signIn } from './support/signIn.ts';

test('a page whose code cannot be loaded shows the error screen, and going back recovers', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await page.route(/\/assets\/ProfilePage-[\w-]+\.js$/, (route) => route.abort());
  await page.goto('/Profile');
  await expect(page.getByRole('alert')).toContainText('Something went wrong');
  await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL('/');
  await expect(page.getByText('Welcome Admin')).toBeVisible();
});
