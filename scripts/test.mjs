// npm test: type-checks, lints and builds the product (side by side), runs every unit and API test (PGlite,
// and PostgreSQL when TEST_DATABASE_URL is set) and the end-to-end journeys in Chromium. Stops at the
// first red step.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findChromium } from './chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reports = mkdtempSync(path.join(tmpdir(), 'eticket-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };

function fail(message) {
  console.error(`\n✗ ${message}`);
  console.log(`\nTests: ${totals.passed} passed, ${Math.max(totals.failed, 1)} failed`);
  process.exit(1);
}

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

/** Runs steps at the same time; each one's output is printed whole when it ends, so they do not interleave. */
async function runTogether(steps) {
  console.log(`\n▶ ${steps.map((step) => step.title).join(' and ')} (side by side)`);
  const results = await Promise.all(
    steps.map(
      ({ title, command, args }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { cwd: root, env: process.env });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (code) => {
            console.log(`\n▶ ${title} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
            process.stdout.write(Buffer.concat(output));
            resolve({ title, ok: code === 0 });
          });
        }),
    ),
  );
  return results.filter((result) => !result.ok).map((result) => result.title);
}

function checkPrerequisites() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) fail(`Node 20.19 or newer is needed; this is ${process.version}.`);
  const chromium = findChromium();
  if (!chromium) {
    fail(
      "No Chromium found for the browser tests. Install Debian's package (apt-get install chromium) " +
        'or set CHROMIUM_PATH to a Chromium or Chrome executable.',
    );
  }
  if (!process.env.TEST_DATABASE_URL) {
    console.log('Note: TEST_DATABASE_URL is not set, so the API tests run on PGlite only (not on a PostgreSQL server).');
  }
  return chromium;
}

function addVitestTotals(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}

function addPlaywrightTotals(file) {
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
}

const chromium = checkPrerequisites();

const failedFirst = await runTogether([
  { title: 'Type-check', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  { title: 'Lint (ESLint: boundaries, hooks; Prettier)', command: 'npm', args: ['run', '--silent', 'lint'] },
  { title: 'Build', command: 'npm', args: ['run', '--silent', 'build'] },
]);
if (failedFirst.length) fail(`${failedFirst.join(' and ')} failed.`);

const vitestReport = path.join(reports, 'vitest.json');
const unitOk = run('Unit and API tests (Vitest)', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]);
addVitestTotals(vitestReport);
if (!unitOk) fail('Unit or API tests failed.');

const playwrightReport = path.join(reports, 'playwright.json');
const e2eOk = run('End-to-end journeys (Playwright, Chromium)', 'npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts'], {
  CHROMIUM_PATH: chromium,
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
});
try {
  addPlaywrightTotals(playwrightReport);
} catch {
  if (!e2eOk) fail('End-to-end journeys failed before reporting.');
}
if (!e2eOk) fail('End-to-end journeys failed.');

const fieldReport = path.join(reports, 'playwright-field.json');
const fieldOk = run('Field app journeys (Playwright, Chromium, phone emulation)', 'npx', ['playwright', 'test', '-c', 'apps/field/playwright.config.ts'], {
  CHROMIUM_PATH: chromium,
  PLAYWRIGHT_JSON_OUTPUT_NAME: fieldReport,
});
try {
  addPlaywrightTotals(fieldReport);
} catch {
  if (!fieldOk) fail('Field app journeys failed before reporting.');
}
if (!fieldOk) fail('Field app journeys failed.');

console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
