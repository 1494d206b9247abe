import path from 'node:path';
import { REPO_ROOT } from '../shared/paths.ts';

export const RESULTS_FILE = path.join(REPO_ROOT, 'bench/web-results.md');

/** The super-admin the demo seed creates for the bench. */
export const BENCH_ADMIN = { email: 'bench-admin@eticketing.local', password: 'bench-pass-2026' } as const;
