import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, type AccountName, type FixtureAccount } from './fixtures/accounts.ts';
import { ensurePlan } from './support/allocation.ts';
import { signIn } from './support/signIn.ts';
import { apiToken, registerMotorist } from './support/tickets.ts';

const figure = (page: Page, label: string) => page.getByRole('region', { name: label, exact: true }).getByTestId('stat-value');

const DEPARTMENTS: { account: AccountName; heading: string; cards: string[]; chart: string; agents: string; top: string }[] = [
  {
    account: 'registrarManager',
    heading: 'Registrar Dashboard',
    cards: ['Registrations', 'Approved', 'Pending', 'Suspended'],
    chart: 'Registrations over time',
    agents: 'Registrars',
    top: 'Top registrars',
  },
  {
    account: 'enforcerManager',
    heading: 'Enforcer Dashboard',
    cards: ['Scans', 'Compliant', 'Non-Compliant', 'Compliance Rate', 'Penalties Charged'],
    chart: 'Scans over time',
    agents: 'Enforcers',
    top: 'Top enforcers',
  },
  {
    account: 'remitterManager',
    heading: 'Remitter Dashboard',
    cards: ['Collections', 'Subscription Payments', 'Penalty Payments', 'Payments'],
    chart: 'Collections over time',
    agents: 'Remitters',
    top: 'Top remitters',
  },
];

for (const { account, heading, cards, chart, agents, top } of DEPARTMENTS) {
  test(`${(ACCOUNTS[account] as FixtureAccount).department} sees the ${heading}: figures, a chart over time, agents by status, top agents`, async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS[account]);
    await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
    for (const card of cards) await expect(figure(page, card)).toBeVisible();
    await expect(page.getByRole('region', { name: chart })).toBeVisible();
    // The seeded agent of the department is approved.
    await expect(page.getByRole('region', { name: agents, exact: true })).toContainText('Approved');
    await expect(page.getByRole('table', { name: top })).toBeVisible();
    await expect(page.getByLabel('Date range')).toBeVisible();
  });
}

test('a registrar agent sees the registrar dashboard of its own registrations', async ({ page, request }) => {
  // Issue 48: the motorists it registered are listed, not an empty ranking of registrars.
  await ensurePlan(request, await apiToken(request, ACCOUNTS.superAdmin), 'bike', '6 months', 6000);
  const motorist = await registerMotorist(request, await apiToken(request, ACCOUNTS.registrar), {
    fullName: 'Rita Registered',
    vehicleType: 'bike',
    plan: '6 months',
  });
  await signIn(page, ACCOUNTS.registrar);
  await expect(page.getByRole('heading', { name: 'Registrar Dashboard', level: 2 })).toBeVisible();
  await expect(page.getByText('The motorists you registered')).toBeVisible();
  await expect(figure(page, 'Registrations')).toHaveText(/^[\d,]+$/);
  await expect(page.getByRole('region', { name: 'Registrars', exact: true })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Top registrars' })).toHaveCount(0);
  const latest = page.getByRole('table', { name: 'Your latest registrations' });
  const row = latest.getByRole('row').filter({ hasText: motorist.userCode });
  await expect(row.getByRole('cell')).toHaveText(['Rita Registered', motorist.userCode, motorist.plateNumber, 'bike', 'Pending', /\d{4}, \d{2}:\d{2}$/]);
  await row.getByRole('link', { name: 'Rita Registered' }).click();
  await expect(page).toHaveURL(`/${motorist.id}/details`);
});

test("the 'user' role is told plainly it has no figures, and where it can go", async ({ page }) => {
  await signIn(page, ACCOUNTS.user);
  await expect(page.getByRole('heading', { name: /^Welcome/, level: 2 })).toBeVisible();
  await expect(page.getByText('No figures for your account')).toBeVisible();
  await page.getByRole('link', { name: 'View motorists' }).click();
  await expect(page).toHaveURL(/\/motorists$/);
});
