import { expect, type Page } from '@playwright/test';
import { E2E_PASSWORD, type FixtureAccount } from '../fixtures/accounts.ts';

/** Fills and submits the login form on the current page. */
export async function submitLogin(page: Page, identifier: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * Signs in through the login screen and waits for the signed-in shell to have loaded the profile,
 * so no request of the first page is still in flight when the test goes on.
 */
export async function signIn(page: Page, account: FixtureAccount, password = E2E_PASSWORD): Promise<void> {
  await page.goto('/login');
  const profileLoaded = page.waitForResponse((reply) => reply.url().endsWith('/api/profile') && reply.request().method() === 'GET');
  await submitLogin(page, account.email, password);
  await expect(page).not.toHaveURL(/\/login/);
  expect((await profileLoaded).status()).toBe(200);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

export function formError(page: Page) {
  return page.getByRole('alert');
}

export async function storedSession(page: Page) {
  return page.evaluate(() => ({
    accessToken: localStorage.getItem('accessToken'),
    isLoggedIn: localStorage.getItem('isLoggedIn'),
    nextRoute: localStorage.getItem('nextRoute'),
  }));
}
