/**
 * The real server under test: built when its bundle is older than the sources, started as a child
 * process (node apps/api/dist/main.js) on a free port, stopped at the end.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Call, CallContext } from './calls.ts';
import type { Target } from './dataset/build.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const BUNDLE = path.join(ROOT, 'apps/api/dist/main.js');
const SOURCES = ['apps/api/src', 'packages/contracts/src'].map((dir) => path.join(ROOT, dir));

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Runs `npm run build` when apps/api/dist/main.js is missing or older than a source file. */
export function buildIfStale(): void {
  const built = existsSync(BUNDLE) ? statSync(BUNDLE).mtimeMs : 0;
  if (built > Math.max(...SOURCES.map(newestSource))) return;
  console.log('[server] the bundle is older than the sources: npm run build');
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface RunningServer {
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

const JWT_SECRET = randomBytes(32).toString('hex');
const DATA_DIR = mkdtempSync(path.join(tmpdir(), 'eticket-bench-'));

/** Starts the server on the target; extra env (e.g. BENCH_SQL_LOG) is passed through; `bundle`: another build of main.js. */
export async function startServer(target: Target, env: Record<string, string> = {}, bundle = BUNDLE): Promise<RunningServer> {
  const port = await freePort();
  // PGlite: the server opens DATA_DIR/pglite, where the data set was built.
  const database = target.kind === 'postgres' ? { DATABASE_URL: target.url, DATA_DIR } : { DATA_DIR: path.resolve(target.dataDir) };
  const child: ChildProcess = spawn(process.execPath, [bundle], {
    cwd: ROOT,
    env: { ...withoutDatabase(process.env), ...database, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', JWT_SECRET, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => {
    output += chunk;
    process.stderr.write(`[server] ${chunk}`);
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let waited = 0; ; waited += 200) {
    if (child.exitCode !== null) throw new Error(`The server exited at start:\n${output}`);
    try {
      await fetch(`${baseUrl}/api/docs/json`);
      break;
    } catch {
      // not listening yet
    }
    if (waited > 120_000) throw new Error(`The server did not answer within 2 minutes:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A session token; a field agent signs in to the field app (`app: 'field'`). */
export async function signIn(baseUrl: string, email: string, password: string, app?: 'field'): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userCode: email, password, ...(app ? { app } : {}) }),
  });
  const body = (await response.json()) as { token?: string; message?: string };
  if (!response.ok || !body.token) throw new Error(`Sign-in as ${email} failed: ${response.status} ${body.message ?? ''}`);
  return body.token;
}

/** Signs in as each caller the calls have: the super-admin, and an enforcer (in the field app) for the field app's calls. */
export async function signInAsCallers(
  baseUrl: string,
  calls: Array<Pick<Call, 'caller'>>,
  dataset: { adminEmail: string; adminPassword: string },
  context: Pick<CallContext, 'enforcerEmail'>,
): Promise<(call: Pick<Call, 'caller'>) => string> {
  const admin = await signIn(baseUrl, dataset.adminEmail, dataset.adminPassword);
  const enforcer = calls.some((call) => call.caller === 'enforcer') ? await signIn(baseUrl, context.enforcerEmail, dataset.adminPassword, 'field') : admin;
  return (call) => (call.caller === 'enforcer' ? enforcer : admin);
}

/** The caller's environment without a database setting that would override the target's. */
function withoutDatabase(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...rest } = env;
  return rest;
}
