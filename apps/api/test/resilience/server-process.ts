/** The real server (apps/api/src/main.ts, run by tsx as `npm start` would run the build) as a child process. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const entry = path.join(repoRoot, 'apps/api/src/main.ts');

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Everything it printed, for the failure message. */
  output(): string;
  /** Resolves when the process has ended. */
  exited: Promise<void>;
}

/** Starts the server without waiting for it: `ready` resolves once it listens. */
export function launchServer(env: Record<string, string>, port: number): ServerProcess & { ready: Promise<void> } {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = (async () => {
    const deadline = Date.now() + 90_000;
    while (!printed.includes('E-Ticketing is running at')) {
      if (child.exitCode !== null) throw new Error(`The server stopped while starting (exit ${child.exitCode}):\n${printed}`);
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`The server did not start within 90 s:\n${printed}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return { child, baseUrl: `http://127.0.0.1:${port}`, output: () => printed, exited, ready };
}

export async function startServer(env: Record<string, string>, port: number): Promise<ServerProcess> {
  const server = launchServer(env, port);
  await server.ready;
  return server;
}

export async function killServer(server: ServerProcess, signal: NodeJS.Signals): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  await server.exited;
}
