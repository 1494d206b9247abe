import { expect, test } from '@playwright/test';
import { ACCOUNTS } from './fixtures/accounts.ts';
import { ensurePlan, setPenalty } from './support/allocation.ts';
import { dialog, search } from './support/people.ts';
import { signIn } from './support/signIn.ts';
import { apiToken, payPenalty, paySubscription, registerApprovedMotorist } from './support/tickets.ts';

// The monthly bike plan and motorists named 'Reversal …' belong to this file (issue 44: reversing a payment recorded in error).

test('an admin reverses a payment from Transaction History with a reason; the row reads Reversed, the receipt check says so', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await apiToken(request, ACCOUNTS.superAdmin);
  const monthly = await ensurePlan(request, admin, 'bike', 'monthly', 4_000);
  const motorist = await registerApprovedMotorist(request, admin, { fullName: 'Reversal Bus One', vehicleType: 'bike', plan: 'monthly' });
  const remitter = await apiToken(request, ACCOUNTS.remitter);
  const paid = await paySubscription(request, remitter, {
    userCode: motorist.userCode,
    subscriptionId: monthly.id,
    modeOfPayment: 'transfer',
    bankName: 'GTBank',
  });
  const receiptNo = paid.data.payment.receiptNo;

  await signIn(page, ACCOUNTS.admin);
  await page.goto('/transaction');
  const rows = page.getByRole('table', { name: 'Transaction History' }).locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  await search(page, receiptNo);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Success');

  await page.getByRole('button', { name: `Reverse payment ${receiptNo}` }).click();
  const asking = dialog(page, 'Reverse payment');
  await expect(asking).toContainText(receiptNo);
  await expect(asking).toContainText('This cannot be undone');
  // The reason is required: the dialog says so and stays open.
  await asking.getByRole('button', { name: 'Reverse payment' }).click();
  await expect(asking.getByText('Reason is required')).toBeVisible();
  await asking.getByRole('textbox', { name: 'Reason' }).fill('Paid for the wrong vehicle');
  const reversed = page.waitForResponse((reply) => reply.url().endsWith(`/api/payment/${paid.data.payment.id}/reverse`));
  await asking.getByRole('button', { name: 'Reverse payment' }).click();
  expect((await reversed).status()).toBe(200);
  await expect(asking).toBeHidden();
  await expect(page.getByText(`Payment reversed: receipt ${receiptNo}`)).toBeVisible();
  await expect(rows.first()).toContainText('Reversed');
  await expect(page.getByRole('button', { name: `Reverse payment ${receiptNo}` })).toHaveCount(0);

  // The public check of the receipt, as a motorist opens it from the text.
  await page.goto(`/r/${receiptNo}`);
  await expect(page.getByRole('status')).toContainText(/^Reversed on .+: this payment no longer counts$/);
});

test('a penalty payment reversed from Penalty Payment History', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await apiToken(request, ACCOUNTS.superAdmin);
  const monthly = await ensurePlan(request, admin, 'bike', 'monthly', 4_000);
  const motorist = await registerApprovedMotorist(request, admin, { fullName: 'Reversal Bus Two', vehicleType: 'bike', plan: 'monthly' });
  const remitter = await apiToken(request, ACCOUNTS.remitter);
  await paySubscription(request, remitter, { userCode: motorist.userCode, subscriptionId: monthly.id, modeOfPayment: 'transfer', bankName: 'GTBank' });
  await setPenalty(request, admin, motorist.id, 2_000);
  const penalty = await payPenalty(request, remitter, { userCode: motorist.userCode, amount: 500, modeOfPayment: 'transfer', bankName: 'GTBank' });
  const receiptNo = penalty.data.payment.receiptNo;

  await signIn(page, ACCOUNTS.superAdmin);
  await page.goto('/penaltyHistory');
  const rows = page.getByRole('table', { name: 'Penalty Payment History' }).locator('tbody tr');
  await search(page, receiptNo);
  await expect(rows).toHaveCount(1);
  await page.getByRole('button', { name: `Reverse payment ${receiptNo}` }).click();
  const asking = dialog(page, 'Reverse payment');
  await asking.getByRole('textbox', { name: 'Reason' }).fill('Charged twice');
  await asking.getByRole('button', { name: 'Reverse payment' }).click();
  await expect(rows.first()).toContainText('Reversed');
  await expect(page.getByRole('button', { name: `Reverse payment ${receiptNo}` })).toHaveCount(0);
});

test("a payment reversed from the motorist's details page: its history row reads Reversed", async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await apiToken(request, ACCOUNTS.superAdmin);
  const monthly = await ensurePlan(request, admin, 'bike', 'monthly', 4_000);
  const motorist = await registerApprovedMotorist(request, admin, { fullName: 'Reversal Bus Three', vehicleType: 'bike', plan: 'monthly' });
  const remitter = await apiToken(request, ACCOUNTS.remitter);
  const paid = await paySubscription(request, remitter, {
    userCode: motorist.userCode,
    subscriptionId: monthly.id,
    modeOfPayment: 'transfer',
    bankName: 'GTBank',
  });
  const receiptNo = paid.data.payment.receiptNo;

  await signIn(page, ACCOUNTS.admin);
  await page.goto(`/${motorist.id}/details`);
  const payments = page.getByRole('region', { name: 'History' }).getByRole('table', { name: 'Payments' });
  await expect(payments.locator('tbody tr').first()).toContainText(receiptNo);
  await payments.getByRole('button', { name: `Reverse payment ${receiptNo}` }).click();
  const asking = dialog(page, 'Reverse payment');
  await asking.getByRole('textbox', { name: 'Reason' }).fill('Recorded against the wrong vehicle');
  await asking.getByRole('button', { name: 'Reverse payment' }).click();
  await expect(payments.locator('tbody tr').first()).toContainText('Reversed');
  await expect(payments.getByRole('button', { name: `Reverse payment ${receiptNo}` })).toHaveCount(0);
});
