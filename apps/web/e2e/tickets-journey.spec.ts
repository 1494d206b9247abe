import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS } from './fixtures/accounts.ts';
import { confirmPause, confirmPenaltyChange } from './support/reason.ts';
import { signIn } from './support/signIn.ts';
import { apiToken, fieldScan, findPlan, payPenalty, paySubscription, registerApprovedMotorist } from './support/tickets.ts';

// Bike plans, the bike penalty charge and bike motorists belong to this file.

/** Searches a record list for a Unique ID and returns the rows shown. */
async function rowsFor(page: Page, table: string, userCode: string) {
  await page.getByRole('textbox', { name: 'Search' }).fill(userCode);
  await page.getByRole('textbox', { name: 'Search' }).press('Enter');
  const rows = page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: userCode });
  await expect(rows.first()).toBeVisible();
  return rows;
}

test('tickets end to end: plan and charge in the console, payments and scans in the field, records, details, pause and resume, penalty', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ACCOUNTS.superAdmin);

  // 1. A weekly bike plan and the bike penalty charge, through the console.
  await page.goto('/subscriptions');
  await page.getByRole('tab', { name: 'Bike' }).click();
  await page.getByRole('button', { name: 'Create Plan' }).click();
  const planDialog = page.getByRole('dialog', { name: 'Create Subscription Plan' });
  await planDialog.getByLabel('Plan Name').selectOption('weekly');
  await expect(planDialog.getByLabel('Vehicle Type')).toHaveValue('bike');
  await planDialog.getByLabel('Price').fill('1500');
  await planDialog.getByRole('button', { name: 'Save Plan' }).click();
  await expect(planDialog).toBeHidden();
  await expect(page.getByRole('article', { name: 'Weekly' })).toContainText('₦1,500.00');

  await page.goto('/penalty');
  await page.getByRole('button', { name: 'Create Penalty Charge' }).click();
  const chargeDialog = page.getByRole('dialog', { name: 'Create Penalty Charge' });
  await chargeDialog.getByLabel('Vehicle Type').selectOption('bike');
  await chargeDialog.getByLabel('Price').fill('700');
  await chargeDialog.getByRole('button', { name: 'Save Charge' }).click();
  await expect(chargeDialog).toBeHidden();
  await expect(page.getByRole('article', { name: 'Bike' })).toContainText('₦700.00');

  // 2. A bike motorist on the weekly plan, registered and approved through the API.
  const adminToken = await apiToken(request, ACCOUNTS.superAdmin);
  const plan = await findPlan(request, adminToken, 'bike', 'weekly');
  const motorist = await registerApprovedMotorist(request, adminToken, { fullName: 'Bayo Bike', vehicleType: 'bike', plan: 'weekly' });

  // 3. The remitter records the subscription payment; a repeat with the same key records nothing new.
  const remitter = await apiToken(request, ACCOUNTS.remitter);
  const key = randomUUID();
  const payment = { userCode: motorist.userCode, subscriptionId: plan.id, modeOfPayment: 'pos', bankName: 'GTBank', reference: 'POS-4471 0932' };
  const paid = await paySubscription(request, remitter, payment, key);
  expect(paid.data.ticketSubscription).toMatchObject({ subscriptionStatus: 'active', accumulated: 1, accumulatedAmount: 1500 });
  const repeated = await paySubscription(request, remitter, payment, key);
  expect(repeated.data.payment.id).toBe(paid.data.payment.id);

  // 4. The motorist's penalty, altered from /penalty, then part paid in the field.
  const panel = page.getByRole('region', { name: 'Motorist Penalty' });
  await panel.getByLabel('Unique ID').fill(motorist.userCode);
  await panel.getByRole('button', { name: 'Search' }).click();
  const found = panel.getByRole('region', { name: 'Motorist bayo bike' });
  await expect(found).toContainText('₦0.00');
  await expect(found).toContainText('weekly (bike)');
  await found.getByLabel('New Penalty Amount').fill('2000');
  await found.getByRole('button', { name: 'Update Penalty' }).click();
  await confirmPenaltyChange(page);
  await expect(found).toContainText('₦2,000.00');
  const penaltyPaid = await payPenalty(request, remitter, { userCode: motorist.userCode, amount: 500, modeOfPayment: 'cash' });

  // 5. The enforcer scans the motorist: active, owing what is left.
  const enforcer = await apiToken(request, ACCOUNTS.enforcer);
  expect(await fieldScan(request, enforcer, motorist.userCode)).toMatchObject({ subscriptionStatus: 'active', outstandingPayment: 1500, penaltyAdded: 0 });

  // 6. Transaction History: the one payment, as recorded.
  await page.goto('/transaction');
  await expect(page.getByRole('heading', { name: 'Transaction History', level: 2 })).toBeVisible();
  const transactionTable = page.getByRole('table', { name: 'Transaction History' });
  await expect(transactionTable.getByRole('columnheader')).toHaveText([
    '',
    'Bank Name',
    'Mode Of Payment',
    'Unique ID',
    'Plan Type',
    'Price',
    'Vehicle Type',
    'Status',
    'Remitted By',
    'Created At',
    'Receipt No',
    'Actions',
  ]);
  const transactions = await rowsFor(page, 'Transaction History', motorist.userCode);
  await expect(transactions).toHaveCount(1);
  await expect(transactions.getByRole('cell')).toHaveText([
    '',
    'gtbank',
    // The mode, with the channel's reference under it (issue 42).
    'POS POS-4471 0932',
    motorist.userCode,
    'weekly',
    '₦1,500.00',
    'bike',
    'Success',
    'Remy Remitter',
    /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/,
    paid.data.payment.receiptNo,
    '',
  ]);

  // 7. Scan Record: the scan, with the subscription as it stood.
  await page.goto('/scan');
  const scanTable = page.getByRole('table', { name: 'Scan Record' });
  await expect(scanTable.getByRole('columnheader')).toHaveText([
    '',
    'Vehicle Type',
    'Subscription Status',
    'Motorist Unique ID',
    'Plate Number',
    'Subscription Expiry Date',
    'Outstanding Payment (naira)',
    'Scanned By',
    'Scanned Date',
  ]);
  const scans = await rowsFor(page, 'Scan Record', motorist.userCode);
  await expect(scans).toHaveCount(1);
  await expect(scans.getByRole('cell')).toHaveText([
    '',
    'bike',
    'Active',
    motorist.userCode,
    motorist.plateNumber,
    /\d{4}, \d{2}:\d{2}$/,
    '₦1,500.00',
    'Efe Enforcer',
    /\d{4}, \d{2}:\d{2}$/,
  ]);

  // 8. Penalty Payment History: the penalty payment.
  await page.goto('/penaltyHistory');
  const penalties = await rowsFor(page, 'Penalty Payment History', motorist.userCode);
  await expect(penalties).toHaveCount(1);
  await expect(penalties.getByRole('cell')).toHaveText([
    '',
    'N/A',
    'Cash',
    motorist.userCode,
    'weekly',
    '₦500.00',
    'bike',
    'Success',
    'Remy Remitter',
    /\d{4}, \d{2}:\d{2}$/,
    penaltyPaid.data.payment.receiptNo,
    '',
  ]);

  // 9. The motorist's details: the subscription block, then pause and resume with the popup message.
  await page.goto(`/${motorist.id}/details`);
  const subscription = page.getByRole('region', { name: 'Subscription' });
  await expect(subscription).toContainText(/active/i);
  await expect(subscription).toContainText(/1 × weekly/i);
  await expect(subscription).toContainText('₦1,500.00');
  await expect(subscription).toContainText(paid.data.payment.receiptNo);
  await subscription.getByRole('button', { name: 'Pause Subscription' }).click();
  await confirmPause(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Subscription paused successfully' })).toBeVisible();
  await expect(subscription.getByRole('button', { name: 'Resume Subscription' })).toBeVisible();
  await expect(subscription).toContainText(/paused/i);
  await subscription.getByRole('button', { name: 'Resume Subscription' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Subscription resumed successfully' })).toBeVisible();
  await expect(subscription.getByRole('button', { name: 'Pause Subscription' })).toBeVisible();
  await expect(subscription).toContainText(/active/i);

  // 10. Back on /penalty, the motorist owes what is left, and the penalty is cleared.
  await page.goto('/penalty');
  await panel.getByLabel('Unique ID').fill(motorist.userCode);
  await panel.getByRole('button', { name: 'Search' }).click();
  await expect(found).toContainText('₦1,500.00');
  await found.getByLabel('New Penalty Amount').fill('0');
  await found.getByRole('button', { name: 'Update Penalty' }).click();
  await confirmPenaltyChange(page);
  await expect(found.getByText('₦0.00')).toBeVisible();
});
