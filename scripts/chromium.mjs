// Finds the Chromium the browser tests drive (Debian's package, or CHROMIUM_PATH).
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

export function findChromium() {
  if (process.env.CHROMIUM_PATH) return existsSync(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : null;
  return CANDIDATES.find((candidate) => existsSync(candidate)) ?? null;
}
