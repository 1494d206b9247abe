import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A port free right now, found synchronously (config files cannot await). */
function freePort(): string {
  const probe = "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }).trim();
}

// Chosen once, when the Playwright runner loads its config; test workers inherit process.env, so
// they see the same values. A port and folder of its own per run lets several runs share a machine.
process.env.E2E_PORT ??= freePort();
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'eticket-e2e-'));

export const E2E_PORT = Number(process.env.E2E_PORT);
/** Wiped and re-seeded by scripts/e2e-server.mjs; holds the database and the mail outbox. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR;
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
