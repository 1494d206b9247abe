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
  'Tills',
  'Approvals',
  'Flags',
  'Disputes',
  'Allocation',
  'Books',
  'Suspense',
  'Audit Log',
  'Record of Looks',
];
const without = (...hidden: string[]) => EVERY_LINK.filter((link) => !hidden.includes(link));

// Spec section 6: what each role and manager department sees.
const EXPECTED: Array<[AccountName, string[]]> = [
  ['superAdmin', EVERY_LINK],
  ['admin', without('Admins', 'Unions', 'Allocation', 'Audit Log', 'Record of Looks')],
  ['registrarManager', ['Dashboard', 'Registrars', 'New Registrar']],
  ['enforcerManager', ['Dashboard', 'Enforcers', 'New Enforcer', 'Flags']],
  ['remitterManager', ['Dashboard', 'Remitters', 'New Remitter', 'Tills', 'Approvals', 'Flags']],
  ['union', ['Dashboard']],
  ['user', ['Dashboard', 'Motorists', 'New Motorist']],
  ['registrar', ['Dashboard', 'Motorists', 'New Motorist']],
];

for (const [name, links] of EXPECTED) {
  test(`the sidebar as ${name} sees it`, async ({ page }) => {
    await signIn(page, ACCOUNTS[name]);
    await expect(sidebar(page).getByText('E-Ticketing', { exact: true })).toBeVisible();
    await expect(sidebarLinks(page)).toHaveText(links);
  });
}

test('every sidebar link opens its page', async ({ page }) => {
  await signIn(page, ACCOUNTS.superAdmin);
  const destinations: Array<[string, string, string]> = [
    ['Admins', '/admins', 'Admin'],
    ['Managers', '/managers', 'Manager'],
    ['New Manager', '/newmanager', 'New Manager'],
    ['Remitters', '/remitters', 'Remitter'],
    ['New Remitter', '/newremitter', 'New Remitter'],
    ['Enforcers', '/enforcers', 'Enforcer'],
    ['New Enforcer', '/newenforcer', 'New Enforcer'],
    ['Registrars', '/registrars', 'Registrar'],
    ['New Registrar', '/newregistrar', 'New Registrar'],
    ['Unions', '/unions', 'Union'],
    ['Motorists', '/motorists', 'Motorist'],
    ['New Motorist', '/newmotorist', 'New Motorist'],
    ['Penalty', '/penaltyHistory', 'Penalty History'],
    ['Create Penalty', '/penalty', 'Penalty'],
    ['Subscriptions', '/subscriptions', 'Subscription'],
    ['Scan Record', '/scan', 'Scan Record'],
    ['Transaction', '/transaction', 'Transaction'],
    ['Tills', '/tills', 'Tills'],
    ['Approvals', '/approvals', 'Approvals'],
    ['Flags', '/flags', 'Flags'],
    ['Disputes', '/disputes', 'Disputes'],
    ['Allocation', '/allocation', 'Allocation'],
    ['Books', '/books', 'Books'],
    ['Audit Log', '/audit-log', 'Audit Log'],
    ['Dashboard', '/', 'Dashboard'],
  ];
  for (const [label, path, title] of destinations) {
    await sidebar(page).getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(page).toHaveTitle(`e-Ticketing | ${title}`);
    await expect(sidebar(page).getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
  }
});

test('a page the role may not see sends it to the dashboard', async ({ page }) => {
  await signIn(page, ACCOUNTS.registrarManager);
  for (const path of ['/admins', '/motorists', '/allocation', '/newmanager']) {
    await page.goto(path);
    await expect(page).toHaveURL('/');
    await expect(page).toHaveTitle('e-Ticketing | Dashboard');
  }
  await page.goto('/registrars');
  await expect(page).toHaveURL('/registrars');
  await expect(page).toHaveTitle('e-Ticketing | Registrar');
});

// Issue 48: on a screen 768 px high (or wide) the sidebar was cut off before Audit Log, with no way to scroll to it.
for (const viewport of [
  { width: 1366, height: 768 },
  { width: 768, height: 768 },
]) {
  test(`the sidebar scrolls to its last link at ${viewport.width}×${viewport.height}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, ACCOUNTS.superAdmin);
    const auditLog = sidebar(page).getByRole('link', { name: 'Audit Log', exact: true });
    await expect(sidebar(page).getByRole('link', { name: 'Dashboard', exact: true })).toBeInViewport();
    // As a person would: the mouse wheel over the sidebar.
    await sidebar(page).getByRole('link', { name: 'Managers', exact: true }).hover();
    await page.mouse.wheel(0, 1500);
    await expect(auditLog).toBeInViewport({ ratio: 1 });
    await auditLog.click();
    await expect(page).toHaveURL('/audit-log');
  });
}
