import { expect, test } from '@playwright/test';
import { ACCOUNTS, E2E_PASSWORD } from './fixtures/accounts.ts';
import { signIn, storedSession, submitLogin } from './support/signIn.ts';

test('signs in with the email and password, and out through the avatar menu', async ({ page, request }) => {
  await page.goto('/');
  await expect(page).toHaveURL('/login');
  await expect(page).toHaveTitle('e-Ticketing | Login');

  await submitLogin(page, `  ${ACCOUNTS.leaver.email.toUpperCase()} `, E2E_PASSWORD);
  await expect(page).toHaveURL('/');
  await expect(page).toHaveTitle('e-Ticketing | Dashboard');
  await expect(page.getByText('Welcome Admin')).toBeVisible();
  await expect(page.getByText("Here's an overview of today's activities")).toBeVisible();
  const { accessToken, isLoggedIn } = await storedSession(page);
  expect(isLoggedIn).toBe('true');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await storedSession(page)).toMatchObject({ accessToken: null, isLoggedIn: null });

  // The server ended that session too.
  const reply = await request.get('/api/profile', { headers: { authorization: `Bearer ${accessToken}` } });
  expect(reply.status()).toBe(401);

  await page.goto('/Profile');
  await expect(page).toHaveURL('/login');
});

test('the Login button shows a spinner while signing in', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/login', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login');
  await submitLogin(page, ACCOUNTS.admin.email, E2E_PASSWORD);
  const button = page.getByRole('button', { name: 'Login' });
  await expect(button).toHaveAttribute('data-loading', 'true');
  await expect(button).toBeDisabled();
  release();
  await expect(page).toHaveURL('/');
});

test('a signed-in user visiting /login goes to /', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/login');
  await expect(page).toHaveURL('/');
  await page.goto('/login/forgot-password');
  await expect(page).toHaveURL('/');
});

test('an unknown path goes to /', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL('/');
  await expect(page).toHaveTitle('e-Ticketing | Dashboard');
});

test('"Your Profile" in the avatar menu opens /Profile', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Your Profile' }).click();
  await expect(page).toHaveURL('/Profile');
  await expect(page).toHaveTitle('e-Ticketing | Profile');
  await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();
});

test('browser tab titles follow the page', async ({ page }) => {
  await signIn(page, ACCOUNTS.superAdmin);
  const titles: Array<[string, string]> = [
    ['/admins', 'Admin'],
    ['/remitters', 'Remitter'],
    ['/motorists', 'Motorist'],
    ['/allocation', 'Allocation'],
    ['/penaltyHistory', 'Penalty History'],
    ['/', 'Dashboard'],
  ];
  for (const [path, title] of titles) {
    await page.goto(path);
    await expect(page).toHaveTitle(`e-Ticketing | ${title}`);
  }
});
