import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS } from './fixtures/accounts.ts';
import { search, uniqueSuffix } from './support/people.ts';
import { signIn } from './support/signIn.ts';
import { apiToken, registerApprovedMotorist } from './support/tickets.ts';

// Issue 21: a list's page, page size and search live in the page address. This file owns the
// motorists it registers ('Lia Listwalker <tag> …') and changes nothing else.

const rows = (page: Page) => page.getByRole('table', { name: 'Motorist list' }).getByRole('row');
const currentPage = (page: Page) => page.getByRole('navigation', { name: 'Pages' }).locator('[aria-current="page"]');

async function expectSecondPageOf(page: Page, tag: string) {
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue(tag);
  await expect(page.getByLabel('Rows per page')).toHaveValue('5');
  await expect(currentPage(page)).toHaveText('2');
  await expect(rows(page)).toHaveCount(2); // the header and the sixth motorist
}

test('a list keeps its page, size and search through a refresh, Back and a shared link', async ({ page, request, browser }) => {
  const tag = uniqueSuffix();
  const token = await apiToken(request, ACCOUNTS.admin);
  for (let n = 1; n <= 6; n += 1)
    await registerApprovedMotorist(request, token, { fullName: `lia listwalker ${tag} ${n}`, vehicleType: 'bike', plan: 'daily' });

  await signIn(page, ACCOUNTS.admin);
  await page.goto('/motorists');
  await search(page, tag);
  await expect(page).toHaveURL(new RegExp(`[?&]search=${tag}`));
  await page.getByLabel('Rows per page').selectOption('5');
  await expect(rows(page)).toHaveCount(6);
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expectSecondPageOf(page, tag);

  await page.reload();
  await expectSecondPageOf(page, tag);

  // To a motorist's details and Back: the same page of the same list.
  const listUrl = page.url();
  await rows(page).nth(1).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/details$/);
  await page.goBack();
  await expect(page).toHaveURL(listUrl);
  await expectSecondPageOf(page, tag);

  // Back again: the first page, as it was before page 2 was chosen.
  await page.goBack();
  await expect(currentPage(page)).toHaveText('1');
  await expect(rows(page)).toHaveCount(6);

  // The link, opened by someone else who is signed in.
  const colleague = await browser.newPage();
  await signIn(colleague, ACCOUNTS.superAdmin);
  await colleague.goto(listUrl);
  await expectSecondPageOf(colleague, tag);
  await colleague.close();
});
