import { fileURLToPath } from 'node:url';
import { defineConfig, type ReporterDescription } from '@playwright/test';
import { CHROMIUM_LAUNCH, VIEWPORT } from './e2e/support/chromium.ts';
import { BASE_URL, E2E_DATA_DIR, E2E_PORT } from './e2e/support/environment.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const jsonReport = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;
const reporter: ReporterDescription[] = [['list'], ...(jsonReport ? [['json', { outputFile: jsonReport }] as ReporterDescription] : [])];

export default defineConfig({
  testDir: 'e2e',
  // Per run, beside its data folder: several runs may share this working tree.
  outputDir: `${E2E_DATA_DIR}-results`,
  // Journeys share one server; each file works with accounts of its own where it changes state.
  workers: 2,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // A whole journey's budget: on a 2-core machine running two browsers and the server, the longest took
  // 30-45 s in CI on a quiet day and 58-66 s on a loaded one (load average 13), with no step hanging.
  // A hanging step still fails after 10 s, so the budget only has to cover a slow machine.
  timeout: 150_000,
  expect: { timeout: 10_000 },
  reporter,
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    viewport: VIEWPORT,
    // A failed journey keeps its trace with a DOM snapshot of every step, but no filmstrip: Chromium's
    // screencast for it took half the journeys' CPU (4 files: 126 s wall and 241 CPU-s with it, 81 s
    // and 147 CPU-s without). `screenshots: true` here brings it back (`--trace` changes only the mode).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
  webServer: {
    // The built server (npm test builds first), on a fresh data folder with the fixture accounts.
    command: 'node --import tsx scripts/e2e-server.mjs web',
    cwd: repoRoot,
    url: `${BASE_URL}/login`,
    reuseExistingServer: false,
    timeout: 120_000,
    // Lets scripts/e2e-server.mjs stop the server and remove its data folder.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    // APPROVALS empty: the journeys test the spec's direct actions; approvals.spec.ts starts a server of its own with them on.
    env: { DATA_DIR: E2E_DATA_DIR, PORT: String(E2E_PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', APPROVALS: '' },
  },
});
