import type { Browser } from '@playwright/test';
import { VIEWPORT } from '../../apps/web/e2e/support/chromium.ts';
import { scriptsLoadedBy, type LoadedScript } from '../../apps/web/e2e/support/scriptWeight.ts';

/** Every JavaScript file a fresh browser fetches for /login (as the e2e guard login-weight.spec.ts counts them). */
export async function measureLoginScripts(browser: Browser, baseUrl: string): Promise<LoadedScript[]> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORT });
  const page = await context.newPage();
  try {
    return await scriptsLoadedBy(page, async () => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Login' }).waitFor();
    });
  } finally {
    await context.close();
  }
}
