import { expect, test } from '@playwright/test';
import { ACCOUNTS, E2E_PASSWORD } from './fixtures/accounts.ts';
import { formError, storedSession, submitLogin } from './support/signIn.ts';

test.beforeEach(async ({ page }) => {
  await page.goto('/login');
});

test('both fields are required', async ({ page }) => {
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(formError(page)).toHaveText('UserCode and password are required');
  await submitLogin(page, '   ', E2E_PASSWORD);
  await expect(formError(page)).toHaveText('UserCode and password are required');
  await page.getByLabel('Password', { exact: true }).fill('');
  await page.getByLabel('Email').fill(ACCOUNTS.admin.email);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(formError(page)).toHaveText('UserCode and password are required');
});

test('the error shows in red above the form', async ({ page }) => {
  await page.getByRole('button', { name: 'Login' }).click();
  const error = formError(page);
  await expect(error).toBeVisible();
  const [red, green, blue] = (await error.evaluate((node) => getComputedStyle(node).backgroundColor)).match(/\d+/g)!.map(Number);
  expect(red).toBeGreaterThan(green + 100);
  expect(red).toBeGreaterThan(blue + 100);
  const errorBox = (await error.boundingBox())!;
  const emailBox = (await page.getByLabel('Email').boundingBox())!;
  expect(errorBox.y).toBeLessThan(emailBox.y);
});

test('a wrong password gets the server message', async ({ page }) => {
  await submitLogin(page, ACCOUNTS.admin.email, 'not-the-password');
  await expect(formError(page)).toHaveText('Invalid email or password');
  await expect(page).toHaveURL('/login');
});

test('an account not yet approved cannot sign in', async ({ page }) => {
  await submitLogin(page, ACCOUNTS.pending.email, E2E_PASSWORD);
  await expect(formError(page)).toHaveText('Your account is not active, contact admin');
});

for (const name of ['enforcer', 'remitter', 'motorist'] as const) {
  test(`${name}s are refused with 'Contact admin, cannot login'`, async ({ page }) => {
    await submitLogin(page, ACCOUNTS[name].email, E2E_PASSWORD);
    await expect(formError(page)).toHaveText('Contact admin, cannot login');
    await expect(page).toHaveURL('/login');
    expect(await storedSession(page)).toMatchObject({ accessToken: null, isLoggedIn: null });
  });
}

test("a token that cannot be decoded gives 'Invalid token received'", async ({ page }) => {
  await page.route('**/api/login', (route) => route.fulfill({ json: { token: 'not-a-jwt', message: 'Login successful' } }));
  await submitLogin(page, ACCOUNTS.admin.email, E2E_PASSWORD);
  await expect(formError(page)).toHaveText('Invalid token received');
  expect((await storedSession(page)).accessToken).toBeNull();
});

test.describe('on a mobile device', () => {
  test.use({
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });

  test("login is refused with 'Login is not allowed on mobile devices'; only the field app's sign-in is asked, which refuses staff", async ({ page }) => {
    const asked: unknown[] = [];
    await page.route('**/api/login', (route) => {
      asked.push(route.request().postDataJSON().app);
      return route.continue();
    });
    await submitLogin(page, ACCOUNTS.admin.email, E2E_PASSWORD);
    await expect(formError(page)).toHaveText('Login is not allowed on mobile devices');
    expect(asked).toEqual(['field']);
    expect((await storedSession(page)).accessToken).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('fieldToken'))).toBeNull();
  });

  test('a field agent signing in to the console on a phone is taken to the field app, signed in (issue 48)', async ({ page }) => {
    await submitLogin(page, ACCOUNTS.remitter.email, E2E_PASSWORD);
    await expect(page).toHaveURL(/\/field\/$/);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(page.getByText('remy remitter')).toBeVisible();
    expect((await storedSession(page)).accessToken).toBeNull();
  });

  test('a wrong password on a phone says so', async ({ page }) => {
    await submitLogin(page, ACCOUNTS.remitter.email, 'not-the-password-1');
    await expect(formError(page)).toHaveText('Invalid email or password');
  });
});

test('the password can be shown and hidden', async ({ page }) => {
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('secret');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'password');
});

test('the form works from the keyboard', async ({ page }) => {
  await page.getByLabel('Email').focus();
  await page.keyboard.type(ACCOUNTS.admin.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(E2E_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/');
});
