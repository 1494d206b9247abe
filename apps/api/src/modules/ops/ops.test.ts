import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { createLocalFileStore } from '../../adapters/files.ts';
import { createS3FileStore } from '../../adapters/s3-files.ts';
import { connectDatabase } from '../../db/connect.ts';
import { migrationNames } from '../../db/migrate.ts';
import { createReadiness, type ReadinessDependencies } from './readiness.ts';

let ctx: TestContext;
const scratch = mkdtempSync(path.join(tmpdir(), 'eticket-ops-'));
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
  rmSync(scratch, { recursive: true, force: true });
});

const warnings: string[] = [];
const log = { warn: (details: object, message: string) => void warnings.push(`${message} ${JSON.stringify(details)}`) };
const readiness = (overrides: Partial<ReadinessDependencies> = {}) =>
  createReadiness({
    database: ctx.database,
    files: createLocalFileStore(path.join(scratch, 'uploads'), 's'.repeat(40)),
    migrations: migrationNames(),
    log,
    reuseMs: 0,
    ...overrides,
  });

describe('GET /healthz and GET /readyz', () => {
  it('are open to anonymous callers and say the process is alive and ready', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect([health.statusCode, health.json()]).toEqual([200, { status: 'ok' }]);
    const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ready', checks: { database: 'ok', migrations: 'ok', files: 'ok' } }]);
    expect(ready.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 503 naming the failing check, not its cause, when a migration of this build is not applied', async () => {
    const [last] = migrationNames().slice(-1);
    await ctx.database.session((query) => query('DELETE FROM schema_migrations WHERE name = $1', [last]));
    try {
      // The app reuses an outcome for a second.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const reply = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect([reply.statusCode, reply.json()]).toEqual([503, { status: 'not-ready', checks: { database: 'ok', migrations: 'failing', files: 'ok' } }]);
      expect(reply.body).not.toContain(last);
    } finally {
      await ctx.database.session((query) => query('INSERT INTO schema_migrations (name) VALUES ($1)', [last]));
    }
  });

  it('is not ready with a database that is gone, and says why in the log', async () => {
    const other = ctx.databaseUrl ? await connectDatabase({ url: ctx.databaseUrl, poolSize: 1 }) : await connectDatabase({});
    await other.close();
    warnings.length = 0;
    expect(await readiness({ database: other }).check()).toEqual({ status: 'not-ready', checks: { database: 'failing', migrations: 'failing', files: 'ok' } });
    expect(warnings.some((line) => line.includes('"check":"database"'))).toBe(true);
  });

  it('accepts a database with migrations newer than this build (a rolling upgrade)', async () => {
    expect((await readiness({ migrations: migrationNames().slice(0, 3) }).check()).status).toBe('ready');
    expect((await readiness({ migrations: [...migrationNames(), '9999_not_yet.sql'] }).check()).checks.migrations).toBe('failing');
  });

  it('is not ready when the uploads folder cannot be written', async () => {
    const blocked = path.join(scratch, 'a-file');
    writeFileSync(blocked, 'not a folder');
    const answer = await readiness({ files: createLocalFileStore(path.join(blocked, 'uploads'), 's'.repeat(40)) }).check();
    expect(answer).toEqual({ status: 'not-ready', checks: { database: 'ok', migrations: 'ok', files: 'failing' } });
  });

  it('counts an object store that never answers as failing after the timeout', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const files = createS3FileStore(
        { endpoint: `http://127.0.0.1:${port}`, bucket: 'eticket', region: 'us-east-1', accessKeyId: 'x', secretAccessKey: 'y', forcePathStyle: true },
        's'.repeat(40),
      );
      const started = Date.now();
      const answer = await readiness({ files, timeoutMs: 300 }).check();
      expect(answer.checks).toEqual({ database: 'ok', migrations: 'ok', files: 'failing' });
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });

  it('checks once for callers who ask at the same moment, and again after a while', async () => {
    let checks = 0;
    const files = { ...createLocalFileStore(path.join(scratch, 'uploads'), 's'.repeat(40)) };
    const check = files.check;
    files.check = () => ((checks += 1), check());
    const shared = readiness({ files, reuseMs: 200 });
    await Promise.all(Array.from({ length: 20 }, () => shared.check()));
    expect(checks).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 250));
    await shared.check();
    expect(checks).toBe(2);
  });
});
