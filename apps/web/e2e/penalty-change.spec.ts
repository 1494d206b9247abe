import { expect, test } from '@playwright/test';
import type { AuditLogEntry } from '@eticket/contracts';
import { ACCOUNTS } from './fixtures/accounts.ts';
import { signIn } from './support/signIn.ts';
import { apiToken, registerApprovedMotorist } from './support/tickets.ts';

// The keke penalty charge (₦1,000, so the ceiling is ₦10,000) and the motorists named 'Ceiling …' belong to this file.

test("altering a motorist's penalty asks for confirmation with the old and new amount and a reason, and is refused above the ceiling", async ({
  page,
  request,
}) => {
  const admin = await apiToken(request, ACCOUNTS.superAdmin);
  const charge = await request.post('/api/penalty', { headers: { authorization: `Bearer ${admin}` }, data: { vehicleType: 'keke', price: 1000 } });
  expect(charge.status(), await charge.text()).toBe(201);
  const motorist = await registerApprovedMotorist(request, admin, { fullName: 'Ceiling Keke', vehicleType: 'keke', plan: 'monthly' });

  await signIn(page, ACCOUNTS.admin);
  await page.goto('/penalty');
  const panel = page.getByRole('region', { name: 'Motorist Penalty' });
  await panel.getByLabel('Unique ID').fill(motorist.userCode);
  await panel.getByRole('button', { name: 'Search' }).click();
  const found = panel.getByRole('region', { name: 'Motorist ceiling keke' });
  await expect(found).toContainText('₦0.00');

  // Nothing is sent until confirmed; Cancel changes nothing.
  const changes: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/api/specificPenalty') changes.push(sent.postData() ?? '');
  });
  await found.getByLabel('New Penalty Amount').fill('15000');
  await found.getByRole('button', { name: 'Update Penalty' }).click();
  const dialog = page.getByRole('dialog', { name: 'Alter penalty' });
  await expect(dialog.getByTestId('penalty-old')).toHaveText('₦0.00');
  await expect(dialog.getByTestId('penalty-new')).toHaveText('₦15,000.00');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(changes).toEqual([]);

  // The reason is required in the console.
  await found.getByRole('button', { name: 'Update Penalty' }).click();
  await dialog.getByRole('button', { name: 'Confirm change' }).click();
  await expect(dialog.getByText('Reason is required')).toBeVisible();
  expect(changes).toEqual([]);

  // Above 10 × the keke charge: the server refuses, its message in place of the hint; nothing changes.
  await dialog.getByLabel('Reason').fill('Typed one zero too many');
  await dialog.getByRole('button', { name: 'Confirm change' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByRole('alert')).toHaveText('price must not be more than ₦10,000.00 (10 × the keke penalty charge of ₦1,000.00)');
  await expect(found).toContainText('₦0.00');

  // Within the ceiling: changed, and the reason is kept.
  await found.getByLabel('New Penalty Amount').fill('8000');
  await found.getByRole('button', { name: 'Update Penalty' }).click();
  await expect(dialog.getByTestId('penalty-new')).toHaveText('₦8,000.00');
  await dialog.getByLabel('Reason').fill('Eight days unpaid at Ojota park');
  await dialog.getByRole('button', { name: 'Confirm change' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Penalty updated successfully' })).toBeVisible();
  await expect(found).toContainText('₦8,000.00');
  expect(changes.map((body) => JSON.parse(body).reason)).toEqual(['Typed one zero too many', 'Eight days unpaid at Ojota park']);

  const audit = await request.get('/api/audit-logs', {
    headers: { authorization: `Bearer ${admin}` },
    params: { action: 'motorist_penalty.altered', search: motorist.userCode },
  });
  const entries = (await audit.json()).data as AuditLogEntry[];
  expect(entries.map((entry) => entry.after)).toEqual([{ userId: motorist.id, outstandingPayment: 8000, reason: 'Eight days unpaid at Ojota park' }]);
});

test('pausing a subscription asks why; Cancel leaves it running', async ({ page, request }) => {
  const admin = await apiToken(request, ACCOUNTS.superAdmin);
  const motorist = await registerApprovedMotorist(request, admin, { fullName: 'Ceiling Pause', vehicleType: 'keke', plan: 'monthly' });
  await signIn(page, ACCOUNTS.admin);
  await page.goto(`/${motorist.id}/details`);
  const subscription = page.getByRole('region', { name: 'Subscription' });
  await subscription.getByRole('button', { name: 'Pause Subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pause subscription' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(subscription.getByRole('button', { name: 'Pause Subscription' })).toBeVisible();

  await subscription.getByRole('button', { name: 'Pause Subscription' }).click();
  await dialog.getByRole('button', { name: 'Pause Subscription' }).click();
  await expect(dialog.getByText('Reason is required')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Vehicle impounded by LASTMA');
  await dialog.getByRole('button', { name: 'Pause Subscription' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Subscription paused successfully' })).toBeVisible();
  await expect(subscription.getByRole('button', { name: 'Resume Subscription' })).toBeVisible();

  const audit = await request.get('/api/audit-logs', {
    headers: { authorization: `Bearer ${admin}` },
    params: { action: 'subscription.paused', search: motorist.userCode },
  });
  expect(((await audit.json()).data as AuditLogEntry[])[0].after).toMatchObject({ reason: 'Vehicle impounded by LASTMA' });
});
