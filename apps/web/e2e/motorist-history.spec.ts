import { expect, test } from '@playwright/test';
import { ACCOUNTS } from './fixtures/accounts.ts';
import { ensurePlan } from './support/allocation.ts';
import { signIn } from './support/signIn.ts';
import { apiToken, fieldScan, payPenalty, paySubscription, registerApprovedMotorist } from './support/tickets.ts';

// Motorists named 'History …' belong to this file (on the daily bike plan of payment-lists.spec.ts).

test("a motorist's history on the details page: payments with receipts, penalty payments, scans and penalty changes, paged", async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await apiToken(request, ACCOUNTS.superAdmin);
  const plan = await ensurePlan(request, admin, 'bike', 'daily', 250);
  const motorist = await registerApprovedMotorist(request, admin, { fullName: 'History Bike', vehicleType: 'bike', plan: 'daily' });
  const remitter = await apiToken(request, ACCOUNTS.remitter);
  // Eleven payments: one more than a page.
  const receipts: string[] = [];
  for (let index = 0; index < 11; index += 1) {
    const paid = await paySubscription(request, remitter, { userCode: motorist.userCode, subscriptionId: plan.id, modeOfPayment: 'cash' });
    receipts.unshift(paid.data.payment.receiptNo);
  }
  for (const [price, reason] of [
    [2000, 'Two days parked without a ticket'],
    [500, 'Reduced after the union appealed'],
  ] as const) {
    const changed = await request.post('/api/specificPenalty', { headers: { authorization: `Bearer ${admin}` }, data: { id: motorist.id, price, reason } });
    expect(changed.status(), await changed.text()).toBe(200);
  }
  const penaltyPaid = await payPenalty(request, remitter, { userCode: motorist.userCode, amount: 200, modeOfPayment: 'cash' });
  await fieldScan(request, await apiToken(request, ACCOUNTS.enforcer), motorist.userCode);

  // From the Scan Record, the motorist's Unique ID leads to their details.
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/scan');
  await page.getByRole('textbox', { name: 'Search' }).fill(motorist.userCode);
  await page.getByRole('textbox', { name: 'Search' }).press('Enter');
  await page.getByRole('table', { name: 'Scan Record' }).getByRole('link', { name: motorist.userCode }).first().click();
  await expect(page).toHaveURL(`/${motorist.id}/details`);

  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('tab')).toHaveText(['Payments', 'Penalty Payments', 'Scans', 'Penalty Changes']);

  // Payments: newest first, ten a page, with the receipt numbers the field was given.
  const payments = history.getByRole('table', { name: 'Payments' });
  const paymentRows = payments.locator('tbody tr');
  await expect(paymentRows).toHaveCount(10);
  await expect(paymentRows.locator('td:first-child')).toHaveText(receipts.slice(0, 10));
  await expect(payments.getByRole('columnheader')).toHaveText([
    'Receipt No',
    'Created At',
    'Plan Type',
    'Amount',
    'Mode Of Payment',
    'Remitted By',
    'Status',
    'Actions',
  ]);
  await expect(history.getByText('11 in all')).toBeVisible();
  await history.getByRole('button', { name: 'Page 2' }).click();
  await expect(paymentRows).toHaveCount(1);
  await expect(paymentRows.first()).toContainText(receipts[10]);
  await expect(paymentRows.first()).toContainText('₦250.00');

  await history.getByRole('tab', { name: 'Penalty Payments' }).click();
  const penaltyRows = history.getByRole('table', { name: 'Penalty Payments' }).locator('tbody tr');
  await expect(penaltyRows).toHaveCount(1);
  await expect(penaltyRows.first()).toContainText(penaltyPaid.data.payment.receiptNo);
  await expect(penaltyRows.first()).toContainText('₦200.00');

  await history.getByRole('tab', { name: 'Scans' }).click();
  const scanRows = history.getByRole('table', { name: 'Scans' }).locator('tbody tr');
  await expect(scanRows).toHaveCount(1);
  await expect(scanRows.first()).toContainText('Efe Enforcer');

  await history.getByRole('tab', { name: 'Penalty Changes' }).click();
  const changeRows = history.getByRole('table', { name: 'Penalty Changes' }).locator('tbody tr');
  await expect(changeRows).toHaveCount(2);
  await expect(changeRows.nth(0)).toContainText('₦2,000.00');
  await expect(changeRows.nth(0)).toContainText('₦500.00');
  await expect(changeRows.nth(0)).toContainText('Reduced after the union appealed');
  await expect(changeRows.nth(1)).toContainText('₦0.00');
  await expect(changeRows.nth(1)).toContainText('Two days parked without a ticket');
  await expect(changeRows.nth(1)).toContainText('Super Admin');
});

test('a viewer without the payment and scan lists sees no history', async ({ page, request }) => {
  const admin = await apiToken(request, ACCOUNTS.superAdmin);
  await ensurePlan(request, admin, 'bike', 'daily', 250);
  const motorist = await registerApprovedMotorist(request, admin, { fullName: 'History Hidden', vehicleType: 'bike', plan: 'daily' });
  await signIn(page, ACCOUNTS.user);
  await page.goto(`/${motorist.id}/details`);
  await expect(page.getByRole('heading', { name: 'User Details' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Vehicle' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'History' })).toHaveCount(0);
});
