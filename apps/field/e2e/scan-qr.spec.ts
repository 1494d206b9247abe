import { chromium, expect, test } from '@playwright/test';
import { AGENTS, MOTORISTS } from './support/fixtures.ts';
import { signIn } from './support/session.ts';

test('an enforcer holds a QR code to the camera and the verdict fills the screen', async ({ baseURL, contextOptions }, testInfo) => {
  // A browser whose camera shows the first motorist's QR code (playwright.config.ts wrote it).
  const launch = testInfo.project.use.launchOptions!;
  const browser = await chromium.launch({ ...launch, args: [...(launch.args ?? []), `--use-file-for-fake-video-capture=${process.env.FIELD_E2E_CAMERA}`] });
  try {
    const context = await browser.newContext({ ...contextOptions, ...testInfo.project.use, baseURL });
    const page = await context.newPage();
    const scansSent: string[] = [];
    page.on('request', (request) => request.url().endsWith('/api/field/scan') && scansSent.push(request.headers()['idempotency-key']));
    await signIn(page, AGENTS.enforcer.email);
    const verdict = page.getByRole('alert').filter({ hasText: 'EXPIRED' });
    await expect(verdict).toBeVisible({ timeout: 30_000 });
    await expect(verdict).toContainText(MOTORISTS[0].fullName);
    await expect(verdict).toContainText(MOTORISTS[0].plateNumber);
    await expect(verdict).toContainText('This scan added');
    await expect(verdict).toContainText('₦500.00');
    await expect(verdict).not.toContainText('Provisional');
    // Each scan sent once: a sync run started meanwhile (background sync's wake-up, focus, Sync now)
    // leaves an item being sent alone.
    await page.getByRole('button', { name: 'Next scan' }).click();
    await page.getByRole('button', { name: /^Queue/ }).click();
    await expect(page.locator('li.item').last()).toHaveAttribute('data-state', 'done');
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'recorded' })).toBeVisible();
    expect(scansSent.length).toBeGreaterThan(0);
    expect(scansSent).toEqual([...new Set(scansSent)]);
  } finally {
    await browser.close();
  }
});
