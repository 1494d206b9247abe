import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB } from './harness.ts';
import { freePort } from './resilience/postgres-cluster.ts';
import { killServer, startServer, type ServerProcess } from './resilience/server-process.ts';
import { connectDatabase } from '../src/db/connect.ts';
import { pgliteTemplate, postgresTestDatabase } from './template-database.ts';

/** The real server process (src/main.ts) stopped by SIGTERM, on the database of the project (PGlite in DATA_DIR, or PostgreSQL). */
const ADMIN = 'root@shutdown.test';
const PASSWORD = 'shutdown-pass-1';
let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase = async () => {};
const servers: ServerProcess[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'eticket-shutdown-'));
  if (TEST_DB === 'postgres') {
    const own = await postgresTestDatabase(process.env.TEST_DATABASE_URL!);
    await own.database.close();
    databaseUrl = own.url;
    dropDatabase = own.drop;
  } else {
    // The migrated template in DATA_DIR, as a server that ran before would leave it (migrating takes ~30 s).
    await (await connectDatabase({ pgliteDir: path.join(dataDir, 'pglite'), pgliteImage: await pgliteTemplate() })).close();
  }
}, 60_000);
afterAll(async () => {
  for (const server of servers) await killServer(server, 'SIGKILL');
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(env: Record<string, string> = {}): Promise<ServerProcess & { port: number }> {
  const port = await freePort();
  const server = await startServer(
    {
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      SEED_ADMIN_EMAIL: ADMIN,
      SEED_ADMIN_PASSWORD: PASSWORD,
      WEB_DIST: path.join(dataDir, 'no-console'),
      FIELD_DIST: path.join(dataDir, 'no-field-app'),
      LOG_LEVEL: 'warn',
      ...env,
    },
    port,
  );
  servers.push(server);
  return { ...server, port };
}

/** A sign-in whose headers and first bytes are sent now; `finish` sends the rest of its body. */
function slowSignIn(port: number) {
  const body = JSON.stringify({ userCode: ADMIN, password: PASSWORD });
  const request = http.request({
    host: '127.0.0.1',
    port,
    path: '/api/login',
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, 10));
  return { answer, finish: () => request.end(body.slice(10)) };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const connectionError = (url: string) =>
  fetch(url).then(
    (reply) => `answered ${reply.status}`,
    (error: { cause?: { code?: string } }) => error.cause?.code,
  );

describe('SIGTERM', () => {
  it('stops taking connections, finishes the request in flight, closes the database and exits 0', { timeout: 120_000 }, async () => {
    const server = await start();
    expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
    const signIn = slowSignIn(server.port);
    await pause(300);
    server.child.kill('SIGTERM');
    await pause(500);
    expect(await connectionError(`${server.baseUrl}/healthz`)).toBe('ECONNREFUSED');
    expect(server.child.exitCode).toBeNull();

    signIn.finish();
    const answer = await signIn.answer;
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body).token).toEqual(expect.any(String));
    await server.exited;
    expect(server.child.exitCode, server.output()).toBe(0);
    expect(server.output()).toContain('SIGTERM: taking no new connections');
    expect(server.output()).toContain('Stopped.');
  });

  it('closes the connections of requests that outlast SHUTDOWN_GRACE_SECONDS, then exits 0', { timeout: 120_000 }, async () => {
    const server = await start({ SHUTDOWN_GRACE_SECONDS: '1' });
    const stuck = slowSignIn(server.port);
    await pause(300);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await expect(stuck.answer).rejects.toThrow(/socket hang up|ECONNRESET/);
    await server.exited;
    expect(Date.now() - signalled).toBeLessThan(5_000);
    expect(server.child.exitCode, server.output()).toBe(0);
    expect(server.output()).toContain('Requests still in flight after 1 s');
  });
});
