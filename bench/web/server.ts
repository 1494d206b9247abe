import { spawn } from 'node:child_process';
import { BENCH_ADMIN, REPO_ROOT } from './paths.ts';
import { SERVER_ENTRY, WEB_DIST } from './build.ts';

export interface RunningServer {
  baseUrl: string;
  stop: () => Promise<void>;
}

/** The real server (`node apps/api/dist/main.js`) on `dataDir`, on a free port; resolves once it listens. */
export function startServer(dataDir: string, webDist = WEB_DIST): Promise<RunningServer> {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIST: webDist,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_ADMIN_EMAIL: BENCH_ADMIN.email,
      SEED_ADMIN_PASSWORD: BENCH_ADMIN.password,
    },
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
