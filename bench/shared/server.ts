import { spawn } from 'node:child_process';
import { REPO_ROOT } from './paths.ts';

export interface RunningServer {
  baseUrl: string;
  stop: () => Promise<void>;
}

/**
 * `node <args>` from the repository root, a script that ends up running the API server with `env`
 * on a free port (PORT=0); resolves with its address once the server says it listens.
 */
export function startServer(args: string[], env: Record<string, string>): Promise<RunningServer> {
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, DATABASE_URL: '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /running at http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port) resolve({ baseUrl: `http://127.0.0.1:${port}`, stop });
    });
    child.once('exit', (code) => reject(new Error(`the server stopped (exit ${code}) before listening:\n${output}`)));
  });
}
