import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices, type ReporterDescription } from '@playwright/test';
import { writeQrVideo } from './e2e/support/fakeCamera.ts';
import { MOTORISTS } from './e2e/support/fixtures.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const freePort = () =>
  execFileSync(process.execPath, ['-e', "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"], {
    encoding: 'utf8',
  }).trim();

// Chosen once when the runner loads this file; workers inherit them through the environment.
process.env.FIELD_E2E_PORT ??= freePort();
process.env.FIELD_E2E_DIR ??= mkdtempSync(path.join(tmpdir(), 'eticket-field-e2e-'));
const dataDir = path.join(process.env.FIELD_E2E_DIR, 'data');
// The QR a motorist's sticker carries (the public check's URL of the first fixture motorist), for the
// journey that launches a browser with it as its camera (the others' fake camera shows no code).
process.env.FIELD_E2E_CAMERA = path.join(process.env.FIELD_E2E_DIR, 'qr.y4m');
writeQrVideo(process.env.FIELD_E2E_CAMERA, `https://eticket.example/v/${MOTORISTS[0].userCode}`);

const jsonReport = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;
const reporter: ReporterDescription[] = [['list'], ...(jsonReport ? [['json', { outputFile: jsonReport }] as ReporterDescription] : [])];

export default defineConfig({
  testDir: 'e2e',
  outputDir: `${process.env.FIELD_E2E_DIR}/results`,
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 150_000,
  expect: { timeout: 15_000 },
  reporter,
  use: {
    ...devices['Pixel 7'],
    baseURL: `http://127.0.0.1:${process.env.FIELD_E2E_PORT}`,
    browserName: 'chromium',
    // A failed journey keeps its trace with a DOM snapshot of every step, but no filmstrip: Chromium's
    // screencast for it took half the journeys' CPU (4 files: 126 s wall and 241 CPU-s with it, 81 s
    // and 147 CPU-s without). `screenshots: true` here brings it back (`--trace` changes only the mode).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    serviceWorkers: 'allow',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
      ],
    },
  },
  webServer: {
    command: 'node --import tsx scripts/e2e-server.mjs field',
    cwd: repoRoot,
    url: `http://127.0.0.1:${process.env.FIELD_E2E_PORT}/field/`,
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: { DATA_DIR: dataDir, PORT: process.env.FIELD_E2E_PORT, HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
  },
});
