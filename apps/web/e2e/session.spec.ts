import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, E2E_PASSWORD } from './fixtures/accounts.ts';
import { formError, signIn, storedSession, submitLogin } from './support/signIn.ts';
import { secondsFromNow, unsignedToken } from './support/tokens.ts';

async function storeSession(page: Page, token: string): Promise<void> {
  await page.goto('/login');
  await page.evaluate((value) => {
    localStorage.setItem('accessToken', value);
    localStorage.setItem('isLoggedIn', 'true');
  }, token);
}

test('an expired token sends the user to /login, and back to the saved route after signing in', async ({ page }) => {
  await storeSession(page, unsignedToken({ role: 'admin' }, secondsFromNow(-60)));

  await page.goto('/subscriptions?tab=bus');
  await expect(page).toHaveURL('/login');
  await expect(formError(page)).toHaveText('Session is Expired, Please login');
  expect(await storedSession(page)).toEqual({ accessToken: null, isLoggedIn: null, nextRoute: '/subscriptions?tab=bus' });

  await submitLogin(page, ACCOUNTS.admin.email, E2E_PASSWORD);
  await expect(page).toHaveURL('/subscriptions?tab=bus');
  await expect(page).toHaveTitle('e-Ticketing | Subscription');
  expect((await storedSession(page)).nextRoute).toBeNull();
});

test('a stored token that is not three dot-separated parts is refused at load', async ({ page }) => {
  await storeSession(page, 'only.two');
  await page.goto('/Profile');
  await expect(page).toHaveURL('/login');
  await expect(formError(page)).toHaveText('Invalid token format');
});

test('a token the server refuses (401) ends the session with the server message', async ({ page }) => {
  // Readable and unexpired, but not signed by the server.
  await storeSession(page, unsignedToken({ role: 'super-admin' }, secondsFromNow(3600)));
  await page.goto('/scan');
  await expect(page).toHaveURL('/login');
  await expect(formError(page)).toHaveText('Session is Expired, Please login');
  expect(await storedSession(page)).toMatchObject({ accessToken: null, isLoggedIn: null, nextRoute: '/scan' });

  await submitLogin(page, ACCOUNTS.superAdmin.email, E2E_PASSWORD);
  await expect(page).toHaveURL('/scan');
});

test('a 403 also ends the session and keeps the address', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await page.route('**/api/profile', (route) => route.fulfill({ status: 403, json: { message: 'You do not have permission to do this' } }));
  await page.goto('/motorists');
  await expect(page).toHaveURL('/login');
  await expect(formError(page)).toHaveText('You do not have permission to do this');
  expect((await storedSession(page)).nextRoute).toBe('/motorists');
});

test('a network error does not end the session', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await page.route('**/api/profile', (route) => route.abort('connectionrefused'));
  await page.goto('/Profile');
  await expect(page.getByRole('alert')).toContainText('Network error: No response received');
  await expect(page).toHaveURL('/Profile');
  expect((await storedSession(page)).isLoggedIn).toBe('true');
});

test('the session ends by itself when the token expires', async ({ page }) => {
  await page.clock.install();
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/managers');
  await expect(page).toHaveTitle('e-Ticketing | Manager');
  const token = await tokenTimes(page);
  // The server issues 12-hour tokens.
  expect(token.exp - token.iat).toBe(12 * 60 * 60);

  // Paused, the page's clock moves only when told to, so a slow machine cannot run it past the
  // expiry between two steps. Pausing jumps forward without firing the 12-hour timer.
  await page.clock.pauseAt(token.exp * 1000 - 60_000);
  await page.clock.runFor(58_000);
  await expect(page).toHaveURL('/managers');
  expect((await storedSession(page)).isLoggedIn).toBe('true');

  await page.clock.runFor(3_000);
  await page.clock.resume(); // the login page's own timers (its transitions) run again
  await expect(page).toHaveURL('/login');
  await expect(formError(page)).toHaveText('Session is Expired, Please login');
  expect((await storedSession(page)).nextRoute).toBe('/managers');
});

/** The stored token's iat and exp, in seconds. */
function tokenTimes(page: Page) {
  return page.evaluate(() => {
    const payload = (localStorage.getItem('accessToken') ?? '').split('.')[1] ?? '';
    return JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { iat: number; exp: number };
  });
}
