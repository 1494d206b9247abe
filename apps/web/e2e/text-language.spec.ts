import { expect, test } from '@playwright/test';
import { ACCOUNTS } from './fixtures/accounts.ts';
import { signIn } from './support/signIn.ts';
import { ensurePlan } from './support/allocation.ts';
import { apiToken, registerApprovedMotorist } from './support/tickets.ts';

/** Issue 45: a motorist's text language, shown and changed on the details page (audited by the server). */
test("the details page changes the language of a motorist's texts", async ({ page, request }) => {
  const admin = await apiToken(request, ACCOUNTS.superAdmin);
  await ensurePlan(request, admin, 'bike', 'daily', 250);
  const motorist = await registerApprovedMotorist(request, admin, { fullName: 'Bisi Texts', vehicleType: 'bike', plan: 'daily' });

  await signIn(page, ACCOUNTS.admin);
  await page.goto(`/${motorist.id}/details`);
  const block = page.getByRole('region', { name: 'Text messages' });
  const language = block.getByRole('textbox', { name: 'Text message language' });
  // Registered without a choice: English.
  await expect(language).toHaveValue('English');
  const save = block.getByRole('button', { name: 'Save language' });
  await expect(save).toBeDisabled();

  await language.click();
  await page.getByRole('option', { name: 'Yoruba' }).click();
  await save.click();
  await expect(page.getByText('Texts now go in Yoruba.')).toBeVisible();

  // Kept by the server: a fresh page reads it back.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Text messages' }).getByRole('textbox', { name: 'Text message language' })).toHaveValue('Yoruba');
  const stored = await request.get(`/api/user/${motorist.id}/details`, { headers: { authorization: `Bearer ${admin}` } });
  expect(((await stored.json()) as { data: { textLanguage: string } }).data.textLanguage).toBe('yo');
});
