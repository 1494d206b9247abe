import type { LaunchOptions } from '@playwright/test';

/** How the journeys (and `npm run bench:web`) start Debian's Chromium. */
export const CHROMIUM_LAUNCH: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    // A fake webcam, allowed without asking: the motorist form's selfie step uses it.
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
  ],
};

export const VIEWPORT = { width: 1366, height: 800 };
