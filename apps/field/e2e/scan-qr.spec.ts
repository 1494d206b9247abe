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
    await signIn(page, AGENTS.enforcer.email);
    const verdict = page.getByRole('alert').filter({ hasText: 'EXPIRED' });
    await expect(verdict).toBeVisible({ timeout: 30_000 });
    await expect(verdict).toContainText(MOTORISTS[0].fullName);
    await expect(verdict).toContainText(MOTORISTS[0].plateNumber);
    await expect(verdict).toContainText('This scan added');
    await expect(verdict).toContainText('₦500.00');
    await expect(verdict).not.toContainText('Provisional');
  } finally {
    await browser.close();
  }
});
