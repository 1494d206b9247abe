import { expect, test } from '@playwright/test';
import { ACCOUNTS } from './fixtures/accounts.ts';
import { ensurePlan } from './support/allocation.ts';
import { dialog, rowOf, search } from './support/people.ts';
import { signIn } from './support/signIn.ts';
import { apiToken, registerMotorist } from './support/tickets.ts';

// Bike motorists named 'Act …' and 'Bulk …' belong to this file (they use the shared 6-month bike plan).

async function motorist(request: Parameters<typeof apiToken>[0], fullName: string) {
  const token = await apiToken(request, ACCOUNTS.superAdmin);
  await ensurePlan(request, token, 'bike', '6 months', 6000);
  return registerMotorist(request, token, { fullName, vehicleType: 'bike', plan: '6 months' });
}

test('Delete is offered to the super-admin, never to an admin (spec section 6)', async ({ page, request }) => {
  const person = await motorist(request, `Act Admin ${Date.now().toString(36)}`);
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/motorists');
  await search(page, person.fullName);
  await page.getByRole('button', { name: `Actions for ${person.fullName}`, exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Approve' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Suspend' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await rowOf(page, person.fullName).getByRole('link', { name: person.fullName }).click();
  const actions = page.getByRole('group', { name: 'Actions' });
  await expect(actions.getByRole('button', { name: 'Approve' })).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Delete' })).toHaveCount(0);
});

test("the details page approves, suspends and deletes, with the row menu's rules and confirmations", async ({ page, request }) => {
  const person = await motorist(request, `Act Details ${Date.now().toString(36)}`);
  await signIn(page, ACCOUNTS.superAdmin);
  await page.goto('/motorists');
  await search(page, person.fullName);
  await rowOf(page, person.fullName).getByRole('link', { name: person.fullName }).click();
  await expect(page).toHaveURL(new RegExp(`/${person.id}/details$`));
  const actions = page.getByRole('group', { name: 'Actions' });
  await expect(actions.getByRole('button')).toHaveText(['Approve', 'Suspend', 'Delete']);

  await actions.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('User approved successfully')).toBeVisible();
  await expect(page.getByText('Approved by Super Admin')).toBeVisible();
  await expect(actions.getByRole('button')).toHaveText(['Suspend', 'Delete']);

  // The suspend dialog speaks of a motorist, who never signs in: payments stop.
  await actions.getByRole('button', { name: 'Suspend' }).click();
  const suspend = dialog(page, 'Suspend');
  await expect(suspend).toContainText('No subscription or penalty payment is taken for a suspended motorist');
  await expect(suspend).not.toContainText('sign in');
  await suspend.getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByText('Suspended by Super Admin')).toBeVisible();
  await expect(actions.getByRole('button')).toHaveText(['Approve', 'Delete']);

  await actions.getByRole('button', { name: 'Delete' }).click();
  await dialog(page, 'Delete').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('User deleted successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/motorists/);
  await search(page, person.fullName);
  await expect(rowOf(page, person.fullName)).toHaveCount(0);
});

test('ticked rows are approved and suspended together, with a result per row', async ({ page, request }) => {
  const tag = Date.now().toString(36);
  const people = [await motorist(request, `Bulk One ${tag}`), await motorist(request, `Bulk Two ${tag}`)];
  await signIn(page, ACCOUNTS.superAdmin);
  await page.goto('/motorists');
  await search(page, tag);
  for (const person of people) await expect(rowOf(page, person.fullName)).toContainText('Pending');

  await expect(page.getByRole('button', { name: /selected/ })).toHaveCount(0);
  for (const person of people) await page.getByRole('checkbox', { name: `Select ${person.fullName}` }).check();
  await page.getByRole('button', { name: 'Approve selected (2)' }).click();
  const approve = dialog(page, 'Approve selected');
  await expect(approve).toContainText('these 2 people');
  await approve.getByRole('button', { name: 'Approve 2' }).click();
  const results = approve.getByRole('list', { name: 'Results' });
  await expect(results.getByRole('listitem')).toHaveCount(2);
  await expect(approve).toContainText('2 of 2 done');
  await expect(results).toContainText('User approved successfully');
  await approve.getByRole('button', { name: 'Close' }).click();
  for (const person of people) await expect(rowOf(page, person.fullName)).toContainText('Approved by Super Admin');

  // Suspending one of two: the other row, already suspended, is left out and said so.
  await page.getByRole('checkbox', { name: `Select ${people[0].fullName}` }).check();
  await page.getByRole('button', { name: 'Suspend selected (1)' }).click();
  await dialog(page, 'Suspend selected').getByRole('button', { name: 'Suspend 1' }).click();
  await expect(dialog(page, 'Suspend selected')).toContainText('1 of 1 done');
  await dialog(page, 'Suspend selected').getByRole('button', { name: 'Close' }).click();
  await expect(rowOf(page, people[0].fullName)).toContainText('Suspended by Super Admin');
  for (const person of people) await page.getByRole('checkbox', { name: `Select ${person.fullName}` }).check();
  await page.getByRole('button', { name: 'Suspend selected (1)' }).click();
  await expect(dialog(page, 'Suspend selected')).toContainText('1 ticked row is left out');
  await dialog(page, 'Suspend selected').getByRole('button', { name: 'Cancel' }).click();
});

test('the managers list shows Department, the unions list Union Name and Role', async ({ page }) => {
  await signIn(page, ACCOUNTS.superAdmin);
  await page.goto('/managers');
  await expect(page.getByRole('columnheader', { name: 'Department' })).toBeVisible();
  await search(page, ACCOUNTS.enforcerManager.fullName);
  await expect(rowOf(page, ACCOUNTS.enforcerManager.fullName)).toContainText('Enforcer');
  await page.goto('/unions');
  await expect(page.getByRole('columnheader', { name: 'Union Name' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Role' })).toBeVisible();
  await search(page, ACCOUNTS.union.fullName);
  await expect(rowOf(page, ACCOUNTS.union.fullName)).toContainText(ACCOUNTS.union.unionName);
  await expect(rowOf(page, ACCOUNTS.union.fullName)).toContainText('keke');
});
