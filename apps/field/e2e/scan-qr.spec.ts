import { chromium, expect, test } from '@playwright/test';
import { printedName } from '@eticket/contracts';
import { AGENTS, MOTORISTS, NEW_RIDER, PENDING_RIDER } from './support/fixtures.ts';
import { adminToken, recordsOf, signIn } from './support/session.ts';

test('an enforcer taps to scan, holds a QR code to the camera and the verdict fills the screen; the sticker still in view is one scan', async ({
  baseURL,
  contextOptions,
  request,
}, testInfo) => {
  // A browser whose camera shows the first motorist's QR code (playwright.config.ts wrote it).
  const launch = testInfo.project.use.launchOptions!;
  const browser = await chromium.launch({ ...launch, args: [...(launch.args ?? []), `--use-file-for-fake-video-capture=${process.env.FIELD_E2E_CAMERA}`] });
  try {
    const context = await browser.newContext({ ...contextOptions, ...testInfo.project.use, baseURL });
    const page = await context.newPage();
    const scansSent: string[] = [];
    page.on('request', (request) => request.url().endsWith('/api/field/scan') && scansSent.push(request.headers()['idempotency-key']));
    await signIn(page, AGENTS.enforcer.email);
    // After sign-in the camera waits for a tap.
    const camera = page.getByLabel('Camera');
    await expect(page.getByRole('button', { name: 'Scan QR code' })).toBeVisible();
    await expect(camera).toHaveCount(0);
    await page.getByRole('button', { name: 'Scan QR code' }).click();
    const verdict = page.getByRole('alert').filter({ hasText: 'EXPIRED' });
    await expect(verdict).toBeVisible({ timeout: 30_000 });
    await expect(verdict).toContainText(printedName(MOTORISTS[0].fullName));
    await expect(verdict).toContainText(MOTORISTS[0].plateNumber);
    await expect(verdict).toContainText('This scan added');
    await expect(verdict).toContainText('₦500.00');
    await expect(verdict).not.toContainText('Provisional');
    await expect(verdict).not.toContainText('Already scanned');
    // The date as the public check page gives it.
    const expiredSince = (await verdict.getByText('Expired since').locator('+ dd').textContent())!;
    expect(expiredSince).toMatch(/\d{4}$/);

    // After a verdict, too: the sticker still in front of the camera is not read again by itself.
    await page.getByRole('button', { name: 'Next scan' }).click();
    await expect(page.getByRole('button', { name: 'Scan QR code' })).toBeVisible();
    await expect(camera).toHaveCount(0);
    expect(scansSent).toHaveLength(1);
    // Tapped again within SCAN_REPEAT_MINUTES: the server answers the first scan and records nothing new.
    await page.getByRole('button', { name: 'Scan QR code' }).click();
    await expect(verdict).toContainText('Already scanned at', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Next scan' }).click();
    const token = await adminToken(request, AGENTS.admin.email);
    expect(await recordsOf(request, token, 'scan', MOTORISTS[0].userCode)).toBe(1);

    // A mistyped code is answered on the scan screen, in words, and is not left in the queue.
    await page.getByLabel('Unique ID or plate number').fill('NOB 0000 DY');
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(page.getByRole('alert')).toHaveText('No motorist has that plate or Unique ID');
    await expect(page.getByLabel('Unique ID or plate number')).toHaveValue('NOB 0000 DY');

    // A motorist waiting for approval, typed by plate: the verdict says the registration is pending.
    await page.getByLabel('Unique ID or plate number').fill(PENDING_RIDER.plateNumber.toLowerCase());
    await page.getByRole('button', { name: 'Check' }).click();
    const pending = page.getByRole('alert').filter({ hasText: 'Registration pending approval' });
    await expect(pending).toContainText(printedName(PENDING_RIDER.fullName));
    await expect(pending).toContainText(PENDING_RIDER.plateNumber);
    await page.getByRole('button', { name: 'Next scan' }).click();

    // Registered today and never paid: "not paid yet", not GRACE.
    await page.getByLabel('Unique ID or plate number').fill(NEW_RIDER.userCode);
    await page.getByRole('button', { name: 'Check' }).click();
    const unpaid = page.getByRole('alert').filter({ hasText: 'NOT PAID YET' });
    await expect(unpaid).toContainText(printedName(NEW_RIDER.fullName));
    await expect(unpaid).not.toContainText('GRACE');
    const graceUntil = (await unpaid.getByText('In grace until').locator('+ dd').textContent())!;
    await page.getByRole('button', { name: 'Next scan' }).click();

    const publicCheck = await context.newPage();
    await publicCheck.goto(`/v/${MOTORISTS[0].userCode}`);
    await expect(publicCheck.getByRole('status')).toHaveText(`Expired since ${expiredSince}`);
    await publicCheck.goto(`/v/${NEW_RIDER.userCode}`);
    await expect(publicCheck.getByRole('status')).toHaveText(`In grace until ${graceUntil}`);
    await publicCheck.close();

    // Each scan sent once: a sync run started meanwhile (background sync's wake-up, focus, Sync now)
    // leaves an item being sent alone.
    await page.getByRole('button', { name: /^Queue/ }).click();
    await expect(page.locator('li.item')).toHaveCount(4);
    await expect(page.locator('li.item[data-state="done"]')).toHaveCount(4);
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'recorded' })).toBeVisible();
    expect(scansSent).toEqual([...new Set(scansSent)]);
  } finally {
    await browser.close();
  }
});
