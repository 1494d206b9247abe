import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES, loadConfig, type Config } from '../src/config.ts';
import { createPerson, createTestContext, TEST_DB, type TestContext } from './harness.ts';
import { freePort } from './resilience/postgres-cluster.ts';
import { killServer, startServer } from './resilience/server-process.ts';
import { startLocalS3 } from './s3-store.ts';
import { postgresTestDatabase } from './template-database.ts';

/**
 * deploy/ cannot be run here (no container images can be pulled), so what can be checked is: the
 * compose file's and the systemd example's environments are accepted by the server's own
 * loadConfig, use only settings of the README's configuration table, agree with each other and with
 * the proxy; the forwarded headers are believed from the proxy's address only; and the real server
 * starts on the compose environment with only its hosts replaced by local ones.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');
const dataDir = mkdtempSync(path.join(tmpdir(), 'eticket-deploy-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** KEY=VALUE lines, as docker compose reads .env and systemd an EnvironmentFile. */
function envFile(text: string): Record<string, string> {
  const entries = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]);
  return Object.fromEntries(entries);
}

/** Compose's interpolation: ${NAME}, ${NAME:-default}, ${NAME:?error}, and $$ for a dollar. */
function interpolate(text: string, values: Record<string, string>): string {
  return text.replace(/\$\$|\$\{(\w+)(?::([-?])([^}]*))?\}/g, (match, name?: string, kind?: string, rest?: string) => {
    if (match === '$$') return '$';
    const value = values[name!];
    if (value) return value;
    if (kind === '?') throw new Error(`compose.yaml needs ${name}: ${rest}`);
    return kind === '-' ? rest! : '';
  });
}

interface Compose {
  services: Record<string, { environment?: Record<string, string | number>; networks?: unknown; stop_grace_period?: string }>;
}
const composeEnvExample = envFile(read('deploy/compose.env.example'));
const compose = parse(interpolate(read('deploy/compose.yaml'), composeEnvExample)) as Compose;

/** The last stage's ENV of the Dockerfile (PORT, HOST, DATA_DIR), which the compose environment adds to. */
function imageEnv(): Record<string, string> {
  const lastStage = read('deploy/Dockerfile')
    .split(/^FROM /m)
    .pop()!;
  const pairs = [...lastStage.matchAll(/^ENV (.+)$/gm)].flatMap((line) => line[1].split(/\s+/).map((pair) => pair.split('=')));
  return Object.fromEntries(pairs);
}

const apiEnv = (service: string): Record<string, string> => ({
  ...imageEnv(),
  ...Object.fromEntries(Object.entries(compose.services[service].environment ?? {}).map(([name, value]) => [name, String(value)])),
});

/** The variables of the README's configuration table. */
function readmeVariables(): string[] {
  const table = read('README.md').split('## Configuration')[1].split('\n## ')[0];
  return [...table.matchAll(/^\| `([A-Z0-9_]+)`(?:, `([A-Z0-9_]+)`)? \|/gm)].flatMap((row) => row.slice(1).filter(Boolean));
}

const PROXY_ADDRESS = () => {
  const networks = compose.services.proxy.networks as { inner: { ipv4_address: string } };
  return networks.inner.ipv4_address;
};

describe('deploy/compose.yaml', () => {
  let config: Config;
  beforeAll(() => {
    config = loadConfig({ ...apiEnv('api-1'), DATA_DIR: dataDir });
  });

  it("runs two API processes with the same settings, each accepted by the server's loadConfig", () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api-1', 'api-2', 'bucket', 'minio', 'postgres', 'proxy']);
    expect(apiEnv('api-2')).toEqual(apiEnv('api-1'));
    expect(config).toMatchObject({
      FILE_STORE: 's3',
      S3_BUCKET: 'eticketing',
      S3_FORCE_PATH_STYLE: true,
      JWT_SECRET: composeEnvExample.JWT_SECRET,
      PORT: 3000,
    });
    expect(config.DATABASE_URL).toMatch(/^postgres:\/\/eticketing:[^@]+@postgres:5432\/eticketing$/);
    // Blank optional settings (no SMTP, no metrics) are unset, as loadConfig treats them.
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.METRICS_TOKEN).toBeUndefined();
  });

  it('names only settings of the README configuration table, and the table only real settings', () => {
    const documented = readmeVariables();
    expect([...documented].sort()).toEqual([...CONFIG_VARIABLES].filter((name) => !['WEB_DIST'].includes(name)).sort());
    for (const name of Object.keys(apiEnv('api-1'))) expect(documented, name).toContain(name);
    for (const name of Object.keys(envFile(read('deploy/systemd/eticketing.env.example')))) expect(documented, name).toContain(name);
  });

  it("believes forwarded headers from the proxy's address only, which the proxy has on the inner network", () => {
    expect(config.TRUST_PROXY).toEqual([PROXY_ADDRESS()]);
    const caddyfile = read('deploy/Caddyfile');
    expect(caddyfile).toMatch(/reverse_proxy api-1:3000 api-2:3000/);
    expect(caddyfile).toMatch(/health_uri \/readyz/);
  });

  it('gives requests in flight their grace before Docker kills a stopping process', () => {
    const grace = Number(apiEnv('api-1').SHUTDOWN_GRACE_SECONDS);
    expect(Number.parseInt(compose.services['api-1'].stop_grace_period!, 10)).toBeGreaterThan(grace);
    const unit = read('deploy/systemd/eticketing@.service');
    expect(Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)![1])).toBeGreaterThan(grace);
    expect(unit).toMatch(/^Restart=on-failure$/m);
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node --enable-source-maps apps\/api\/dist\/main\.js$/m);
    expect(read('apps/api/build.mjs')).toContain("outfile: 'dist/main.js'");
  });

  it('the systemd example is accepted by loadConfig too', () => {
    const example = envFile(read('deploy/systemd/eticketing.env.example'));
    const systemdConfig = loadConfig({ ...example, PORT: '3001', DATA_DIR: dataDir });
    expect(systemdConfig).toMatchObject({ HOST: '127.0.0.1', TRUST_PROXY: ['127.0.0.1'], FILE_STORE: 's3' });
  });
});

describe('TRUST_PROXY as compose sets it', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ trustProxy: loadConfig({ ...apiEnv('api-1'), DATA_DIR: dataDir }).TRUST_PROXY });
  });
  afterAll(async () => ctx?.close());

  const proxy = () => PROXY_ADDRESS();
  const otherContainer = '172.31.0.20';

  it('HTTPS seen by the proxy turns on HSTS; the same header from another container does not', async () => {
    const through = await ctx.app.inject({ method: 'GET', url: '/healthz', remoteAddress: proxy(), headers: { 'x-forwarded-proto': 'https' } });
    expect(through.headers['strict-transport-security']).toBeTruthy();
    const around = await ctx.app.inject({ method: 'GET', url: '/healthz', remoteAddress: otherContainer, headers: { 'x-forwarded-proto': 'https' } });
    expect(around.headers['strict-transport-security']).toBeUndefined();
  });

  it("the sign-in limit counts the client's address the proxy forwards, not the proxy's", async () => {
    const owner = await createPerson(ctx, { role: 'admin' });
    const login = (client: string, password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { userCode: owner.email, password },
        remoteAddress: proxy(),
        headers: { 'x-forwarded-for': client },
      });
    const statuses: number[] = [];
    for (let n = 0; n < 6; n += 1) statuses.push((await login('203.0.113.7', `guess-${n}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await login('203.0.113.8', owner.password)).statusCode).toBe(200);
  });
});

describe.skipIf(TEST_DB !== 'postgres')('the real server on the compose environment (PostgreSQL only: compose runs PostgreSQL)', () => {
  it('starts and is ready with only the hosts replaced (database, store) by local ones', { timeout: 120_000 }, async () => {
    const own = await postgresTestDatabase(process.env.TEST_DATABASE_URL!);
    await own.database.close();
    const s3 = await startLocalS3('eticketing');
    const env = { ...apiEnv('api-1'), ...s3.env, DATABASE_URL: own.url!, DATA_DIR: dataDir, S3_BUCKET: 'eticketing', LOG_LEVEL: 'warn' };
    const server = await startServer(env, await freePort());
    try {
      const ready = await fetch(`${server.baseUrl}/readyz`);
      expect(ready.status, server.output()).toBe(200);
    } finally {
      await killServer(server, 'SIGTERM');
      await s3.close();
      await own.drop();
    }
    expect(server.child.exitCode).toBe(0);
  });
});
