import { expect, test, type Locator, type Page } from '@playwright/test';
import { personName } from '@eticket/contracts';
import { readFileSync } from 'node:fs';
import { ACCOUNTS } from './fixtures/accounts.ts';
import { readCsvDownload } from './support/csv.ts';
import { dialog, FIXTURE_IMAGES, rowAction, rowOf, search, sessionToken, uniquePhone, uniqueSuffix } from './support/people.ts';
import { signIn } from './support/signIn.ts';

// Creation dates are Lagos days: the browser's calendar must agree.
test.use({ timezoneId: 'Africa/Lagos' });

const MOTORIST_HEADER = ['Full Name', 'Unique ID', 'Plate Number', 'Phone', 'Email', 'Last Login', 'Added By', 'Status'];

/** Registers a motorist through the API (the journey under test is the export, not the form). */
async function registerMotorist(page: Page, token: string, fullName: string, tag: string) {
  const reply = await page.request.post('/api/motorist/register', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      fullName,
      email: `${uniqueSuffix()}.${tag}@example.com`,
      password: 'Motorist-Pass-1',
      phone: uniquePhone(),
      dob: '1985-01-31',
      address: '5 Marina, Lagos',
      route: 'Lekki - Ajah',
      plateNumber: `EXP ${uniqueSuffix().slice(-7)}`,
      vehicleType: 'bus',
      privacyNoticeGiven: 'true',
      front: { name: 'front.png', mimeType: 'image/png', buffer: readFileSync(FIXTURE_IMAGES.png) },
    },
  });
  expect(reply.status(), await reply.text()).toBe(201);
}

/**
 * Picks a choice of the Filter modal and waits for it to show as picked. The list writes its filters
 * to the address in a transition; check() reads the radio back at once, and on a loaded machine once
 * found the old choice still shown (CI, 2026-11-26).
 */
async function choose(filter: Locator, group: 'Status' | 'Activities', choice: string) {
  const radio = filter.getByRole('radiogroup', { name: group }).getByRole('radio', { name: choice });
  await radio.click();
  await expect(radio).toBeChecked();
}

async function download(page: Page) {
  await page.getByRole('button', { name: 'Filter' }).click();
  const modal = dialog(page, 'Filter');
  const started = page.waitForEvent('download');
  await modal.getByRole('button', { name: /^Download/ }).click();
  const file = await readCsvDownload(await started);
  await modal.getByRole('button', { name: 'Done' }).click();
  return file;
}

test('exports the whole filtered motorist list as tableData.csv, not only the page', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, ACCOUNTS.superAdmin);
  const token = await sessionToken(page);
  const tag = `csv${uniqueSuffix()}`;
  // Seven match the search; the table shows five a page. Oldest first: the last three are on page 1.
  const names = [1, 2, 3, 4].map((n) => `older ${n} ${tag}`).concat([`ada ${tag}`, `bola, jr ${tag}`, `=1+2 ${tag}`]);
  for (const name of names) await registerMotorist(page, token, name, tag);

  await page.goto('/motorists');
  await search(page, tag);
  const table = page.getByRole('table', { name: 'Motorist list' });
  await page.getByLabel('Rows per page').selectOption('5');
  await expect(table.getByRole('row')).toHaveCount(6);
  await expect(page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: /^Page / })).toHaveText(['1', '2']);

  // The whole filtered list, newest first, streamed by the server: one column per header (Actions
  // is not data), quoted where needed, formulas neutralised.
  const all = await download(page);
  expect(all.fileName).toBe('tableData.csv');
  expect(all.header).toEqual(MOTORIST_HEADER);
  // Names read capitalised, as on the screen (issue 26).
  expect(all.rows.map((row) => row['Full Name'])).toEqual(names.map((name) => personName(name.startsWith('=') ? `'${name}` : name)).reverse());
  for (const row of all.rows) {
    expect(row['Unique ID']).toMatch(/^[a-z0-9]{8,}$/);
    expect(row['Added By']).toBe('Super Admin');
    expect(row.Status).toBe('Pending');
    expect(row['Last Login']).toBe('N/A');
  }

  // Ticked rows only.
  await table.getByRole('checkbox', { name: `Select ada ${tag}` }).check();
  await expect(page.getByRole('checkbox', { name: 'Select all rows' })).toHaveJSProperty('indeterminate', true);
  const ticked = await download(page);
  expect(ticked.rows.map((row) => row['Full Name'])).toEqual([personName(`ada ${tag}`)]);
  await page.getByRole('checkbox', { name: 'Select all rows' }).click();
  await page.getByRole('checkbox', { name: 'Select all rows' }).click();
  await expect(table.getByRole('checkbox', { checked: true })).toHaveCount(0);

  await page.getByLabel('Rows per page').selectOption('20');
  await expect(table.getByRole('row')).toHaveCount(8);

  // The Status filter replaces the search with the status: approve one, then list the approved.
  await rowAction(page, `ada ${tag}`, 'Approve');
  await expect(rowOf(page, `ada ${tag}`)).toContainText('Approved by Super Admin');
  await page.getByRole('button', { name: 'Filter' }).click();
  const filter = dialog(page, 'Filter');
  await choose(filter, 'Status', 'Approved');
  await filter.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue('approved');
  await expect(rowOf(page, `ada ${tag}`)).toBeVisible();
  const approved = await download(page);
  expect(approved.rows.map((row) => row['Full Name'])).toContain(personName(`ada ${tag}`));
  expect(approved.rows.map((row) => row['Full Name'])).not.toContain(personName(`bola, jr ${tag}`));
  for (const row of approved.rows) expect(row.Status).toMatch(/^Approved by /);

  // Activities: nobody just registered is online; the Status filter's All cleared the search.
  await page.getByRole('button', { name: 'Filter' }).click();
  await choose(filter, 'Status', 'All');
  await choose(filter, 'Activities', 'Online');
  await filter.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue('');
  await search(page, tag);
  await expect(table.getByText('No data available')).toBeVisible();
  await page.getByRole('button', { name: 'Filter' }).click();
  await filter.getByRole('button', { name: 'Download' }).click();
  await expect(page.getByText('No data available to export.')).toBeVisible();
  await choose(filter, 'Activities', 'Offline');
  await filter.getByRole('button', { name: 'Done' }).click();
  await expect(table.getByRole('row')).toHaveCount(8);
  const offline = await download(page);
  expect(offline.rows).toHaveLength(names.length);
});

test('filters by creation date with Apply, and pages with 5 rows per page', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, ACCOUNTS.superAdmin);
  const token = await sessionToken(page);
  const tag = `page${uniqueSuffix()}`;
  for (let n = 1; n <= 6; n += 1) await registerMotorist(page, token, `motorist ${n} ${tag}`, tag);

  await page.goto('/motorists');
  await search(page, tag);
  const table = page.getByRole('table', { name: 'Motorist list' });
  await expect(table.getByRole('row')).toHaveCount(7);
  await expect(page.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);

  await page.getByLabel('Rows per page').selectOption('5');
  await expect(table.getByRole('row')).toHaveCount(6);
  const pager = page.getByRole('navigation', { name: 'Pages' });
  await expect(pager.getByRole('button', { name: /^Page / })).toHaveText(['1', '2']);
  await pager.getByRole('button', { name: 'Page 2' }).click();
  await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(table.getByRole('row')).toHaveCount(2);

  // Today, then a range long past: Apply filters, and goes back to the first page.
  // Lagos is UTC+1 all year: its calendar day, read with the UTC getters.
  const lagosNow = new Date(Date.now() + 60 * 60 * 1000);
  const today = new Date(lagosNow.getUTCFullYear(), lagosNow.getUTCMonth(), lagosNow.getUTCDate());
  const dayLabel = (date: Date) => `${date.getDate()} ${date.toLocaleString('en-GB', { month: 'long' })} ${date.getFullYear()}`;
  await page.getByRole('button', { name: 'Date range' }).click();
  await page.getByRole('button', { name: dayLabel(today), exact: true }).click();
  await page.getByRole('button', { name: dayLabel(today), exact: true }).click();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(table.getByRole('row')).toHaveCount(6);
  await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

  await page.getByRole('button', { name: 'Date range' }).click();
  await page.getByRole('button', { name: 'Previous month' }).click();
  const lastMonth = new Date(today.getFullYear(), today.getMonth() - 1, 1);
  await page.getByRole('button', { name: dayLabel(lastMonth), exact: true }).click();
  await page.getByRole('button', { name: dayLabel(new Date(lastMonth.getFullYear(), lastMonth.getMonth(), 2)), exact: true }).click();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(table.getByText('No data available')).toBeVisible();
  await expect(pager).toHaveCount(0);
});
