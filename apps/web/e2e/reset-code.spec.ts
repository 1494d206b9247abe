import { expect, test } from '@playwright/test';
import { maskEmail, personName } from '@eticket/contracts';
import { ACCOUNTS } from './fixtures/accounts.ts';
import { readSentResetCode } from './support/outbox.ts';
import { dialog, rowOf, search, sessionToken, uniquePhone, uniqueSuffix } from './support/people.ts';
import { formError, signIn, submitLogin } from './support/signIn.ts';

// Issue 26: an admin sends a staff member a password reset code. Owns: the manager
// 'rhoda reset-target {tag}' (its password changes); only reads the fixture accounts otherwise.

test('an admin sends a manager a reset code; the manager resets in their own browser from the mail', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // The super-admin registers and approves the manager (setup through the API).
  await signIn(page, ACCOUNTS.superAdmin);
  const superToken = await sessionToken(page);
  const tag = uniqueSuffix();
  const manager = { fullName: `rhoda reset-target ${tag}`, email: `reset.target.${tag}@example.com` };
  const created = await page.request.post('/api/manager/register', {
    headers: { authorization: `Bearer ${superToken}` },
    multipart: {
      ...manager,
      password: 'Old-Manager-Pass-1',
      phone: uniquePhone(),
      address: '3 Marina',
      department: 'remitter-manager',
      guarantorsName: 'gina guarantor',
      guarantorsPhone: uniquePhone(),
      guarantorsAddress: '4 Marina',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()).data as { id: string };
  expect((await page.request.post(`/api/approve/${id}`, { headers: { authorization: `Bearer ${superToken}` } })).status()).toBe(200);

  // The admin sends the code from the managers list's row menu, after confirming.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/managers');
  await search(page, tag);
  await expect(rowOf(page, tag)).toContainText('Approved');
  await page.getByRole('button', { name: `Actions for ${manager.fullName}`, exact: true }).click();
  await page.getByRole('menuitem', { name: 'Send reset code' }).click();
  const confirm = dialog(page, 'Send reset code');
  await expect(confirm).toContainText(`Send ${personName(manager.fullName)} a password reset code at ${maskEmail(manager.email)}?`);
  await confirm.getByRole('button', { name: 'Send reset code' }).click();
  await expect(page.getByText('A password reset code was sent to their email')).toBeVisible();
  await expect(confirm).toBeHidden();

  // The details page offers it too.
  await rowOf(page, tag).getByRole('link').first().click();
  await expect(page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Send reset code' })).toBeVisible();

  // The manager's own browser: no cookie from asking, only the mail's link and code.
  const { code, path } = await readSentResetCode(manager.email);
  const own = await browser.newContext();
  const ownPage = await own.newPage();
  await ownPage.goto(path);
  await expect(ownPage.getByText('Enter the code from the email you were sent')).toBeVisible();
  await ownPage.getByLabel('Token').fill(code);
  await ownPage.getByLabel('New Password').fill('New-Manager-Pass-9');
  await ownPage.getByLabel('Confirm Password').fill('New-Manager-Pass-9');
  await ownPage.getByRole('button', { name: 'Reset Password' }).click();
  await expect(ownPage.getByText('Password reset successfully, please login')).toBeVisible();
  await submitLogin(ownPage, manager.email, 'Old-Manager-Pass-1');
  await expect(formError(ownPage)).toBeVisible();
  await submitLogin(ownPage, manager.email, 'New-Manager-Pass-9');
  await expect(ownPage.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await own.close();
});

test('an admin is offered reset codes for approved managers; a manager is offered none', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/managers');
  // An admin sees the code offered on managers (approved ones) …
  await search(page, 'ruth remitter-manager');
  await page.getByRole('button', { name: `Actions for ${ACCOUNTS.remitterManager.fullName}`, exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Send reset code' })).toBeVisible();
  await page.keyboard.press('Escape');

  // … a manager never (its own agents are not console staff the code is for).
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, ACCOUNTS.enforcerManager);
  await page.goto('/enforcers');
  await search(page, ACCOUNTS.enforcer.fullName);
  await page.getByRole('button', { name: `Actions for ${ACCOUNTS.enforcer.fullName}`, exact: true }).click();
  await expect(page.getByRole('menuitem').first()).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Send reset code' })).toHaveCount(0);
});
