// npm run bench:field [-- --scans 20 --items 200 --only sync]: the field app's speed figures of issues 22
// and 49 (--only sync: the first load and the queue's sync, without the scan latencies; --postgres URL:
// the server on that PostgreSQL database, dropped and made again, as a deployment runs it, not PGlite).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { writeQrVideo } from '../../apps/field/e2e/support/fakeCamera.ts';
import { MOTORISTS } from '../../apps/field/e2e/support/fixtures.ts';
import { CHROMIUM_LAUNCH } from '../../apps/web/e2e/support/chromium.ts';
import { buildProduct } from './build.ts';
import { measureFirstLoad } from './firstLoad.ts';
import { measureLanguageSwitches } from './languageSwitch.ts';
import { report } from './report.ts';
import { measureQrScans, measureTypedScans } from './scanLatency.ts';
import { startFieldServer } from './server.ts';
import { measurePaymentSync, measureScanSync } from './syncQueue.ts';

const { values } = parseArgs({
  options: { scans: { type: 'string', default: '20' }, items: { type: 'string', default: '200' }, only: { type: 'string' }, postgres: { type: 'string' } },
});
const [scans, items] = [Number(values.scans), Number(values.items)];
if (values.only !== undefined && values.only !== 'sync') throw new Error('--only takes sync');
const scanning = values.only !== 'sync';
if (![scans, items].every((count) => Number.isInteger(count) && count >= 1)) throw new Error('--scans and --items take a whole number of at least 1');

buildProduct();
const workDir = mkdtempSync(path.join(os.tmpdir(), 'eticket-bench-field-'));
const camera = path.join(workDir, 'qr.y4m');
writeQrVideo(camera, `https://eticket.example/v/${MOTORISTS[0].userCode}`);
const server = await startFieldServer(workDir, values.postgres);
const browser = await chromium.launch(CHROMIUM_LAUNCH);
const cameraBrowser = await chromium.launch({ ...CHROMIUM_LAUNCH, args: [...(CHROMIUM_LAUNCH.args ?? []), `--use-file-for-fake-video-capture=${camera}`] });
try {
  console.log(`Measuring against ${server.baseUrl}…`);
  const firstLoad = await measureFirstLoad(browser, server.baseUrl);
  console.log('Switching languages on the throttled phone…');
  const languageSwitches = await measureLanguageSwitches(browser, server.baseUrl);
  if (scanning) console.log(`Scanning typed Unique IDs ${scans} times…`);
  const typed = scanning ? await measureTypedScans(browser, server.baseUrl, scans) : [];
  if (scanning) console.log(`Scanning a QR code ${scans} times…`);
  const qr = scanning ? await measureQrScans(cameraBrowser, server.baseUrl, scans) : [];
  console.log(`Queueing ${items} scans offline, then syncing…`);
  const scanSync = await measureScanSync(browser, server.baseUrl, items);
  console.log(`Queueing ${items} payments offline, then syncing…`);
  const paymentSync = await measurePaymentSync(browser, server.baseUrl, items);
  report({
    firstLoad,
    languageSwitches,
    typed,
    qr,
    syncs: [scanSync, paymentSync],
    chromiumVersion: browser.version(),
    database: values.postgres ? 'PostgreSQL' : 'PGlite',
  });
} finally {
  await Promise.all([browser.close(), cameraBrowser.close()]);
  await server.stop();
  rmSync(workDir, { recursive: true, force: true });
}
