import { expect, test } from '@playwright/test';
import { ACCOUNTS, E2E_PASSWORD } from './fixtures/accounts.ts';
import { readResetCode } from './support/outbox.ts';
import { formError, signIn, submitLogin } from './support/signIn.ts';

test.describe('forgot password', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/login/forgot-password');
    await expect(page).toHaveTitle('e-Ticketing | Forgot Password');
  });

  test('the email is required', async ({ page }) => {
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(formError(page)).toHaveText('Email is required');
    await page.getByLabel('Email').fill('    ');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(formError(page)).toHaveText('Email is required');
  });

  test("'return to login' goes back to /login", async ({ page }) => {
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
    await page.getByRole('link', { name: 'return to login' }).click();
    await expect(page).toHaveURL('/login');
  });
});

test.describe('reset password', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/login/password-reset');
    await expect(page).toHaveTitle('e-Ticketing | Reset Password');
  });

  test('every field is required', async ({ page }) => {
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(formError(page)).toHaveText('All fields are required');
    await page.getByLabel('Token').fill('123456');
    await page.getByLabel('New Password').fill('Another-Pass-1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(formError(page)).toHaveText('All fields are required');
  });

  test('a code that was never sent is refused with the server message', async ({ page }) => {
    await page.getByLabel('Token').fill('123456');
    await page.getByLabel('New Password').fill('Another-Pass-1');
    await page.getByLabel('Confirm Password').fill('Another-Pass-1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(formError(page)).toHaveText('The token is invalid or has expired');
  });

  test('a short or common password is refused, saying why, before anything is sent', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (request) => request.url().includes('/api/password-reset') && sent.push(request.url()));
    await page.getByLabel('Token').fill('123456');
    for (const [password, reason] of [
      ['short-one', 'New Password must be at least 12 characters'],
      ['password1234', 'New Password is too easy to guess: it is a commonly used password with small changes'],
    ]) {
      await page.getByLabel('New Password').fill(password);
      await page.getByLabel('Confirm Password').fill(password);
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expect(formError(page)).toHaveText(reason);
    }
    await expect(page.getByText('At least 12 characters, not a common or easily guessed password')).toBeVisible();
    expect(sent).toEqual([]);
  });

  test('passwords that differ are refused with the server message', async ({ page }) => {
    await page.getByLabel('Token').fill('123456');
    await page.getByLabel('New Password').fill('Another-Pass-1');
    await page.getByLabel('Confirm Password').fill('Another-Pass-2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(formError(page)).toHaveText('Passwords do not match');
  });

  test('one toggle shows and hides both passwords', async ({ page }) => {
    const fields = [page.getByLabel('New Password'), page.getByLabel('Confirm Password')];
    for (const field of fields) await expect(field).toHaveAttribute('type', 'password');
    await page.getByLabel('Show passwords').check();
    for (const field of fields) await expect(field).toHaveAttribute('type', 'text');
    await page.getByLabel('Show passwords').uncheck();
    for (const field of fields) await expect(field).toHaveAttribute('type', 'password');
  });

  test('the token field asks for the code from the email', async ({ page }) => {
    await expect(page.getByText('Please input the token that was sent to your email address here:')).toBeVisible();
  });
});

test('the full reset journey: ask, read the code from the mail, reset, sign in with the new password', async ({ page }) => {
  const account = ACCOUNTS.resetter;
  const newPassword = 'Brand-New-Pass-77';

  await page.goto('/login');
  await page.getByRole('link', { name: 'did you forget password?' }).click();
  await expect(page).toHaveURL('/login/forgot-password');
  // The address changes before the lazily loaded page replaces the login form, which has an Email field too.
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await page.getByLabel('Email').fill(` ${account.email.toUpperCase()}`);
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL('/login/password-reset');
  await expect(page.getByRole('status')).toContainText('a reset code has been sent');
  const code = await readResetCode(account.email);

  await page.getByLabel('Token').fill(code);
  await page.getByLabel('New Password').fill(newPassword);
  await page.getByLabel('Confirm Password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();

  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('status')).toHaveText('Password reset successfully, please login');

  await submitLogin(page, account.email, E2E_PASSWORD);
  await expect(formError(page)).toHaveText('Invalid email or password');

  await signIn(page, account, newPassword);
  await expect(page).toHaveURL('/');
  await expect(page).toHaveTitle('e-Ticketing | Dashboard');
});
