import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS } from './fixtures/accounts.ts';
import { ensurePlan, setPenalty } from './support/allocation.ts';
import { signIn } from './support/signIn.ts';
import { apiToken, fieldScan, payPenalty, paySubscription, registerApprovedMotorist } from './support/tickets.ts';
import { approveClose, closeTill } from './support/tills.ts';

// Issue 26: at common office-laptop sizes the motorist list's Actions and the dates of Scan Record and
// Transaction History were cut off. Actions stays in view (sticky); dates are compact; long text is cut
// with the whole on hover.

/** The right edge of the table's visible area. */
const visibleRight = (page: Page, label: string) =>
  page.getByRole('table', { name: label }).evaluate((table) => {
    const scroller = table.closest('.mantine-ScrollArea-viewport, [class*="ScrollContainer"]') ?? table.parentElement!;
    return Math.min(scroller.getBoundingClientRect().right, window.innerWidth);
  });

// A motorist with a long name, scanned and paid for (a subscription and a penalty), so every list has a row to measure.
test.beforeAll(async ({ request }) => {
  const staff = await apiToken(request, ACCOUNTS.superAdmin);
  const plan = await ensurePlan(request, staff, 'bike', '6 months', 6000);
  const motorist = await registerApprovedMotorist(request, staff, {
    fullName: 'Oluwaseyifunmi Adebayo-Okonkwo Chukwuemeka Table',
    vehicleType: 'bike',
    plan: '6 months',
  });
  await fieldScan(request, await apiToken(request, ACCOUNTS.enforcer), motorist.userCode);
  await paySubscription(request, await apiToken(request, ACCOUNTS.remitter), {
    userCode: motorist.userCode,
    subscriptionId: plan.id,
    modeOfPayment: 'transfer',
    bankName: 'First Bank of Nigeria',
  });
  await setPenalty(request, staff, motorist.id, 500);
  await payPenalty(request, await apiToken(request, ACCOUNTS.remitter), { userCode: motorist.userCode, amount: 100, modeOfPayment: 'cash' });
  // A till closed short and approved with a long reason: every column of the Tills lists filled (issue 42).
  const fitRemitter = await apiToken(request, ACCOUNTS.fitRemitter);
  await paySubscription(request, fitRemitter, { userCode: motorist.userCode, subscriptionId: plan.id, modeOfPayment: 'cash' });
  const close = await closeTill(request, fitRemitter, 5000.5);
  await approveClose(request, staff, close.data.id, 'Counted with the remitter and the supervisor at the close of the day; the rest is owed');
});

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('the motorist list keeps every row’s Actions in view', async ({ page }) => {
      await signIn(page, ACCOUNTS.superAdmin);
      await page.goto('/motorists');
      const table = page.getByRole('table', { name: /motorist/i });
      await expect(table.getByRole('row').nth(1)).toBeVisible();
      const label = (await table.getAttribute('aria-label'))!;
      const right = await visibleRight(page, label);
      const actions = table.getByRole('row').nth(1).getByRole('cell').last();
      const box = (await actions.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(right + 1);
      await expect(actions.getByRole('button').first()).toBeInViewport();
    });

    for (const [path, label, dateHeader] of [
      ['/scan', 'Scan Record', 'Scanned Date'],
      ['/transaction', 'Transaction History', 'Created At'],
    ] as const) {
      test(`${label}'s ${dateHeader} is whole and in view`, async ({ page }) => {
        await signIn(page, ACCOUNTS.superAdmin);
        await page.goto(path);
        const table = page.getByRole('table', { name: label });
        const row = table.getByRole('row').nth(1);
        await expect(row).toBeVisible();
        const headers = await table.getByRole('columnheader').allTextContents();
        const cell = row.getByRole('cell').nth(headers.indexOf(dateHeader));
        await expect(cell).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
        const box = (await cell.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual((await visibleRight(page, label)) + 1);
      });
    }

    // Issue 42: the Tills page's closes, the widest of its lists.
    test('the till history keeps its Decision out from under the Actions', async ({ page }) => {
      await signIn(page, ACCOUNTS.superAdmin);
      await page.goto('/tills?tab=history');
      const label = 'Till history';
      const table = page.getByRole('table', { name: label });
      const row = table.getByRole('row').filter({ hasText: 'Fit-Remitter' }).first();
      await expect(row).toBeVisible();
      const headers = await table.getByRole('columnheader').allTextContents();
      expect(headers.at(-2)).toBe('Decision');
      const reason = (await row.getByRole('cell').nth(headers.indexOf('Decision')).boundingBox())!;
      const actions = row.getByRole('cell').last();
      const actionsBox = (await actions.boundingBox())!;
      expect(reason.x + reason.width).toBeLessThanOrEqual(actionsBox.x + 1);
      expect(actionsBox.x + actionsBox.width).toBeLessThanOrEqual((await visibleRight(page, label)) + 1);
      await expect(actions.getByRole('button')).toBeInViewport();
    });

    // Issue 48: at 1366 px the Receipt No column lay under the sticky Actions column.
    for (const [path, label] of [
      ['/transaction', 'Transaction History'],
      ['/penaltyHistory', 'Penalty Payment History'],
    ] as const) {
      test(`${label}'s Receipt No is whole and not under the Actions column`, async ({ page }) => {
        await signIn(page, ACCOUNTS.superAdmin);
        await page.goto(path);
        const table = page.getByRole('table', { name: label });
        const row = table.getByRole('row').nth(1);
        await expect(row).toBeVisible();
        const headers = await table.getByRole('columnheader').allTextContents();
        expect(headers.at(-2)).toBe('Receipt No');
        const receiptCell = row.getByRole('cell').nth(headers.indexOf('Receipt No'));
        await expect(receiptCell).toHaveText(/^[SP][0-9A-Z]{3}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
        // The number itself (not the cell's padding) clear of the sticky Actions, both read in one frame,
        // until the list has settled (other journeys add rows meanwhile).
        const overlap = () =>
          row.evaluate((tr) => {
            const cells = tr.querySelectorAll('td');
            const receipt = (cells[cells.length - 2]!.firstElementChild ?? cells[cells.length - 2]!).getBoundingClientRect();
            return receipt.right - cells[cells.length - 1]!.getBoundingClientRect().left;
          });
        await expect.poll(overlap).toBeLessThanOrEqual(1);
        const receipt = (await receiptCell.boundingBox())!;
        expect(receipt.x + receipt.width).toBeLessThanOrEqual((await visibleRight(page, label)) + 1);
      });
    }
  });
}
