import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../src/db/connect.ts';
import { bankAccountsDirectory, users } from '../../src/db/schema.ts';
import { nubanCheckDigit } from '../../src/adapters/banks/nuban.ts';
import { newUserCode } from '../../src/domain/codes.ts';
import { hashPassword } from '../../src/platform/credentials/passwords.ts';
import { pngImage } from '../images.ts';
import { type Answer, Client, newTally, pause, type Tally } from './load.ts';
import { createCluster, freePort, type Cluster } from './postgres-cluster.ts';
import { killServer, launchServer, startServer, type ServerProcess } from './server-process.ts';

/**
 * Mixed reads and writes for a bounded time against the real server process on a PostgreSQL of its
 * own, while the server is killed (SIGKILL) and started again, and while PostgreSQL crashes and
 * restarts. Afterwards every write the server acknowledged is in the database, nothing is half
 * written, and the server serves again: after a database restart the same process, by itself.
 */

const LOAD_MS = 16_000;
const PASSWORD = 'resilience-pass-1';
const SUPER_ADMIN = 'root@resilience.test';

let cluster: Cluster;
let dataDir: string;
let port: number;
let server: ServerProcess;
let database: DatabaseHandle;
const env = () => ({
  DATABASE_URL: cluster.url,
  DATA_DIR: dataDir,
  JWT_SECRET: 'resilience-test-secret-resilience-test-secret',
  SEED_ADMIN_EMAIL: SUPER_ADMIN,
  SEED_ADMIN_PASSWORD: PASSWORD,
  WEB_DIST: path.join(dataDir, 'no-console'),
  LOG_LEVEL: 'error',
  DATABASE_POOL_SIZE: '10',
  // The remitters collect cash all the while and never close a till: the tills' cash limit out of the way.
  TILL_CASH_LIMIT_NAIRA: '100000000',
  // The administrator's price and share edits apply at once (the spec's direct behaviour): what is
  // checked is that an acknowledged edit survives the crashes, not a second person's approval.
  APPROVALS: '',
});

/** What the server acknowledged (a 2xx), to be found in the database afterwards. */
const acknowledged = {
  motorists: [] as { id: string; userCode: string; email: string }[],
  approved: new Set<string>(),
  subscriptionPayments: [] as { remitterId: string; key: string; paymentId: string }[],
  penaltyPayments: [] as { remitterId: string; key: string; paymentId: string }[],
  planPrice: null as number | null,
  stakeholderPercentage: null as number | null,
  penaltiesSet: 0,
};

interface Seeded {
  superAdminToken: string;
  remitters: { id: string; token: string }[];
  dailyPlanId: string;
  weeklyPlanId: string;
  stakeholderId: string;
  /** Approved motorists with a subscription: payment targets from the start. */
  motorists: { id: string; userCode: string; subscriptionId: string }[];
}
let seeded: Seeded;

beforeAll(async () => {
  cluster = await createCluster();
  dataDir = mkdtempSync(path.join(tmpdir(), 'eticket-resilience-'));
  port = await freePort();
  server = await startServer(env(), port);
  database = await connectDatabase({ url: cluster.url, poolSize: 4 });
  seeded = await seed();
}, 120_000);

afterAll(async () => {
  if (server) await killServer(server, 'SIGKILL');
  await database?.close().catch(() => undefined);
  cluster?.remove();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const baseUrl = () => server.baseUrl;
const setupClient = () => new Client(baseUrl, newTally());

async function ok(answer: Promise<Answer | null>, what: string) {
  const result = await answer;
  if (!result || result.status >= 300) throw new Error(`${what}: ${result ? `${result.status} ${JSON.stringify(result.body)}` : 'no answer'}`);
  return result.body;
}

async function signIn(client: Client, userCode: string): Promise<string> {
  return (await ok(client.call('POST', '/api/login', { json: { userCode, password: PASSWORD } }), `sign-in of ${userCode}`)).token;
}

async function insertPerson(role: 'remitter' | 'union' | 'motorist', extra: Partial<typeof users.$inferInsert> = {}) {
  const userCode = newUserCode();
  const [row] = await database.db
    .insert(users)
    .values({
      userCode,
      email: `${userCode}@resilience.test`,
      fullName: `${role} ${userCode}`,
      phone: `080${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      passwordHash: await hashPassword(PASSWORD),
      role,
      agentRole: role === 'remitter' ? 'remitter' : null,
      isMotorist: role === 'motorist',
      registrationStatus: 'approved',
      ...extra,
    })
    .returning();
  return row;
}

function motoristForm(n: number): FormData {
  const form = new FormData();
  const fields: Record<string, string> = {
    email: `load.${n}.${randomUUID().slice(0, 8)}@resilience.test`,
    password: PASSWORD,
    fullName: `load motorist ${n}`,
    phone: `081${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    address: '1 restart road',
    dob: '1990-01-01',
    route: 'yaba',
    plateNumber: `RS ${n} ${randomUUID().slice(0, 4)}`,
    vehicleType: 'keke',
    privacyNoticeGiven: 'true',
    subscription: 'weekly',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('portraitSelfie', new Blob([new Uint8Array(pngImage())], { type: 'image/png' }), 'selfie.png');
  return form;
}

async function seed(): Promise<Seeded> {
  const client = setupClient();
  const superAdminToken = await signIn(client, SUPER_ADMIN);
  const token = superAdminToken;
  const weekly = await ok(client.call('POST', '/api/subscription', { token, json: { name: 'weekly', vehicleType: 'keke', price: 1000 } }), 'weekly plan');
  const daily = await ok(client.call('POST', '/api/subscription', { token, json: { name: 'daily', vehicleType: 'keke', price: 250 } }), 'daily plan');
  await ok(client.call('POST', '/api/penalty', { token, json: { vehicleType: 'keke', price: 500 } }), 'penalty charge');

  const remitters = [];
  for (let i = 0; i < 2; i += 1) {
    const row = await insertPerson('remitter');
    remitters.push({ id: row.id, token: await signIn(client, row.email) });
  }

  const union = await insertPerson('union', { unionRole: 'others', unionName: 'restart union' });
  const serial = '700000001';
  const accountNumber = serial + nubanCheckDigit('057', serial);
  await database.db.insert(bankAccountsDirectory).values({ bankCode: '057', accountNumber, accountName: 'RESTART UNION' });
  const stakeholder = await ok(
    client.call('POST', '/api/stakeholders', { token, json: { name: union.id, bankCode: '057', accountNumber, percentage: 10 } }),
    'stakeholder',
  );

  const motorists = [];
  for (let i = 0; i < 4; i += 1) {
    const created = await ok(client.call('POST', '/api/motorist/register', { token, form: motoristForm(-i) }), 'seed motorist');
    await ok(client.call('POST', `/api/approve/${created.data.id}`, { token }), 'approve seed motorist');
    const found = await ok(client.call('POST', '/api/user', { token, json: { userCode: created.data.userCode } }), 'look-up');
    motorists.push({ id: created.data.id, userCode: created.data.userCode, subscriptionId: found.data.ticketSubscription.id });
  }
  return { superAdminToken, remitters, dailyPlanId: daily.data.id, weeklyPlanId: weekly.data.id, stakeholderId: stakeholder.data.id, motorists };
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)];

/** When the clients stop sending new work, and stop retrying unanswered work (moved on by runLoad). */
interface Window {
  stopAt: number;
  readonly giveUpAt: number;
}

/** Registers motorists and approves them, one after the other. */
async function registrar(client: Client, window: Window) {
  const token = seeded.superAdminToken;
  for (let n = acknowledged.motorists.length + 1; Date.now() < window.stopAt; n += 1) {
    const form = motoristForm(n);
    const created = await client.untilAnswered('POST', '/api/motorist/register', { token, form }, window.giveUpAt);
    // A 409 after a retry: the first attempt was written but its answer was lost (not acknowledged).
    if (created?.status !== 201) continue;
    acknowledged.motorists.push({ id: created.body.data.id, userCode: created.body.data.userCode, email: created.body.data.email });
    const approved = await client.untilAnswered('POST', `/api/approve/${created.body.data.id}`, { token }, window.giveUpAt);
    if (approved && approved.status < 300) acknowledged.approved.add(created.body.data.id);
  }
}

/** Subscription payments (and some penalty payments), each key sent until answered. */
async function remitter(client: Client, who: { id: string; token: string }, window: Window) {
  for (let i = 0; Date.now() < window.stopAt; i += 1) {
    const approvedNew = acknowledged.motorists.filter((m) => acknowledged.approved.has(m.id));
    const motorist = pick([...seeded.motorists, ...approvedNew]);
    const key = randomUUID();
    const penalty = i % 3 === 2;
    const answer = await client.untilAnswered(
      'POST',
      penalty ? '/api/field/penalty-payment' : '/api/field/subscription-payment',
      {
        token: who.token,
        headers: { 'idempotency-key': key },
        json: penalty
          ? { userCode: motorist.userCode, amount: 50, modeOfPayment: 'cash' }
          : { userCode: motorist.userCode, subscriptionId: pick([seeded.dailyPlanId, seeded.weeklyPlanId]), modeOfPayment: 'cash' },
      },
      window.giveUpAt,
    );
    if (answer && answer.status < 300) {
      const record = { remitterId: who.id, key, paymentId: answer.body.data.payment.id as string };
      (penalty ? acknowledged.penaltyPayments : acknowledged.subscriptionPayments).push(record);
    }
  }
}

/** Plan price edits, penalty changes and allocation changes, one at a time. */
async function administrator(client: Client, window: Window) {
  const token = seeded.superAdminToken;
  for (let i = 0; Date.now() < window.stopAt; i += 1) {
    if (i % 3 === 0) {
      const price = 200 + (i % 50);
      const answer = await client.untilAnswered('PATCH', `/api/subscription/${seeded.dailyPlanId}`, { token, json: { price } }, window.giveUpAt);
      if (answer && answer.status < 300) acknowledged.planPrice = price;
    } else if (i % 3 === 1) {
      const motorist = pick(seeded.motorists);
      const answer = await client.untilAnswered(
        'POST',
        '/api/specificPenalty',
        { token, json: { subID: motorist.subscriptionId, price: 400 } },
        window.giveUpAt,
      );
      if (answer && answer.status < 300) acknowledged.penaltiesSet += 1;
    } else {
      const percentage = 5 + (i % 10);
      const answer = await client.untilAnswered('PATCH', `/api/stakeholders/${seeded.stakeholderId}`, { token, json: { percentage } }, window.giveUpAt);
      if (answer && answer.status < 300) acknowledged.stakeholderPercentage = percentage;
    }
  }
}

const READS = [
  '/api/subscription',
  '/api/motorist/user?page=1',
  '/api/admindashboard',
  '/api/sub-history?page=1',
  '/api/stakeholders',
  '/api/penalty-history?page=1',
];

async function reader(client: Client, window: Window) {
  while (Date.now() < window.stopAt) {
    const answer = await client.call('GET', pick(READS), { token: seeded.superAdminToken });
    if (answer === null) await pause(100);
  }
}

/**
 * Runs the mixed load for LOAD_MS, and on for a few seconds after `disrupt` has done its damage (a
 * busy machine starts the server slowly); every client shares one tally.
 */
async function runLoad(disrupt: () => Promise<void>): Promise<Tally> {
  const tally = newTally();
  const client = () => new Client(baseUrl, tally);
  const window: Window = {
    stopAt: Date.now() + LOAD_MS,
    get giveUpAt() {
      return this.stopAt + 30_000;
    },
  };
  await Promise.all([
    registrar(client(), window),
    ...seeded.remitters.map((who) => remitter(client(), who, window)),
    administrator(client(), window),
    reader(client(), window),
    reader(client(), window),
    disrupt().then(() => {
      window.stopAt = Math.max(window.stopAt, Date.now() + 4_000);
    }),
  ]);
  return tally;
}

/** Until the server answers a read with 200; how long that took. */
async function serving(timeoutMs: number): Promise<number> {
  const client = setupClient();
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const answer = await client.call('GET', '/api/subscription', { token: seeded.superAdminToken });
    if (answer?.status === 200) return Date.now() - started;
    await pause(100);
  }
  throw new Error(`The server did not serve again within ${timeoutMs} ms:\n${server.output().slice(-3000)}`);
}

async function rows<T>(query: string): Promise<T[]> {
  const result = await database.db.execute(sql.raw(query));
  return (Array.isArray(result) ? result : (result as unknown as { rows: T[] }).rows) as T[];
}

async function expectEverythingAcknowledgedAndWhole() {
  // Every acknowledged registration is there whole: user, profile (its selfie on disk), vehicle, subscription.
  const people = await rows<{
    id: string;
    status: string;
    profile: string | null;
    portrait: string | null;
    vehicle: string | null;
    subscription: string | null;
  }>(
    `SELECT u.id, u.registration_status AS status, p.user_id AS profile, p.portrait_file AS portrait, v.user_id AS vehicle, s.id AS subscription
       FROM users u LEFT JOIN user_profiles p ON p.user_id = u.id LEFT JOIN vehicles v ON v.user_id = u.id
       LEFT JOIN ticket_subscriptions s ON s.user_id = u.id
      WHERE u.is_motorist`,
  );
  const byId = new Map(people.map((person) => [person.id, person]));
  for (const motorist of acknowledged.motorists) {
    const found = byId.get(motorist.id);
    expect(found, `acknowledged motorist ${motorist.email}`).toBeDefined();
    if (acknowledged.approved.has(motorist.id)) expect(found!.status).toBe('approved');
  }
  // No motorist is half written, acknowledged or not.
  for (const person of people) {
    expect(person.profile, `profile of ${person.id}`).not.toBeNull();
    expect(person.vehicle, `vehicle of ${person.id}`).not.toBeNull();
    expect(person.subscription, `subscription of ${person.id}`).not.toBeNull();
    if (person.portrait) expect(existsSync(path.join(dataDir, 'uploads', person.portrait)), `selfie of ${person.id}`).toBe(true);
  }

  // Every acknowledged payment is there once, under its key.
  for (const [table, acked] of [
    ['subscription_payments', acknowledged.subscriptionPayments],
    ['penalty_payments', acknowledged.penaltyPayments],
  ] as const) {
    const stored = await rows<{ id: string; remitter_id: string; idempotency_key: string }>(`SELECT id, remitter_id, idempotency_key FROM ${table}`);
    const byKey = new Map(stored.map((row) => [`${row.remitter_id}:${row.idempotency_key}`, row.id]));
    expect(byKey.size, `${table}: one payment per key`).toBe(stored.length);
    for (const payment of acked) expect(byKey.get(`${payment.remitterId}:${payment.key}`), `${table} ${payment.key}`).toBe(payment.paymentId);
    // Each payment's key and stored answer were written with it (a retry finds them).
    const keyless = await rows(
      `SELECT p.id FROM ${table} p LEFT JOIN idempotency_keys k ON k.agent_id = p.remitter_id AND k.key = p.idempotency_key
        WHERE k.key IS NULL OR k.response IS NULL`,
    );
    expect(keyless, `${table} without their idempotency key`).toEqual([]);
  }

  // Accumulated count and amount of every subscription equal its payments; penalties never below zero.
  const mismatched = await rows(
    `SELECT s.id FROM ticket_subscriptions s
       LEFT JOIN (SELECT subscription_id, count(*) AS n, sum(amount_kobo) AS total FROM subscription_payments WHERE status = 'success' GROUP BY subscription_id) p
         ON p.subscription_id = s.id
      WHERE s.accumulated <> coalesce(p.n, 0) OR s.accumulated_amount_kobo <> coalesce(p.total, 0) OR s.outstanding_penalty_kobo < 0`,
  );
  expect(mismatched).toEqual([]);
  expect(
    await rows(`SELECT id FROM penalty_payments WHERE outstanding_after_kobo <> outstanding_before_kobo - amount_kobo OR outstanding_after_kobo < 0`),
  ).toEqual([]);

  // The dashboards' roll-ups equal the payment tables.
  const [rolled] = await rows<Record<string, string>>(
    `SELECT coalesce(sum(subscription_payments), 0)::text AS sn, coalesce(sum(subscription_kobo), 0)::text AS sk,
            coalesce(sum(penalty_payments), 0)::text AS pn, coalesce(sum(penalty_kobo), 0)::text AS pk FROM daily_activity`,
  );
  const [recorded] = await rows<Record<string, string>>(
    `SELECT (SELECT count(*) FROM subscription_payments WHERE status = 'success')::text AS sn,
            (SELECT coalesce(sum(amount_kobo), 0) FROM subscription_payments WHERE status = 'success')::text AS sk,
            (SELECT count(*) FROM penalty_payments WHERE status = 'success')::text AS pn,
            (SELECT coalesce(sum(amount_kobo), 0) FROM penalty_payments WHERE status = 'success')::text AS pk`,
  );
  expect(rolled).toEqual(recorded);

  // The last acknowledged edits are the ones in force (one administrator made them in turn).
  const [plan] = await rows<{ price_kobo: string }>(`SELECT price_kobo::text FROM subscription_plans WHERE id = '${seeded.dailyPlanId}'`);
  if (acknowledged.planPrice !== null) expect(Number(plan.price_kobo)).toBe(acknowledged.planPrice * 100);
  const [share] = await rows<{ percentage_tenths: number }>(`SELECT percentage_tenths FROM stakeholders WHERE id = '${seeded.stakeholderId}'`);
  if (acknowledged.stakeholderPercentage !== null) expect(share.percentage_tenths).toBe(acknowledged.stakeholderPercentage * 10);
}

function expectOnlyHonestAnswers(tally: Tally) {
  const acked = `${acknowledged.motorists.length} registrations, ${acknowledged.subscriptionPayments.length} + ${acknowledged.penaltyPayments.length} payments`;
  console.info(
    `answers ${JSON.stringify(tally.answers)}, unreachable ${tally.unreachable}, database unavailable ${tally.databaseUnavailable}; acknowledged so far: ${acked}`,
  );
  expect(tally.wrong, 'hung requests, 500s or 503s without the message').toEqual([]);
  const successes = Object.entries(tally.answers)
    .filter(([status]) => Number(status) < 300)
    .reduce((sum, [, n]) => sum + n, 0);
  expect(successes, 'the load got through between the disruptions').toBeGreaterThan(30);
}

describe('mixed load while things break', () => {
  it('the server process is killed (SIGKILL) twice under load and started again: nothing acknowledged is lost', async () => {
    const before = acknowledged.subscriptionPayments.length;
    const tally = await runLoad(async () => {
      for (let kill = 0; kill < 2; kill += 1) {
        await pause(4_000);
        await killServer(server, 'SIGKILL');
        await pause(500);
        server = await startServer(env(), port);
      }
    });
    await serving(10_000);
    expect(tally.unreachable, 'requests met a dead server').toBeGreaterThan(0);
    expectOnlyHonestAnswers(tally);
    expect(acknowledged.subscriptionPayments.length).toBeGreaterThan(before);
    await expectEverythingAcknowledgedAndWhole();
  }, 90_000);

  it('PostgreSQL crashes and restarts under load: the same server process answers 503 meanwhile and serves again by itself', async () => {
    const pid = server.child.pid;
    const before = acknowledged.subscriptionPayments.length;
    let recoveredInMs = 0;
    const tally = await runLoad(async () => {
      await pause(4_000);
      await cluster.stop('immediate');
      await pause(2_000);
      await cluster.start();
      recoveredInMs = await serving(20_000);
      await pause(2_000);
      await cluster.stop('fast');
      await pause(1_000);
      await cluster.start();
    });
    await serving(20_000);
    expect(server.child.pid).toBe(pid);
    expect(server.child.exitCode, server.output().slice(-3000)).toBeNull();
    expect(tally.databaseUnavailable, 'requests during the outage were told the database is unavailable').toBeGreaterThan(0);
    expect(recoveredInMs).toBeLessThan(10_000);
    expectOnlyHonestAnswers(tally);
    expect(acknowledged.subscriptionPayments.length).toBeGreaterThan(before);
    await expectEverythingAcknowledgedAndWhole();
  }, 90_000);

  it('a server started while PostgreSQL is still down waits for it, then serves (both coming back after a power cut)', async () => {
    await killServer(server, 'SIGKILL');
    await cluster.stop('immediate');
    const starting = launchServer(env(), port);
    server = starting;
    const waitingSince = Date.now();
    while (!starting.output().includes('Waiting up to')) {
      if (starting.child.exitCode !== null || Date.now() - waitingSince > 60_000) throw new Error(`The server did not wait:\n${starting.output()}`);
      await pause(100);
    }
    await pause(1_500);
    await cluster.start();
    await starting.ready;
    await serving(10_000);
    await expectEverythingAcknowledgedAndWhole();
  }, 90_000);
});
