import { expect, test } from '@playwright/test';
import { ACCOUNTS, type AccountName } from './fixtures/accounts.ts';
import { sidebar, sidebarLinks } from './support/sidebar.ts';
import { signIn } from './support/signIn.ts';

const EVERY_LINK = [
  'Dashboard',
  'Admins',
  'Managers',
  'New Manager',
  'Remitters',
  'New Remitter',
  'Enforcers',
  'New Enforcer',
  'Registrars',
  'New Registrar',
  'Unions',
  'Motorists',
  'New Motorist',
  'Penalty',
  'Create Penalty',
  'Subscriptions',
  'Scan Record',
  'Transaction',
  'Allocation',
];
const without = (...hidden: string[]) => EVERY_LINK.filter((link) => !hidden.includes(link));

// Spec section 6: what each role and manager department sees.
const EXPECTED: Array<[AccountName, string[], string]> = [
  ['superAdmin', EVERY_LINK, 'Welcome Admin'],
  ['admin', without('Admins', 'Unions', 'Allocation'), 'Welcome Admin'],
  ['registrarManager', ['Dashboard', 'Registrars', 'New Registrar'], 'Registrar Dashboard'],
  ['enforcerManager', ['Dashboard', 'Enforcers', 'New Enforcer'], 'Enforcer Dashboard'],
  ['remitterManager', ['Dashboard', 'Remitters', 'New Remitter'], 'Remitter Dashboard'],
  ['union', ['Dashboard'], 'Allocations to keke riders union'],
  ['user', ['Dashboard', 'Motorists', 'New Motorist'], 'Dashboard'],
  ['registrar', ['Dashboard', 'Motorists', 'New Motorist'], 'Registrar Dashboard'],
];

for (const [name, links, heading] of EXPECTED) {
  test(`the sidebar as ${name} sees it`, async ({ page }) => {
    await signIn(page, ACCOUNTS[name]);
    await expect(sidebar(page).getByText('E-Ticketing', { exact: true })).toBeVisible();
    await expect(sidebarLinks(page)).toHaveText(links);
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(heading);
  });
}

test('every sidebar link opens its page', async ({ page }) => {
  await signIn(page, ACCOUNTS.superAdmin);
  const destinations: Array<[string, string, string]> = [
    ['Admins', '/admins', 'Admin'],
    ['Managers', '/managers', 'Managers'],
    ['New Manager', '/newmanager', 'New Managers'],
    ['Remitters', '/remitters', 'Remitters'],
    ['New Remitter', '/newremitter', 'New Remitters'],
    ['Enforcers', '/enforcers', 'Enforcers'],
    ['New Enforcer', '/newenforcer', 'New Enforcers'],
    ['Registrars', '/registrars', 'Registrars'],
    ['New Registrar', '/newregistrar', 'New Registrars'],
    ['Unions', '/unions', 'Unions / Partner'],
    ['Motorists', '/motorists', 'Motorists'],
    ['New Motorist', '/newmotorist', 'New Motorists'],
    ['Penalty', '/penaltyHistory', 'Penalty Payment History'],
    ['Create Penalty', '/penalty', 'Penalty Charges'],
    ['Subscriptions', '/subscriptions', 'Subscriptions'],
    ['Scan Record', '/scan', 'Scan Record'],
    ['Transaction', '/transaction', 'Transaction History'],
    ['Allocation', '/allocation', 'Allocation'],
    ['Dashboard', '/', 'Welcome Admin'],
  ];
  for (const [label, path, heading] of destinations) {
    await sidebar(page).getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(heading);
    await expect(sidebar(page).getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
  }
});

test('a page the role may not see sends it to the dashboard', async ({ page }) => {
  await signIn(page, ACCOUNTS.registrarManager);
  for (const path of ['/admins', '/motorists', '/allocation', '/newmanager']) {
    await page.goto(path);
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 2 })).toHaveText('Registrar Dashboard');
  }
  await page.goto('/registrars');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Registrars');
});
