import { expect, test } from '@playwright/test';
import { ACCOUNTS, E2E_PASSWORD } from './fixtures/accounts.ts';
import { dialog, rowAction, rowOf, search, uniquePhone, uniqueSuffix } from './support/people.ts';
import { sidebar } from './support/sidebar.ts';
import { signIn } from './support/signIn.ts';
import { apiToken } from './support/tickets.ts';

test('audit log: the super-admin approves a union, then finds the approval with its before and after', async ({ page, request }) => {
  // A pending union, registered through the API by the super-admin.
  const suffix = uniqueSuffix();
  const fullName = `audit officer ${suffix}`;
  const token = await apiToken(request, ACCOUNTS.superAdmin);
  const registered = await request.post('/api/union/register', {
    headers: { authorization: `Bearer ${token}` },
    data: { email: `audit.${suffix}@e2e.test`, password: E2E_PASSWORD, fullName, phone: uniquePhone(), role: 'others', unionName: `audit union ${suffix}` },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const userCode = (await registered.json()).data.userCode as string;

  // The change, in the console.
  await signIn(page, ACCOUNTS.superAdmin);
  await page.goto('/unions');
  await search(page, fullName);
  await rowAction(page, fullName, 'Approve');
  await expect(rowOf(page, fullName)).toContainText('Approved by Super Admin');

  // The Audit Log, from the sidebar: the approval is the newest row about the union.
  await sidebar(page).getByRole('link', { name: 'Audit Log', exact: true }).click();
  await expect(page).toHaveURL('/audit-log');
  await expect(page).toHaveTitle('e-Ticketing | Audit Log');
  const table = page.getByRole('table', { name: 'Audit Log' });
  await search(page, fullName);
  const rows = table.getByRole('row').filter({ hasText: fullName });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Approved a person');
  await expect(rows.nth(0)).toContainText('Super Admin');
  await expect(rows.nth(0)).toContainText(`${fullName} (${userCode})`);
  await expect(rows.nth(1)).toContainText('Registered a person');

  // Its before and after.
  await rows
    .nth(0)
    .getByRole('button', { name: /^View changes: Approved a person/ })
    .click();
  const details = dialog(page, 'Approved a person');
  await expect(details).toContainText('Super Admin');
  const changed = details.getByRole('table', { name: 'Changed fields' });
  await expect(changed.getByRole('row').filter({ hasText: 'Registration status' })).toContainText(/pending\s*approved/);
  await expect(changed.getByRole('row').filter({ hasText: 'Approved by' })).toContainText('—');
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  // The action filter narrows the list to one kind of change.
  await page.getByRole('textbox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Registered a person' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toContainText('Registered a person');
});

test('audit log: no entry for an admin, and its address sends an admin to the dashboard', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await expect(sidebar(page).getByRole('link', { name: 'Audit Log' })).toHaveCount(0);
  await page.goto('/audit-log');
  await expect(page).toHaveURL('/');
});
