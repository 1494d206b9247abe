import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
/** Kept between runs (gitignored): builds and seeded data of the browser benches. */
export const CACHE_DIR = path.join(REPO_ROOT, 'bench/.cache');
