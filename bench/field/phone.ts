// A phone as the field journeys emulate one (playwright.config.ts: Pixel 7, service workers on),
// signed in as an agent, and the slow phone on a slow network the speed targets are measured on.
import { devices, type Browser, type CDPSession, type Page } from '@playwright/test';
import { controlledByServiceWorker, signIn } from '../../apps/field/e2e/support/session.ts';

/**
 * DevTools' 'Fast 3G' preset as DevTools applies it: 150 ms × 3.75 latency, 1.6 Mbps down and
 * 750 kbps up × 0.9, in bytes per second.
 */
export const FAST_3G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
  connectionType: 'cellular3g',
} as const;
export const CPU_SLOWDOWN = 4;

export async function newPhonePage(browser: Browser, baseUrl: string): Promise<Page> {
  const context = await browser.newContext({ ...devices['Pixel 7'], baseURL: baseUrl, serviceWorkers: 'allow' });
  // tsx keeps function names with an `__name` helper; functions this bench runs in the page call it.
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  return context.newPage();
}

/** Signed in, the app shell cached by the service worker (as on a phone used the day before). */
export async function signedInPhone(browser: Browser, baseUrl: string, email: string): Promise<Page> {
  const page = await newPhonePage(browser, baseUrl);
  await signIn(page, email);
  await controlledByServiceWorker(page);
  return page;
}

/**
 * CPU slowed 4× and the network at Fast 3G for this page (the settings outlive reloads). Chromium
 * slows the page's main thread only: it refuses CPU throttling for workers (the QR decoder's).
 */
export async function slowDown(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await slowCpu(cdp);
  await slowNetwork(cdp);
  return cdp;
}

export const slowCpu = (cdp: CDPSession) => cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

/** Fast 3G, or no network (the page sees `offline`, then `online` when this is called again without it). */
export async function slowNetwork(cdp: CDPSession, offline = false): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { ...FAST_3G, offline });
}

/** The agent's session token, as the app keeps it, for asking the server what it recorded. */
export const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('fieldToken') ?? '');
