import { expect, test, type Page, type Response } from '@playwright/test';
import type { PaymentRecordList } from '@eticket/contracts';
import { ACCOUNTS } from './fixtures/accounts.ts';
import { readCsvDownload } from './support/csv.ts';
import { ensurePlan, setPenalty } from './support/allocation.ts';
import { dialog, search } from './support/people.ts';
import { signIn } from './support/signIn.ts';
import { apiToken, payPenalty, paySubscription, registerApprovedMotorist } from './support/tickets.ts';

// The daily and yearly bike plans, motorists named 'Paylist …' and the payListRemitter account belong to this file.

const naira = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });
const count = new Intl.NumberFormat('en-NG');

const summaryOf = (page: Page) => page.getByRole('region', { name: 'Payments summary' });

/** The figures shown are the ones the API answered for the page's own last call. */
async function expectSummaryOf(page: Page, reply: Response) {
  const { summary } = (await reply.json()) as PaymentRecordList;
  const region = summaryOf(page);
  await expect(region.getByLabel('Payments:')).toHaveText(count.format(summary.count));
  await expect(region.getByLabel('Total amount:')).toHaveText(naira.format(summary.amount));
  return summary;
}

/** Waits for the list call with these filters in its query (and no others of the payment filters). */
function listReply(page: Page, path: string, filters: Record<string, string>) {
  return page.waitForResponse((reply) => {
    const url = new URL(reply.url());
    if (url.pathname !== path) return false;
    const asked = Object.fromEntries(
      ['vehicleType', 'plan', 'modeOfPayment', 'remitter', 'status'].flatMap((key) => (url.searchParams.has(key) ? [[key, url.searchParams.get(key)]] : [])),
    );
    return JSON.stringify(asked) === JSON.stringify(filters);
  });
}

test('payment lists: count and naira total of the whole filter, as the API says; filters narrow the rows and stay in the address', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await apiToken(request, ACCOUNTS.superAdmin);
  const daily = await ensurePlan(request, admin, 'bike', 'daily', 250);
  const yearly = await ensurePlan(request, admin, 'bike', 'yearly', 40_000);
  const one = await registerApprovedMotorist(request, admin, { fullName: 'Paylist Bike One', vehicleType: 'bike', plan: 'daily' });
  const two = await registerApprovedMotorist(request, admin, { fullName: 'Paylist Bike Two', vehicleType: 'bike', plan: 'yearly' });
  const remitter = await apiToken(request, ACCOUNTS.payListRemitter);
  const first = await paySubscription(request, remitter, { userCode: one.userCode, subscriptionId: daily.id, modeOfPayment: 'cash' });
  await paySubscription(request, remitter, { userCode: one.userCode, subscriptionId: daily.id, modeOfPayment: 'transfer', bankName: 'GTBank' });
  await paySubscription(request, remitter, { userCode: two.userCode, subscriptionId: yearly.id, modeOfPayment: 'pos', bankName: 'Zenith Bank' });
  await setPenalty(request, admin, two.id, 3000);
  await payPenalty(request, remitter, { userCode: two.userCode, amount: 1000, modeOfPayment: 'cash' });
  await payPenalty(request, remitter, { userCode: two.userCode, amount: 500, modeOfPayment: 'transfer', bankName: 'GTBank' });
  const remitterId = first.data.payment.addedBy.id;
  // More than a page of the whole list, by another remitter, so a filter chosen on page 2 is seen to go back to page 1.
  const three = await registerApprovedMotorist(request, admin, { fullName: 'Paylist Bike Three', vehicleType: 'bike', plan: 'daily' });
  const shared = await apiToken(request, ACCOUNTS.remitter);
  for (let index = 0; index < 8; index += 1)
    await paySubscription(request, shared, { userCode: three.userCode, subscriptionId: daily.id, modeOfPayment: 'cash' });

  await signIn(page, ACCOUNTS.admin);
  const table = page.getByRole('table', { name: 'Transaction History' });
  const rows = table.locator('tbody tr');

  // Unfiltered: the figures are the API's for the whole list, and more than a page of rows' worth is counted.
  const unfiltered = listReply(page, '/api/sub-history', {});
  await page.goto('/transaction');
  const all = await expectSummaryOf(page, await unfiltered);
  expect(all.count).toBeGreaterThanOrEqual(11);
  await expect(page.getByRole('button', { name: 'Clear filters' })).toBeHidden();
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

  // Remitted By: found by typing, chosen; only this remitter's three payments, ₦40,500.00 in all.
  const byRemitter = listReply(page, '/api/sub-history', { remitter: remitterId });
  await page.getByRole('textbox', { name: 'Remitted By' }).fill('pam paylist');
  await page.getByRole('option', { name: /Pam Paylist-Remitter/ }).click();
  await expect(page).toHaveURL(new RegExp(`remitter=${remitterId}`));
  expect(await expectSummaryOf(page, await byRemitter)).toEqual({ count: 3, amount: 40_500 });
  // Back on the first page: the filter's three rows, not an empty page 2.
  expect(new URL((await byRemitter).url()).searchParams.get('page')).toBe('1');
  await expect(rows).toHaveCount(3);
  // The same filter asked of the API directly gives the same figures.
  const direct = await request.get('/api/sub-history', { headers: { authorization: `Bearer ${admin}` }, params: { remitter: remitterId } });
  expect(((await direct.json()) as PaymentRecordList).summary).toEqual({ count: 3, amount: 40_500 });

  // Download saves the filtered list, not the whole one.
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  const started = page.waitForEvent('download');
  await dialog(page, 'Filter')
    .getByRole('button', { name: /^Download/ })
    .click();
  const csv = await readCsvDownload(await started);
  expect(csv.rows.map((row) => row['Unique ID']).sort()).toEqual([one.userCode, one.userCode, two.userCode].sort());
  await dialog(page, 'Filter').getByRole('button', { name: 'Done' }).click();

  // The Mode Of Payment filter offers USSD (online payments by USSD) beside the agents' modes.
  await expect(page.getByLabel('Mode Of Payment').locator('option', { hasText: 'USSD' })).toHaveCount(1);
  // And Mode Of Payment: cash narrows to the one cash payment.
  const cash = listReply(page, '/api/sub-history', { modeOfPayment: 'cash', remitter: remitterId });
  await page.getByLabel('Mode Of Payment').selectOption('cash');
  expect(await expectSummaryOf(page, await cash)).toEqual({ count: 1, amount: 250 });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(one.userCode);
  await expect(rows.first()).toContainText('Cash');

  // A plan no cash payment of theirs is for: nothing, said plainly.
  const none = listReply(page, '/api/sub-history', { plan: 'yearly', modeOfPayment: 'cash', remitter: remitterId });
  await page.getByLabel('Plan').selectOption('yearly');
  expect(await expectSummaryOf(page, await none)).toEqual({ count: 0, amount: 0 });
  await expect(summaryOf(page)).toContainText('No payments match.');
  await expect(table).toContainText('No data available');

  // The filters are in the address: a reload keeps them, with the remitter named.
  await page.reload();
  await expect(page.getByLabel('Plan')).toHaveValue('yearly');
  await expect(page.getByLabel('Mode Of Payment')).toHaveValue('cash');
  await expect(page.getByRole('textbox', { name: 'Remitted By' })).toHaveValue(/Pam Paylist-Remitter/);
  await expect(summaryOf(page).getByLabel('Payments:')).toHaveText('0');

  // Clear filters: the whole list again, and its figures are the API's.
  const cleared = listReply(page, '/api/sub-history', {});
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/remitter=|plan=|modeOfPayment=/);
  expect((await expectSummaryOf(page, await cleared)).count).toBeGreaterThanOrEqual(all.count);
  await expect(page.getByLabel('Plan')).toHaveValue('');

  // Penalty Payment History takes the same filters, from a link.
  const penalties = listReply(page, '/api/penalty-history', { modeOfPayment: 'transfer', remitter: remitterId });
  await page.goto(`/penaltyHistory?remitter=${remitterId}&modeOfPayment=transfer`);
  expect(await expectSummaryOf(page, await penalties)).toEqual({ count: 1, amount: 500 });
  const penaltyRows = page.getByRole('table', { name: 'Penalty Payment History' }).locator('tbody tr');
  await expect(penaltyRows).toHaveCount(1);
  await expect(penaltyRows.first()).toContainText('₦500.00');
  const bothModes = listReply(page, '/api/penalty-history', { remitter: remitterId });
  await page.getByLabel('Mode Of Payment').selectOption('');
  expect(await expectSummaryOf(page, await bothModes)).toEqual({ count: 2, amount: 1500 });
  await expect(penaltyRows).toHaveCount(2);
});

// Issue 48: the console finds a payment by the receipt number a motorist reads out, however typed.
test('Transaction History and Penalty Payment History find a payment by its receipt number, and by plate', async ({ page, request }) => {
  const admin = await apiToken(request, ACCOUNTS.superAdmin);
  const daily = await ensurePlan(request, admin, 'bike', 'daily', 250);
  const motorist = await registerApprovedMotorist(request, admin, { fullName: 'Paylist Receipt Finder', vehicleType: 'bike', plan: 'daily' });
  const remitter = await apiToken(request, ACCOUNTS.remitter);
  const paid = await paySubscription(request, remitter, { userCode: motorist.userCode, subscriptionId: daily.id, modeOfPayment: 'cash' });
  await setPenalty(request, admin, motorist.id, 400);
  const penalty = await payPenalty(request, remitter, { userCode: motorist.userCode, amount: 400, modeOfPayment: 'cash' });
  const receiptNo = paid.data.payment.receiptNo;

  await signIn(page, ACCOUNTS.admin);
  for (const [path, label, receipt] of [
    ['/transaction', 'Transaction History', receiptNo],
    ['/penaltyHistory', 'Penalty Payment History', penalty.data.payment.receiptNo],
  ] as const) {
    await page.goto(path);
    const rows = page.getByRole('table', { name: label }).locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    // Lower-cased and without its hyphens, as someone types it from a phone call.
    await search(page, receipt.replace(/-/g, '').toLowerCase());
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(receipt);
    await expect(summaryOf(page).getByLabel('Payments:')).toHaveText('1');
  }
  // The motorist's plate, typed without its spaces, finds their payment too.
  await page.goto('/transaction');
  await search(page, motorist.plateNumber.replace(/\s/g, '').toLowerCase());
  const rows = page.getByRole('table', { name: 'Transaction History' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(receiptNo);
});
