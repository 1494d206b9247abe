import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEFAULT_LEVY_NAME, type LedgerReport } from '@eticket/contracts';
import { ACCOUNTS } from './fixtures/accounts.ts';
import { ensurePlan } from './support/allocation.ts';
import { sidebar } from './support/sidebar.ts';
import { signIn } from './support/signIn.ts';
import { apiToken, paySubscription, registerApprovedMotorist } from './support/tickets.ts';

// Bike motorists named 'Books …' belong to this file (they use the shared 6-month bike plan).

test('books: an admin runs the integrity check and finds a cash payment in the remitter’s till', async ({ page, request }) => {
  test.setTimeout(60_000);
  const superAdmin = await apiToken(request, ACCOUNTS.superAdmin);
  const plan = await ensurePlan(request, superAdmin, 'bike', '6 months', 6000);
  const motorist = await registerApprovedMotorist(request, superAdmin, { fullName: 'Books Payer', vehicleType: 'bike', plan: '6 months' });
  await paySubscription(request, await apiToken(request, ACCOUNTS.remitter), { userCode: motorist.userCode, subscriptionId: plan.id, modeOfPayment: 'cash' });

  await signIn(page, ACCOUNTS.admin);
  await sidebar(page).getByRole('link', { name: 'Books', exact: true }).click();
  await expect(page).toHaveURL('/books');
  await expect(page).toHaveTitle('e-Ticketing | Books');
  await expect(page.getByRole('heading', { name: 'Books', level: 2 })).toBeVisible();

  // The check, asked for now: the books balance, and it says who ran it.
  const check = page.getByRole('region', { name: 'Integrity check' });
  await check.getByRole('button', { name: 'Run check now' }).click();
  await expect(check.getByRole('status')).toContainText('The books balance');
  await expect(check.getByRole('status')).toContainText(`run by ${ACCOUNTS.admin.fullName}`);

  // The accounts: the remitter's till holds the cash, subscription revenue is a credit balance.
  const accounts = page.getByRole('region', { name: 'Accounts' });
  await page.getByRole('textbox', { name: 'Kind of account' }).click();
  await page.getByRole('option', { name: 'Till' }).click();
  const till = accounts.getByRole('row').filter({ hasText: `Till: ${ACCOUNTS.remitter.fullName}` });
  await expect(till).toHaveCount(1);
  await expect(till).toContainText('Till');
  await expect(accounts.getByRole('row').filter({ hasText: 'Revenue' })).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Kind of account' }).click();
  await page.getByRole('option', { name: 'Revenue' }).click();
  const revenue = accounts.getByRole('row').filter({ hasText: 'Revenue: subscriptions' });
  await expect(revenue).toHaveCount(1);
  await expect(revenue.getByRole('cell').last()).toHaveText(/^-₦[\d,]+\.\d{2}$/);
});

test('books: not for a union, whose address for it leads to the dashboard', async ({ page }) => {
  await signIn(page, ACCOUNTS.union);
  await expect(sidebar(page).getByRole('link', { name: 'Books', exact: true })).toHaveCount(0);
  await page.goto('/books');
  await expect(page).toHaveURL('/');
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const naira = (value: number) => `₦${value.toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const lagosToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());

async function reportOf(request: APIRequestContext, token: string, period: 'day' | 'month', date: string): Promise<LedgerReport> {
  const reply = await request.get(`/api/ledger/report?period=${period}&date=${date}`, { headers: bearer(token) });
  expect(reply.status()).toBe(200);
  return (await reply.json()).data;
}

/**
 * The page shows the report it was sent; other journeys record payments meanwhile, so its figures are
 * checked against the last report of that period the page received, not against one read beside it.
 */
function reportsSentTo(page: Page) {
  const last = new Map<string, LedgerReport>();
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (url.pathname === '/api/ledger/report' && response.ok()) last.set(url.searchParams.get('period') ?? '', (await response.json()).data);
  });
  return (locator: Locator, period: 'day' | 'month', text: (report: LedgerReport) => string) =>
    expect(async () => {
      const sent = last.get(period);
      expect(sent, `the page was sent a ${period} report`).toBeTruthy();
      await expect(locator).toContainText(text(sent!), { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
}

test('books: the day and month report show a cash payment, and the month statement prints to one A4 PDF', async ({ page, request }) => {
  test.setTimeout(90_000);
  const superAdmin = await apiToken(request, ACCOUNTS.superAdmin);
  const admin = await apiToken(request, ACCOUNTS.admin);
  const today = lagosToday();
  const month = today.slice(0, 7);
  const before = await reportOf(request, admin, 'month', month);
  const plan = await ensurePlan(request, superAdmin, 'bike', '6 months', 6000);
  const motorist = await registerApprovedMotorist(request, superAdmin, { fullName: 'Books Reporter', vehicleType: 'bike', plan: '6 months' });
  await paySubscription(request, await apiToken(request, ACCOUNTS.remitter), { userCode: motorist.userCode, subscriptionId: plan.id, modeOfPayment: 'cash' });
  const after = await reportOf(request, admin, 'month', month);
  expect(after.summary.collectedByMode.cash).toBeGreaterThanOrEqual(before.summary.collectedByMode.cash + 6000);
  const check = await request.post('/api/ledger/integrity-check', { headers: bearer(admin) });
  expect(check.status()).toBe(201);

  await signIn(page, ACCOUNTS.admin);
  const shows = reportsSentTo(page);
  await page.goto('/books');
  const report = page.getByRole('region', { name: 'Report' });
  const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
  await expect(report).toContainText(`${monthName}, in Lagos days`);
  const figures = report.getByRole('group', { name: 'Period figures' });
  await shows(figures, 'month', (sent) => `Cash ${naira(sent.summary.collectedByMode.cash)}`);
  await shows(figures, 'month', (sent) => naira(sent.summary.collected));
  const accounts = report.getByRole('table', { name: 'Accounts in the period' });
  const tills = accounts.getByRole('row').filter({ hasText: "Remitters' tills" });
  await shows(tills, 'month', (sent) => naira(sent.rows.find((row) => row.account === 'till')!.collected));
  await expect(accounts.getByRole('row').filter({ hasText: 'Totals' })).toContainText('₦0.00');

  // Day, by keyboard: the period's radios move with the arrow keys; today's figures hold the payment.
  await report.getByRole('radio', { name: 'Month' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(report.getByRole('radio', { name: 'Day' })).toBeChecked();
  const day = await reportOf(request, admin, 'day', today);
  expect(day.summary.collectedByMode.cash).toBeGreaterThanOrEqual(6000);
  await shows(figures, 'day', (sent) => `Cash ${naira(sent.summary.collectedByMode.cash)}`);

  // The month's statement: the levy, the period, the accounts and their totals, the integrity check.
  await report.getByRole('link', { name: 'Print month statement' }).click();
  await expect(page).toHaveURL(`/books/statement/${month}`);
  await expect(page).toHaveTitle('e-Ticketing | Month statement');
  const preview = page.getByRole('region', { name: 'Statement preview' });
  await expect(preview).toContainText(DEFAULT_LEVY_NAME);
  await expect(preview).toContainText(`${monthName}: 1 `);
  await expect(preview).toContainText('The books balance: no difference found');
  const statementTills = preview.getByRole('row').filter({ hasText: "Remitters' tills" });
  await shows(statementTills, 'month', (sent) => naira(sent.rows.find((row) => row.account === 'till')!.collected));

  // In print only the statement shows, no console chrome; its text has the period and the totals.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  const printed = page.getByRole('region', { name: 'Statement', exact: true });
  await expect(printed).toBeVisible();
  await expect(printed).toContainText(`${monthName}:`);
  await expect(printed.getByRole('row').filter({ hasText: 'Totals' })).toContainText('₦0.00');
  await shows(printed, 'month', (sent) => `Collected${naira(sent.summary.collected)}`);
  await page.emulateMedia({ media: null });

  // One PDF document of one A4 page across (297 × 210 mm; this month's dozen accounts fit one), not empty.
  const pdf = await page.pdf({ preferCSSPageSize: true });
  const text = pdf.toString('latin1');
  expect(text.startsWith('%PDF-')).toBe(true);
  expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  expect(pdf.length).toBeGreaterThan(10_000);
  const pages = [...text.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map(([, width, height]) => [
    Math.round((Number(width) * 25.4) / 72),
    Math.round((Number(height) * 25.4) / 72),
  ]);
  expect(pages).toEqual([[297, 210]]);
});
