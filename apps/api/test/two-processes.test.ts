import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { systemClock } from '../src/lib/clock.ts';
import { housekeepingJobs } from '../src/platform/jobs/housekeeping.ts';
import { BURST } from '../src/modules/public/slot-counter.ts';
import { DEFAULT_PUBLIC_LIMIT } from '../src/modules/public/service.ts';
import { TEST_DB } from './harness.ts';
import { multipartForm, png } from './images.ts';
import { freePort } from './resilience/postgres-cluster.ts';
import { killServer, launchServer, type ServerProcess } from './resilience/server-process.ts';
import { startLocalS3, type LocalS3 } from './s3-store.ts';
import { postgresTestDatabase } from './template-database.ts';

/**
 * The issue-25 test: two real server processes (src/main.ts) on one PostgreSQL database and one
 * S3-compatible store (s3rver), requests alternating between them. Two processes cannot open one
 * PGlite (it lives inside its process), so this runs in the api-postgres project, i.e. when
 * TEST_DATABASE_URL is set, and is skipped in the api-pglite one.
 */
const ADMIN = 'root@two-processes.test';
const PASSWORD = 'two-processes-pass-1';

let s3: LocalS3;
let database: DatabaseHandle;
let dropDatabase: () => Promise<void>;
const dataDirs: string[] = [];
let servers: ServerProcess[] = [];

async function launch(databaseUrl: string): Promise<ServerProcess & { ready: Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'eticket-two-'));
  dataDirs.push(dataDir);
  const env = {
    ...s3.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: 'two-processes-secret-two-processes-secret',
    SEED_ADMIN_EMAIL: ADMIN,
    SEED_ADMIN_PASSWORD: PASSWORD,
    // The most config allows: within it, a cached session stops working only because its process was told (NOTIFY).
    SESSION_CACHE_MS: '10000',
    WEB_DIST: path.join(dataDir, 'no-console'),
    FIELD_DIST: path.join(dataDir, 'no-field-app'),
    // info: the job runner says "job ran" for each run.
    LOG_LEVEL: 'info',
    DATABASE_POOL_SIZE: '4',
  };
  return launchServer(env, await freePort());
}

beforeAll(async () => {
  if (TEST_DB !== 'postgres') return;
  s3 = await startLocalS3('eticket-two');
  const own = await postgresTestDatabase(process.env.TEST_DATABASE_URL!);
  database = own.database;
  dropDatabase = own.drop;
  // Started together: their first housekeeping runs race for the same jobs.
  const launched = [await launch(own.url!), await launch(own.url!)];
  servers = launched;
  await Promise.all(launched.map((server) => server.ready));
}, 150_000);

afterAll(async () => {
  for (const server of servers) await killServer(server, 'SIGTERM');
  await database?.close();
  await dropDatabase?.();
  await s3?.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  body: { token?: string; data?: Record<string, unknown>; message?: string };
}

async function call(server: ServerProcess, method: string, url: string, options: { token?: string; json?: unknown; form?: FormData } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const reply = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers,
    body: options.form ?? (options.json === undefined ? undefined : JSON.stringify(options.json)),
  });
  const text = await reply.text();
  return { status: reply.status, body: text ? JSON.parse(text) : {} };
}

async function signIn(server: ServerProcess): Promise<string> {
  const answer = await call(server, 'POST', '/api/login', { json: { userCode: ADMIN, password: PASSWORD } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.token!;
}

describe.skipIf(TEST_DB !== 'postgres')(
  'two server processes on one PostgreSQL and one S3 store (PostgreSQL only: two processes cannot share a PGlite)',
  () => {
    const [a, b] = [() => servers[0], () => servers[1]];

    it('both are ready, and the housekeeping jobs ran once between them, not twice', async () => {
      for (const server of servers) expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
      const jobsRan = () =>
        servers
          .flatMap((server) =>
            server
              .output()
              .split('\n')
              .filter((line) => line.includes('"msg":"job ran"')),
          )
          .map((line) => JSON.parse(line).job as string)
          .sort();
      // Every job of a PostgreSQL server, each exactly once: the housekeeping ones (no vacuum job there)...
      const housekeeping = housekeepingJobs(systemClock, { vacuum: false, idempotencyRetentionDays: 7 }).map((job) => job.name);
      // ...and the modules' own (their descriptors' jobs).
      const modules = ['prune-throttle-rows', 'queue-expiry-reminders', 'send-text-messages', 'ledger-day-totals-compact', 'ledger-integrity-check'];
      const expected = [...housekeeping, ...modules, 'personal-data-retention', 'dispute-phone-retention', 'approvals-expire'];
      // The first runs start with the processes and end in their own time (on a loaded machine, after
      // readiness): wait until each has run, then hold that none ran twice.
      await expect.poll(() => new Set(jobsRan()).size, { timeout: 60_000 }).toBe(expected.length);
      const jobs = jobsRan();
      expect(jobs).toEqual(expected.sort());
      const rows = await database.session((query) =>
        query<{ name: string; ran_by: string; outcome: string }>('SELECT name, ran_by, outcome FROM job_runs ORDER BY name'),
      );
      expect(rows.map((row) => row.name)).toEqual(jobs);
      for (const row of rows) expect(row.outcome).not.toMatch(/^failed/);
    });

    it('an image registered through one process opens through the other', async () => {
      const token = await signIn(a());
      expect((await call(b(), 'POST', '/api/subscription', { token, json: { name: 'weekly', vehicleType: 'keke', price: 1000 } })).status).toBe(201);
      const form = multipartForm(
        {
          email: `two.${randomBytes(3).toString('hex')}@example.test`,
          password: 'a-Strong-password',
          fullName: 'Bola Twoprocess',
          phone: '08031234567',
          address: '2 Marina, Lagos',
          dob: '1990-01-01',
          route: 'yaba',
          plateNumber: `TP ${randomBytes(2).toString('hex')}`,
          vehicleType: 'keke',
          privacyNoticeGiven: 'true',
          subscription: 'weekly',
        },
        { portraitSelfie: png('selfie.png') },
      );
      const registered = await call(a(), 'POST', '/api/motorist/register', { token, form });
      expect(registered.status, JSON.stringify(registered.body)).toBe(201);
      const id = registered.body.data!.id as string;

      // Image links come from Show (issue 46).
      const shown = await call(b(), 'POST', `/api/user/${id}/personal-data`, { token });
      expect(shown.status).toBe(200);
      const link = (shown.body.data!.images as { portrait: string }).portrait;
      expect(link).toMatch(/^\/api\/files\//);
      for (const server of [b(), a()]) {
        const image = await fetch(`${server.baseUrl}${link}`);
        expect(image.status, server.baseUrl).toBe(200);
        expect(image.headers.get('content-type')).toBe('image/png');
        expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(50);
      }
    });

    it('a logout through one process is refused by the other, told at once, long before its session cache expires', async () => {
      const token = await signIn(a());
      const profile = await call(b(), 'GET', '/api/profile', { token });
      expect(profile.status).toBe(200);
      const id = profile.body.data!.id as string;
      // b() now holds the account in its session cache for 10 s (SESSION_CACHE_MS).
      expect((await call(b(), 'GET', '/api/profile', { token })).status).toBe(200);

      expect((await call(a(), 'POST', `/api/logout/${id}`, { token })).status).toBe(200);
      // Asked until the cached session would have expired: a refusal before then can only come from the
      // notification. No speed is asserted (the cache's 10 s are a hundred times what NOTIFY takes).
      const cachedUntil = Date.now() + 10_000;
      let status = 200;
      while (status === 200 && Date.now() < cachedUntil) status = (await call(b(), 'GET', '/api/profile', { token })).status;
      expect(status).toBe(401);
    });

    it('the sign-in throttle holds across both processes', async () => {
      const statuses: number[] = [];
      for (let n = 0; n < 10; n += 1) {
        const server = n % 2 === 0 ? a() : b();
        statuses.push((await call(server, 'POST', '/api/login', { json: { userCode: ADMIN, password: `wrong-guess-${n}` } })).status);
      }
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses.slice(5)).toEqual([429, 429, 429, 429, 429]);
    });

    it("an address's public checks are counted across both processes, each counting in memory and writing in batches", async () => {
      const statuses: number[] = [];
      const started = Date.now();
      // Unknown codes count as checks too (404s).
      for (let i = 0; i < 90; i += 1) statuses.push((await fetch(`${servers[i % 2].baseUrl}/api/public/vehicles/nobody${i}`)).status);
      const admitted = statuses.filter((status) => status !== 429).length;
      // On a loaded machine 90 checks can outlast the 60 s window, and a new window rightly admits
      // again: the bound holds per window, so it is only asserted when all of them fell in one.
      if (Date.now() - started >= DEFAULT_PUBLIC_LIMIT.windowMs) {
        expect(admitted).toBeLessThanOrEqual(2 * (60 + 2 * BURST - 1));
        return;
      }
      // The limit, and at most BURST a process admitted before it heard of the other's (docs/public-checks.md).
      expect(admitted).toBeGreaterThanOrEqual(60);
      expect(admitted).toBeLessThanOrEqual(60 + 2 * BURST - 1);
      expect(statuses.slice(-10)).toEqual(Array(10).fill(429));
    });
  },
);
