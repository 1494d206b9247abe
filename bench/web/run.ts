// npm run bench:web [-- --runs 5] [-- --reseed]: the console's figures of issue 6 (README, "Performance").
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../../apps/web/e2e/support/chromium.ts';
import { ensureServerBuilt } from '../shared/build.ts';
import { buildConsole } from './build.ts';
import { measureDashboard } from './dashboardLcp.ts';
import { copyOfDemoData } from './demoData.ts';
import { checkLazyRoutes } from './lazyRoutes.ts';
import { measureLoginScripts } from './loginWeight.ts';
import { report } from './report.ts';
import { startConsoleServer } from './server.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, reseed: { type: 'boolean', default: false } } });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of at least 1');

buildConsole();
ensureServerBuilt();
const lazy = checkLazyRoutes();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'eticket-bench-web-'));
const demo = copyOfDemoData(dataDir, { reseed: values.reseed });
const server = await startConsoleServer(dataDir);
const browser = await chromium.launch(CHROMIUM_LAUNCH);
try {
  console.log(`Measuring against ${server.baseUrl}…`);
  const loginScripts = await measureLoginScripts(browser, server.baseUrl);
  const { cold, warm } = await measureDashboard(browser, server.baseUrl, runs);
  report({ loginScripts, lazy, cold, warm, demo, chromiumVersion: browser.version() });
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
