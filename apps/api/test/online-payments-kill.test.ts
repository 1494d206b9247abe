import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPaystackStandin, type PaystackStandin } from '../src/modules/online-payments/provider/standin.ts';
import { TEST_DB } from './harness.ts';
import { freePort } from './resilience/postgres-cluster.ts';
import { killServer, launchServer, type ServerProcess } from './resilience/server-process.ts';
import { postgresTestDatabase } from './template-database.ts';

/**
 * Issue 43: a server process killed (SIGKILL) after it kept a Paystack notification in the inbox and
 * answered 200, before it credited the payment. The credit is held back by a lock this test takes on
 * the motorist's subscription row, so the kill lands exactly there. Restarted, the server's verify
 * job applies the kept event: one credit, and the provider's retry afterwards changes nothing.
 * PostgreSQL only (a real server process on a database the test also opens).
 */
const KEY = 'sk_test_killtest00000000001';
let standin: PaystackStandin;
let client: pg.Client;
let drop: () => Promise<void>;
let url: string;
let dataDir: string;
const servers: ServerProcess[] = [];

const launch = async () => {
  const server = launchServer(
    {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      JWT_SECRET: 'kill-test-secret-kill-test-secret-kill',
      SEED_ADMIN_EMAIL: 'root@kill.test',
      SEED_ADMIN_PASSWORD: 'kill-test-pass-0001',
      WEB_DIST: path.join(dataDir, 'none'),
      FIELD_DIST: path.join(dataDir, 'none'),
      LOG_LEVEL: 'info',
      PAYSTACK_SECRET_KEY: KEY,
      PAYSTACK_BASE_URL: standin.url,
    },
    await freePort(),
  );
  servers.push(server);
  await server.ready;
  return server;
};

beforeAll(async () => {
  if (TEST_DB !== 'postgres') return;
  const own = await postgresTestDatabase(process.env.TEST_DATABASE_URL!);
  await own.database.close();
  url = own.url!;
  drop = own.drop;
  client = new pg.Client({ connectionString: url });
  await client.connect();
  dataDir = mkdtempSync(path.join(tmpdir(), 'eticket-kill-'));
  standin = await startPaystackStandin({ secretKey: KEY });
}, 120_000);

afterAll(async () => {
  for (const server of servers) await killServer(server, 'SIGTERM');
  await standin?.close();
  await client?.end();
  await drop?.();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(TEST_DB !== 'postgres')('kill -9 between the inbox write and the credit', () => {
  it('is credited once after the restart', async () => {
    const first = await launch();
    standin.webhookUrl = `${first.baseUrl}/webhooks/paystack`;
    const plan = '00000000-0000-4000-8000-00000000c043';
    await client.query(
      `INSERT INTO subscription_plans (id, name, vehicle_type, price_kobo, created_at, updated_at) VALUES ($1, 'weekly', 'keke', 150000, now(), now())`,
      [plan],
    );
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO users (user_code, full_name, email, phone, password_hash, role, is_motorist, registration_status)
       VALUES ('killtest01', 'kill motorist', 'kill@kill.test', '08030000001', 'x', 'motorist', true, 'approved') RETURNING id`,
    );
    const motorist = rows[0]!.id;
    await client.query(`INSERT INTO vehicles (user_id, plate_number, vehicle_model, vehicle_type) VALUES ($1, 'KIL 001 AA', 'tvs', 'keke')`, [motorist]);
    await client.query(`INSERT INTO ticket_subscriptions (user_id, expires_at, created_at, updated_at) VALUES ($1, now(), now(), now())`, [motorist]);

    const pay = await fetch(`${first.baseUrl}/v/killtest01/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `item=${plan}`,
      redirect: 'manual',
    });
    expect(pay.status).toBe(303);
    const reference = (await client.query<{ reference: string }>(`SELECT reference FROM online_payments WHERE motorist_id = $1`, [motorist])).rows[0]!
      .reference;

    // Hold the credit back: the field rules lock this row first.
    const blocker = new pg.Client({ connectionString: url });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('SELECT 1 FROM ticket_subscriptions WHERE user_id = $1 FOR UPDATE', [motorist]);
    await standin.pay(reference);
    expect(standin.deliveries.at(-1)).toMatchObject({ reference, status: 200 });
    const kept = await client.query(`SELECT processed_at FROM payment_webhook_events WHERE reference = $1 AND signature_ok`, [reference]);
    expect(kept.rows).toEqual([{ processed_at: null }]);

    await killServer(first, 'SIGKILL');
    await blocker.query('ROLLBACK');
    await blocker.end();
    const count = async () => Number((await client.query(`SELECT count(*) AS n FROM subscription_payments WHERE motorist_id = $1`, [motorist])).rows[0].n);
    expect(await count()).toBe(0);

    // Restarted a minute later (the kept event is older than the sweep's 30 s; the job runs at start).
    await client.query(`UPDATE payment_webhook_events SET received_at = received_at - interval '1 minute' WHERE reference = $1`, [reference]);
    await client.query(
      `UPDATE job_runs SET started_at = started_at - interval '1 minute', finished_at = finished_at - interval '1 minute' WHERE name = 'online-payments-verify'`,
    );
    const second = await launch();
    standin.webhookUrl = `${second.baseUrl}/webhooks/paystack`;
    await expect.poll(count, { timeout: 30_000 }).toBe(1);
    // Paystack retries the delivery it never saw finished: nothing more.
    await standin.send(JSON.stringify({ event: 'charge.success', data: standin.transaction(reference) }));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await count()).toBe(1);
    const status = await client.query(`SELECT status FROM online_payments WHERE reference = $1`, [reference]);
    expect(status.rows[0].status).toBe('credited');
  }, 180_000);
});
