import { expect, test, type APIRequestContext } from '@playwright/test';
import { ACCOUNTS } from './fixtures/accounts.ts';
import { uniquePhone, uniqueSuffix } from './support/people.ts';
import { signIn } from './support/signIn.ts';
import { apiToken } from './support/tickets.ts';

// Admins named 'pat password …' and 'fola forced …' belong to this file: their sessions are ended here.

const FIRST = 'First-Password-2024';
const SECOND = 'Second-Password-2025';

/** An approved admin of this file's own, registered by the super-admin. */
async function newAdmin(request: APIRequestContext, token: string, fullName: string) {
  const email = `${fullName.replace(/\s+/g, '.')}.${uniqueSuffix()}@e2e.test`;
  const created = await request.post('/api/admin/register', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { email, password: FIRST, fullName, phone: uniquePhone() },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.id as string;
  expect((await request.post(`/api/approve/${id}`, { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
  return { id, account: { email, fullName, role: 'admin' } as const };
}

test('a forced logout tells the person an administrator signed them out', async ({ page, request }) => {
  const token = await apiToken(request, ACCOUNTS.superAdmin);
  const { id, account } = await newAdmin(request, token, 'fola forced');
  await signIn(page, account, FIRST);
  // The page's own calls first: one answered after the logout would end the session on this page,
  // and the next page would open with no session and no reason left to show (a CI run did so).
  const listed = page.waitForResponse((response) => response.url().includes('/api/manager/user'));
  await page.goto('/managers');
  await listed;
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText(/fola forced/i);
  expect((await request.post(`/api/logout/${id}`, { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
  await page.goto('/motorists');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('alert')).toHaveText('You were signed out by an administrator');
});

test('a staff member changes their own password in Profile: this browser stays signed in, the other is signed out', async ({ page, browser, request }) => {
  const { account } = await newAdmin(request, await apiToken(request, ACCOUNTS.superAdmin), 'pat password');

  const other = await browser.newPage();
  await signIn(other, account, FIRST);
  await signIn(page, account, FIRST);
  await page.goto('/profile');
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill('not-the-password');
  await form.getByLabel('New password', { exact: true }).fill(SECOND);
  await form.getByLabel('Confirm new password').fill('something-else-entirely');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('Passwords do not match')).toBeVisible();

  await form.getByLabel('Confirm new password').fill(SECOND);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByRole('alert')).toHaveText('The current password is wrong');

  await form.getByLabel('Current password').fill(FIRST);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByRole('status')).toHaveText('Password changed; you were signed out on every other device');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();

  // The other browser's next call is refused: it is back at the login screen.
  await other.goto('/profile');
  await expect(other).toHaveURL(/\/login/);
  await other.close();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: /Log ?out/i }).click();
  // The logout is done once this page is at /login: reloading before then keeps the old token,
  // whose 401 would be the profile reply signIn waits for (a CI run did so).
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, account, SECOND);
});
