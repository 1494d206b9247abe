import { defineConfig } from 'vitest/config';

const apiProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    root: 'apps/api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

// API tests run on PGlite always, and again on PostgreSQL when TEST_DATABASE_URL is set.
const projects = [
  { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
  { test: { name: 'web-unit', root: 'apps/web', include: ['src/**/*.test.ts'] } },
  apiProject('api-pglite', { TEST_DB: 'pglite' }),
  ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', { TEST_DB: 'postgres' })] : []),
];

export default defineConfig({ test: { projects } });
