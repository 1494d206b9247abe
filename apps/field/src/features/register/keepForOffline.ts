/** The cache the service worker serves the registration screen's code from (vite.config.ts, runtimeCaching). */
export const REGISTRATION_CODE_CACHE = 'field-registration-code';

/**
 * Keeps this script in the service worker's cache for the registration screen: it stays out of the
 * precache every agent downloads, and a registrar who opened it once online has it offline too, even
 * when the page was not yet controlled by the service worker when it loaded.
 */
export function keepForOffline(scriptUrl: string): void {
  if (!('caches' in window)) return;
  void caches
    .open(REGISTRATION_CODE_CACHE)
    .then(async (cache) => (await cache.match(scriptUrl)) ?? cache.add(scriptUrl))
    .catch(() => undefined); // offline, or storage refused: the service worker's own route keeps it when it can
}
