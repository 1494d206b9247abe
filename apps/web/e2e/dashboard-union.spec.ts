import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS } from './fixtures/accounts.ts';
import { createApprovedUnion } from './support/allocation.ts';
import { daysOfEarlierMonth, pickRange } from './support/dateRange.ts';
import { signIn } from './support/signIn.ts';
import { apiToken } from './support/tickets.ts';

// The 'dash shareholders' union belongs to this file.

const PANEL_FIGURES = [
  'Total Compliances',
  'Total Non-Compliances',
  'Total Subscription Payment',
  'Total Amount to be paid',
  'Percentage Dropdown',
  'Amount Paid',
  'Amount Difference',
];

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('a keke union sees its own dashboard only: no tabs, its figures, the monthly revenue chart and the keke card', async ({ page }) => {
  await signIn(page, ACCOUNTS.union);
  await expect(page.getByRole('heading', { name: 'Allocations to keke riders union', level: 2 })).toBeVisible();
  await expect(page.getByRole('tablist')).toHaveCount(0);
  for (const name of PANEL_FIGURES) await expect(region(page, name).getByTestId('stat-value')).toBeVisible();
  await expect(region(page, 'Percentage Dropdown').getByTestId('stat-value')).toHaveText(/^\d+\.\d{3}%$/);
  await expect(region(page, 'Total Revenue Monthly').getByRole('img', { name: /bar chart/ })).toBeVisible();
  await expect(region(page, 'Total Keke').getByTestId('stat-value')).toHaveText(/^[\d,]+$/);

  // 'Date filter' opens a date-range picker; the chosen range is shown beside it.
  const shown = page.getByTestId('date-filter-range');
  await expect(shown).toHaveText(/^\d{1,2} \w{3} \d{4} – \d{1,2} \w{3} \d{4}$/);
  await pickRange(page, page.getByRole('button', { name: 'Date filter' }), 1, daysOfEarlierMonth(1));
  await expect(shown).toHaveText(/^1 \w{3} \d{4} – 2 \w{3} \d{4}$/);
  await expect(region(page, 'Total Subscription Payment').getByTestId('stat-value')).toHaveText('₦0.00');
});

test('a shareholder union sees tabs across the unions and opens another union’s figures', async ({ page, request }) => {
  const shareholder = await createApprovedUnion(request, await apiToken(request, ACCOUNTS.superAdmin), 'shareholder', 'dash shareholders');
  await signIn(page, shareholder);
  await expect(page.getByRole('heading', { name: `Allocations to ${shareholder.unionName}`, level: 2 })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Unions' });
  await expect(tabs.getByRole('tab', { name: shareholder.unionName })).toHaveAttribute('aria-selected', 'true');
  // A shareholder union has no vehicle pack: no vehicle card.
  await expect(region(page, 'Total Compliances')).toBeVisible();
  await expect(page.getByRole('region', { name: /^Total (Keke|Bus|Bike)$/ })).toHaveCount(0);

  await tabs.getByRole('tab', { name: 'keke riders union' }).click();
  await expect(page.getByRole('heading', { name: 'Allocations to keke riders union', level: 2 })).toBeVisible();
  await expect(region(page, 'Total Keke')).toBeVisible();
});

test('super-admin opens the union dashboards from the overview, with tabs', async ({ page }) => {
  await signIn(page, ACCOUNTS.superAdmin);
  await page.getByRole('link', { name: 'Union dashboards' }).click();
  await expect(page).toHaveURL(/\?view=unions$/);
  await expect(page.getByRole('tablist', { name: 'Unions' }).getByRole('tab', { name: 'keke riders union' })).toBeVisible();
  await page.getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Admin', level: 2 })).toBeVisible();
});
