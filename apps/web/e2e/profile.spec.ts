import { expect, test } from '@playwright/test';
import { ACCOUNTS } from './fixtures/accounts.ts';
import { formError, signIn } from './support/signIn.ts';

test('a super-admin edits their profile', async ({ page }) => {
  await signIn(page, ACCOUNTS.profileEditor);
  await page.goto('/Profile');
  await expect(page.getByRole('heading', { name: 'edith editor' })).toBeVisible();
  await expect(page.getByText(ACCOUNTS.profileEditor.email)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();

  const fullName = page.getByLabel('Full Name');
  await expect(fullName).toHaveAttribute('readonly');
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Edit profile' }).click();
  await expect(fullName).not.toHaveAttribute('readonly');
  await fullName.fill('Edith Okafor');
  await page.getByLabel('Phone').fill('+2348031234567');
  await page.getByRole('textbox', { name: 'Marital Status' }).click();
  await page.getByRole('option', { name: 'Married' }).click();
  await page.getByLabel('Address').fill('12 Marina Road, Lagos');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByRole('status')).toHaveText('Profile updated successfully');
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'edith okafor' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('Edith Okafor');

  await page.reload();
  await expect(page.getByLabel('Full Name')).toHaveValue('edith okafor');
  await expect(page.getByLabel('Phone')).toHaveValue('+2348031234567');
  await expect(page.getByRole('textbox', { name: 'Marital Status' })).toHaveValue('married');
  await expect(page.getByLabel('Address')).toHaveValue('12 marina road, lagos');
});

test('every profile field is required, and server refusals show in red', async ({ page }) => {
  await signIn(page, ACCOUNTS.profileEditor);
  await page.goto('/Profile');
  await page.getByRole('button', { name: 'Edit profile' }).click();
  await page.getByLabel('Full Name').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(formError(page)).toHaveText('All field are required');

  await page.getByLabel('Full Name').fill('Edith Editor');
  await page.getByLabel('Address').fill('1 Broad Street');
  await page.getByRole('textbox', { name: 'Marital Status' }).click();
  await page.getByRole('option', { name: 'Single' }).click();
  await page.getByLabel('Phone').fill('not a phone');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(formError(page)).toContainText('phone must be a phone number');
});

test('only super-admin and admin may edit', async ({ page }) => {
  await signIn(page, ACCOUNTS.remitterManager);
  await page.goto('/Profile');
  await expect(page.getByRole('heading', { name: 'ruth remitter-manager' })).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveAttribute('readonly');
  await expect(page.getByRole('button', { name: 'Edit profile' })).toHaveCount(0);
});

test('a new password that is easy to guess is refused, saying why, before anything is sent', async ({ page }) => {
  await signIn(page, ACCOUNTS.remitterManager);
  await page.goto('/Profile');
  const sent: string[] = [];
  page.on('request', (request) => request.url().includes('/api/profile/password') && sent.push(request.url()));
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill('whatever-it-is');
  await form.getByLabel('New password', { exact: true }).fill('qwertyuiop12');
  await form.getByLabel('Confirm new password').fill('qwertyuiop12');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('New password is too easy to guess: it is a commonly used password with small changes')).toBeVisible();
  expect(sent).toEqual([]);
});
