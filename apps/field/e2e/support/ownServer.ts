import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));

function freePort(): Promise<string> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(String(port)));
    });
  });
}

/**
 * A server of the journeys' own (scripts/e2e-server.mjs field, the same accounts) with settings of its own, such as
 * a short JWT_TTL_SECONDS, so one journey can change them without touching the shared server.
 */
export async function startOwnServer(env: Record<string, string>): Promise<{ baseURL: string; dataDir: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const folder = mkdtempSync(path.join(tmpdir(), 'eticket-field-own-'));
  const dataDir = path.join(folder, 'data');
  const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/e2e-server.mjs', 'field'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, ...env, DATA_DIR: dataDir, PORT: port, HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const baseURL = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); ;) {
    if (server.exitCode !== null) throw new Error(`The journey's own server stopped (exit ${server.exitCode})`);
    if (
      await fetch(`${baseURL}/field/`).then(
        (reply) => reply.ok,
        () => false,
      )
    )
      break;
    if (Date.now() - started > 120_000) throw new Error("The journey's own server did not start within 120 s");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    baseURL,
    dataDir,
    stop: async () => {
      server.kill('SIGTERM');
      await exited;
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
