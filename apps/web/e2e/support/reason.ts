import { expect, type Page } from '@playwright/test';

/** Confirms the open 'Alter penalty' dialog with a reason (the console asks why before changing a penalty). */
export async function confirmPenaltyChange(page: Page, reason = 'Checked against the scan records') {
  const dialog = page.getByRole('dialog', { name: 'Alter penalty' });
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Confirm change' }).click();
  await expect(dialog).toBeHidden();
}

/** Confirms the open 'Pause subscription' dialog with a reason. */
export async function confirmPause(page: Page, reason = 'Vehicle off the road for repairs') {
  const dialog = page.getByRole('dialog', { name: 'Pause subscription' });
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Pause Subscription' }).click();
  await expect(dialog).toBeHidden();
}
