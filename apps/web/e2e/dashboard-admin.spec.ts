import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS } from './fixtures/accounts.ts';
import { assignAllocation, createApprovedUnion, ensurePlan, setPenalty } from './support/allocation.ts';
import { daysOfEarlierMonth, pickRange } from './support/dateRange.ts';
import { signIn } from './support/signIn.ts';
import { apiToken, fieldScan, payPenalty, paySubscription, registerApprovedMotorist } from './support/tickets.ts';

// The 6-month bike plan, bike motorists named 'Dash …' and the 'dash revenue union' belong to this file.

const CARDS = ['Total Penalty', 'Approved Managers', 'Total Subscription', 'Approved Agents', 'Total Registration', 'Total Vehicles'];
const MONEY_CARDS = new Set(['Total Penalty', 'Total Subscription']);

const card = (page: Page, label: string) => page.getByRole('region', { name: label, exact: true });
const cardValue = (page: Page, label: string) => card(page, label).getByTestId('stat-value');

test('admin overview: cards, monthly chart, vehicle cards, top agents and the allocation doughnut; the date range moves the figures', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  // Data through the API, as the seeded accounts: a plan, a motorist paying and owing a penalty,
  // a scan, and an allocation for a union.
  const admin = await apiToken(request, ACCOUNTS.superAdmin);
  const plan = await ensurePlan(request, admin, 'bike', '6 months', 6000);
  const motorist = await registerApprovedMotorist(request, admin, { fullName: 'Dash Rider', vehicleType: 'bike', plan: '6 months' });
  const remitter = await apiToken(request, ACCOUNTS.remitter);
  await paySubscription(request, remitter, { userCode: motorist.userCode, subscriptionId: plan.id, modeOfPayment: 'cash' });
  await setPenalty(request, admin, motorist.id, 1000);
  await payPenalty(request, remitter, { userCode: motorist.userCode, amount: 400, modeOfPayment: 'cash' });
  await fieldScan(request, await apiToken(request, ACCOUNTS.enforcer), motorist.userCode);
  const union = await createApprovedUnion(request, admin, 'bike', 'dash revenue union');
  await assignAllocation(request, admin, union.id, 10);

  await signIn(page, ACCOUNTS.admin);
  await expect(page).toHaveTitle(/Dashboard/);
  await expect(page.getByRole('heading', { name: 'Welcome Admin', level: 2 })).toBeVisible();
  await expect(page.getByText("Here's an overview of today's activities")).toBeVisible();
  // Default range: today through 7 days ahead.
  await expect(page.getByLabel('Date range')).toHaveText(/^\d{1,2} \w{3} \d{4} – \d{1,2} \w{3} \d{4}$/);

  // The six cards: a total, the increase to 3 decimals and '+ N today'.
  for (const label of CARDS) {
    const region = card(page, label);
    await expect(region.getByTestId('stat-value')).toHaveText(MONEY_CARDS.has(label) ? /^₦[\d,]+\.\d{2}$/ : /^[\d,]+$/);
    await expect(region.getByTestId('stat-increase')).toHaveText(/^-?[\d,]+\.\d{3}%$/);
    await expect(region.getByTestId('stat-today')).toHaveText(MONEY_CARDS.has(label) ? /^\+ ₦[\d,]+\.\d{2} today$/ : /^\+ [\d,]+ today$/);
  }
  await expect(cardValue(page, 'Total Subscription')).not.toHaveText('₦0.00');
  await expect(cardValue(page, 'Total Penalty')).not.toHaveText('₦0.00');
  await expect(cardValue(page, 'Total Registration')).not.toHaveText('0');
  await expect(cardValue(page, 'Approved Agents')).not.toHaveText('0');
  await expect(cardValue(page, 'Approved Managers')).not.toHaveText('0');

  // The monthly bar chart and the vehicle cards.
  const chart = page.getByRole('region', { name: 'Revenue and Registration For Motorist, From Jan-Dec' });
  await expect(chart.getByRole('img', { name: /bar chart/ })).toBeVisible();
  await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(chart).toContainText('Jan');
  await expect(chart).toContainText('Dec');
  for (const label of ['Keke', 'Bike', 'Bus']) await expect(card(page, label).getByTestId('stat-value')).toHaveText(/^[\d,]+$/);
  await expect(cardValue(page, 'Bike')).not.toHaveText('0');

  // Top Performing Agent: the remitter who collected and the enforcer who scanned; the filter is the call's search.
  const agents = page.getByRole('table', { name: 'Top performing agents' });
  await expect(agents).toContainText('Remy Remitter');
  await expect(agents).toContainText('Efe Enforcer');
  await page.getByRole('radiogroup', { name: 'Which agents' }).getByText('Remitters').click();
  await expect(agents).toContainText('Remy Remitter');
  await expect(agents).not.toContainText('Efe Enforcer');

  // The 'Revenue Allocation' doughnut with the union's share.
  const allocation = page.getByRole('region', { name: 'Revenue Allocation' });
  await expect(allocation.getByRole('img', { name: /doughnut chart/ })).toBeVisible();
  await expect(allocation.getByRole('list', { name: 'Allocation shares' })).toContainText(union.unionName);

  // A range two months back, before any of the journeys' data: the totals drop to nothing; today's part stays.
  const todayPayments = await card(page, 'Total Subscription').getByTestId('stat-today').textContent();
  const earlier = daysOfEarlierMonth(2);
  await pickRange(page, page.getByLabel('Date range'), 2, earlier);
  await expect(page.getByLabel('Date range')).toHaveText(/^1 \w{3} \d{4} – 2 \w{3} \d{4}$/);
  await expect(cardValue(page, 'Total Subscription')).toHaveText('₦0.00');
  await expect(cardValue(page, 'Total Penalty')).toHaveText('₦0.00');
  await expect(cardValue(page, 'Total Registration')).toHaveText('0');
  await expect(cardValue(page, 'Bike')).toHaveText('0');
  await expect(card(page, 'Total Subscription').getByTestId('stat-today')).toHaveText(todayPayments!);
  await expect(agents).toContainText('No data available');
  await expect(allocation.getByRole('list', { name: 'Allocation shares' })).toContainText('₦0.00');
});

test('admin overview: the chart is hidden on a small screen', async ({ page }) => {
  await page.setViewportSize({ width: 600, height: 900 });
  await signIn(page, ACCOUNTS.admin);
  await expect(card(page, 'Total Penalty')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Top Performing Agent' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Revenue and Registration For Motorist, From Jan-Dec' })).toBeHidden();
});
