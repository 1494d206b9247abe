import { configDefaults, defineConfig } from 'vitest/config';
import { i18nCatalogues } from './packages/i18n/src/vite.ts';

const apiProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    root: 'apps/api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, 'test/resilience/**'],
    env,
    // Migrates once per run (a template each test file's database is copied from; test/template-database.ts).
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

// API tests run on PGlite always, and again on PostgreSQL when TEST_DATABASE_URL is set.
const projects = [
  { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
  { test: { name: 'i18n', root: 'packages/i18n', include: ['src/**/*.test.ts'] } },
  { test: { name: 'web-unit', root: 'apps/web', include: ['src/**/*.test.ts'] } },
  // The generated maps under docs/ (npm run screens) against the code.
  { test: { name: 'scripts', root: 'scripts', include: ['**/*.test.mjs'] } },
  // The field app's code runs as in a browser tab: each file gets its own globals (IndexedDB, localStorage).
  // Its catalogues come through the build's plugin; each file starts in English (src/test-setup.ts).
  {
    plugins: [i18nCatalogues()],
    test: { name: 'field-unit', root: 'apps/field', include: ['src/**/*.test.ts'], isolate: true, setupFiles: ['src/test-setup.ts'] },
  },
  // The client against the real API (apps/api's test harness), so it needs the API's migrated template.
  {
    test: { name: 'client', root: 'packages/client', include: ['src/**/*.test.ts'], globalSetup: ['../../apps/api/test/global-setup.ts'], hookTimeout: 60_000 },
  },
  apiProject('api-pglite', { TEST_DB: 'pglite' }),
  ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', { TEST_DB: 'postgres' })] : []),
  // The real server process under load while it and a PostgreSQL of the test's own are killed and
  // restarted (needs initdb and pg_ctl; it fails saying so when they are missing). Once, not per
  // database, and after the other projects, so its load and theirs do not slow each other.
  {
    test: {
      name: 'api-resilience',
      root: 'apps/api',
      include: ['test/resilience/**/*.test.ts'],
      testTimeout: 90_000,
      hookTimeout: 120_000,
      sequence: { groupOrder: 1 },
    },
  },
];

export default defineConfig({
  test: {
    projects,
    // Vitest's default is one worker fewer than the cores, so one file at a time on a 2-core machine.
    // Much of an API test's time is waiting on its database (PostgreSQL runs in its own processes),
    // so three files at a time keep both cores busy: see the figures in the commit that set this.
    maxWorkers: 3,
    // Every worker is kept for the whole run: with fewer, idle workers are stopped and started again,
    // and tinypool can then stop one still running a file ("Terminating worker thread").
    minWorkers: 3,
    // Test files share a worker's loaded modules instead of each importing the server afresh (about
    // 3.7 s a file on a slow machine): the API tests on PGlite took 332 s instead of 617 s. Each file
    // still has its own database and app; nothing in the server keeps state between apps.
    isolate: false,
  },
});
