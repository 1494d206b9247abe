import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ACCOUNTS } from './fixtures/accounts.ts';
import { ensurePlan } from './support/allocation.ts';
import { signIn } from './support/signIn.ts';
import { apiToken, registerMotorist } from './support/tickets.ts';

// Issue 46: the super-admin serves a person's rights from the details page.
test('the super-admin downloads a motorist’s archive, reads it, and erases them on request', async ({ page, request }) => {
  const token = await apiToken(request, ACCOUNTS.superAdmin);
  // The shared 6-month bike plan: keke plans belong to tickets-plans.spec.ts, which starts with none.
  await ensurePlan(request, token, 'bike', '6 months', 6000);
  const motorist = await registerMotorist(request, token, { fullName: 'Ada Archive', vehicleType: 'bike', plan: '6 months' });
  await signIn(page, ACCOUNTS.superAdmin);
  await page.goto(`/${motorist.id}/details`);
  const section = page.getByText('Personal data', { exact: true }).locator('xpath=ancestor::div[contains(@class, "mantine-Card-root")]');
  await expect(section.getByText('No requests recorded.')).toBeVisible();

  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download archive (JSON)' }).click();
  const archive = JSON.parse(readFileSync(await (await download).path(), 'utf8'));
  expect(archive.person.full_name).toBe('ada archive');
  expect(archive.sections.vehicle[0].plate_number.toUpperCase()).toBe(motorist.plateNumber.toUpperCase());
  expect(archive.images).toHaveLength(3);

  await section.getByRole('link', { name: 'Readable archive' }).click();
  await expect(page.getByRole('heading', { name: 'Personal data held about ada archive' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'portrait' })).toBeVisible();
  await page.goBack();

  await section.getByLabel('What the person asks').fill('Asked at the office to be forgotten');
  await section.getByRole('textbox', { name: 'New request' }).click();
  await page.getByRole('option', { name: 'erasure' }).click();
  await section.getByRole('button', { name: 'Record' }).click();
  await section.getByRole('button', { name: 'Erase' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase this person’s personal data now?' });
  await dialog.getByLabel('Outcome (what was done, or why not)').fill('Erased as asked');
  await dialog.getByRole('button', { name: 'Erase' }).click();
  await expect(page.getByText('Request decided')).toBeVisible();
  await expect(page.getByText(/Kept: payments, receipts/)).toBeVisible();
  // Erased: the archive names nobody, and the request keeps its outcome.
  const after = await request.get(`/api/privacy/people/${motorist.id}/archive`, { headers: { authorization: `Bearer ${token}` } });
  expect((await after.json()).data.person).toMatchObject({ full_name: 'Erased person', email: '', phone: '' });
});
