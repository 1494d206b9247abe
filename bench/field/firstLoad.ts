// Issue 22: the JavaScript a fresh phone loads to show the sign-in screen, against 120 KB gzipped.
import { gzipSync } from 'node:zlib';
import type { Browser, Response } from '@playwright/test';
import { scriptsLoadedBy, type LoadedScript } from '../../apps/web/e2e/support/scriptWeight.ts';
import { newPhonePage } from './phone.ts';

export const FIRST_LOAD_JS_BUDGET_BYTES = 120 * 1024;

export interface FirstLoad {
  /** Every script the page fetched until the sign-in form showed and the network was idle. */
  scripts: LoadedScript[];
  /** Scripts the service worker fetched meanwhile (itself, then the precache), not needed to show the screen. */
  serviceWorkerScripts: { path: string; gzipBytes: number }[];
}

export async function measureFirstLoad(browser: Browser, baseUrl: string): Promise<FirstLoad> {
  const page = await newPhonePage(browser, baseUrl);
  const context = page.context();
  const fromWorker: Response[] = [];
  const collect = (response: Response) => {
    if (response.request().serviceWorker() && /\.js$/.test(new URL(response.url()).pathname)) fromWorker.push(response);
  };
  context.on('response', collect);
  try {
    const scripts = await scriptsLoadedBy(page, async () => {
      await page.goto('/field/');
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
    });
    await page.evaluate(() => navigator.serviceWorker.ready);
    const serviceWorkerScripts = await Promise.all(
      fromWorker.map(async (response) => ({ path: new URL(response.url()).pathname, gzipBytes: gzipSync(await response.body(), { level: 9 }).length })),
    );
    return { scripts, serviceWorkerScripts };
  } finally {
    context.off('response', collect);
    await context.close();
  }
}
