import { expect, test } from '@playwright/test';
import { ACCOUNTS } from './fixtures/accounts.ts';
import { uniqueSuffix } from './support/people.ts';
import { signIn } from './support/signIn.ts';
import { apiToken, registerApprovedMotorist } from './support/tickets.ts';

// Issue 46: the details page holds personal data back until Show; each look is recorded, and the
// super-admin sees who looked.
test('an admin presses Show on a motorist; the super-admin sees that look', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const token = await apiToken(request, ACCOUNTS.superAdmin);
  const motorist = await registerApprovedMotorist(request, token, { fullName: `Pia Privacy ${uniqueSuffix()}`, vehicleType: 'bike', plan: '6 months' });

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, ACCOUNTS.admin);
  await admin.goto(`/${motorist.id}/details`);
  await expect(admin.getByRole('heading', { name: 'User Details' })).toBeVisible();
  await expect(admin.getByText(/^0803\*\*\*\d{4}$/)).toBeVisible();
  const personal = admin.getByRole('region', { name: 'Personal details' });
  await expect(personal.getByText('Hidden: press Show')).toHaveCount(2);
  await expect(admin.getByText('14 ikorodu road, lagos')).toHaveCount(0);
  // An admin is no super-admin: no record of looks on the page.
  await expect(admin.getByRole('region', { name: 'Who looked at this person' })).toHaveCount(0);

  await admin.getByRole('button', { name: 'Show personal data' }).click();
  await expect(personal.getByText('14 ikorodu road, lagos')).toBeVisible();
  await expect(admin.getByText(/^0803\d{7}$/)).toBeVisible();
  await expect(admin.getByRole('img', { name: /ID front of/ })).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Show personal data' })).toHaveCount(0);
  await adminContext.close();

  const superContext = await browser.newContext();
  const superAdmin = await superContext.newPage();
  await signIn(superAdmin, ACCOUNTS.superAdmin);
  await superAdmin.goto(`/${motorist.id}/details`);
  const looked = superAdmin.getByRole('table', { name: 'Who looked at this person' });
  const byAdmin = looked.getByRole('row').filter({ hasText: /ada admin/i });
  await expect(byAdmin.filter({ hasText: 'Pressed Show' })).toHaveCount(1);
  await expect(byAdmin.filter({ hasText: 'Pressed Show' })).toContainText('phone, email, address, date of birth, ID type');
  await expect(byAdmin.filter({ hasText: 'Was given image links' })).toHaveCount(1);
  await expect(byAdmin.filter({ hasText: 'Opened the details page' })).toHaveCount(1);

  // The Record of Looks, searched by the motorist's Unique ID.
  await superAdmin.getByRole('link', { name: 'Record of Looks' }).click();
  await expect(superAdmin.getByRole('heading', { name: 'Record of Looks' })).toBeVisible();
  await superAdmin.getByLabel('Search').fill(motorist.userCode);
  const record = superAdmin.getByRole('table', { name: 'Record of Looks' });
  await expect(
    record
      .getByRole('row')
      .filter({ hasText: 'Pressed Show' })
      .filter({ hasText: /ada admin/i }),
  ).toHaveCount(1);
  await expect(record.locator('tbody tr').filter({ hasNotText: motorist.userCode })).toHaveCount(0);
  await superContext.close();
});
