import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
/** Kept between runs (gitignored): the seeded demo data. */
export const CACHE_DIR = path.join(REPO_ROOT, 'bench/.cache');
export const RESULTS_FILE = path.join(REPO_ROOT, 'bench/web-results.md');

/** The super-admin the demo seed creates for the bench. */
export const BENCH_ADMIN = { email: 'bench-admin@eticketing.local', password: 'bench-pass-2026' } as const;
