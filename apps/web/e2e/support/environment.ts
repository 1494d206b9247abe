import { tmpdir } from 'node:os';
import path from 'node:path';

// Read by the Playwright config and by every test worker alike, so these derive from the
// environment deterministically rather than being generated.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
/** Wiped and re-created by start-server.mjs at each run; holds the database and the mail outbox. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(tmpdir(), `eticket-e2e-${E2E_PORT}`);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
