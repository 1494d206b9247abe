import type { CDPSession, Page } from '@playwright/test';

/** Chrome DevTools' "Fast 3G". */
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375, connectionType: 'cellular3g' } as const;

/** A mid-range Android phone on a slow network: 4× CPU slowdown and Fast 3G (notes/browser-testing.md), with its offline spells. */
export async function emulatePhone(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  return {
    // Both sessions' emulations apply: the page's fetches follow this one, the service worker's Playwright's.
    offline: async () => {
      await cdp.send('Network.emulateNetworkConditions', { ...FAST_3G, offline: true });
      await page.context().setOffline(true);
    },
    // The page's network first: the 'online' event Playwright's switch fires starts a sync at once.
    online: async () => {
      await cdp.send('Network.emulateNetworkConditions', FAST_3G);
      await page.context().setOffline(false);
    },
  };
}
