import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../src/db/connect.ts';
import { subscriptionPlans, users, vehicles } from '../src/db/schema.ts';
import { newUserCode } from '../src/domain/codes.ts';
import { hashPassword } from '../src/platform/credentials/passwords.ts';
import { TEST_DB } from './harness.ts';
import { freePort } from './resilience/postgres-cluster.ts';
import { killServer, startServer, type ServerProcess } from './resilience/server-process.ts';
import { pgliteTemplate, postgresTestDatabase } from './template-database.ts';

/**
 * The real server (src/main.ts) with SMS_PROVIDER=termii, as an operator configures it: a payment
 * through it texts the motorist through Termii (a local HTTP server stands in for Termii), with the
 * receipt's check link on the address the payment came to (PUBLIC_URL unset).
 */
const PASSWORD = 'texts-server-pass-1';
const MOTORIST_PHONE = '0803 765 4321';

let dataDir: string;
let server: ServerProcess;
let termii: Server;
let dropDatabase: (() => Promise<void>) | undefined;
const received: Array<Record<string, unknown>> = [];
const fixture = { remitterCode: newUserCode(), motoristCode: newUserCode(), plateNumber: `TX-${randomUUID().slice(0, 6)}`.toUpperCase(), planId: '' };

/** A remitter, a motorist with a keke and a phone, and a weekly keke plan, written before the server starts. */
async function seed(database: DatabaseHandle): Promise<void> {
  const passwordHash = await hashPassword(PASSWORD);
  const person = (userCode: string, role: 'remitter' | 'motorist', phone: string) => ({
    userCode,
    email: `${userCode}@example.test`,
    fullName: `${role} ${userCode}`,
    phone,
    passwordHash,
    role,
    agentRole: role === 'remitter' ? ('remitter' as const) : null,
    isMotorist: role === 'motorist',
    registrationStatus: 'approved' as const,
  });
  await database.db.insert(users).values(person(fixture.remitterCode, 'remitter', '08110000001'));
  const [motorist] = await database.db
    .insert(users)
    .values(person(fixture.motoristCode, 'motorist', MOTORIST_PHONE))
    .returning({ id: users.id });
  await database.db.insert(vehicles).values({ userId: motorist.id, plateNumber: fixture.plateNumber, vehicleModel: 'tvs king', vehicleType: 'keke' });
  const [plan] = await database.db
    .insert(subscriptionPlans)
    .values({ name: 'weekly', vehicleType: 'keke', priceKobo: 150_000, createdAt: new Date(), updatedAt: new Date() })
    .returning({ id: subscriptionPlans.id });
  fixture.planId = plan.id;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'eticket-texts-'));
  termii = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ path: request.url, ...JSON.parse(body) });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message_id: `t-${received.length}`, message: 'Successfully Sent', balance: 9, user: 'Levy Ops' }));
    });
  });
  await new Promise<void>((resolve) => termii.listen(0, '127.0.0.1', resolve));

  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    JWT_SECRET: 'texts-server-secret-texts-server-secret',
    SEED_ADMIN_PASSWORD: 'texts-server-admin-pass-1',
    WEB_DIST: path.join(dataDir, 'no-console'),
    FIELD_DIST: path.join(dataDir, 'no-field-app'),
    SMS_PROVIDER: 'termii',
    TERMII_API_KEY: 'TLtestkey0123456789',
    TERMII_SENDER_ID: 'LevyNG',
    TERMII_BASE_URL: `http://127.0.0.1:${(termii.address() as AddressInfo).port}`,
    PUBLIC_URL: 'https://levy.example.ng',
  };
  if (TEST_DB === 'postgres') {
    const own = await postgresTestDatabase(process.env.TEST_DATABASE_URL!);
    dropDatabase = own.drop;
    await seed(own.database);
    await own.database.close();
    env.DATABASE_URL = own.url!;
  } else {
    // The server's own PGlite files, made from the migrated template; closed before the server opens them.
    const database = await connectDatabase({ pgliteDir: path.join(dataDir, 'pglite'), pgliteImage: await pgliteTemplate() });
    await seed(database);
    await database.close();
  }
  server = await startServer(env, await freePort());
}, 150_000);

afterAll(async () => {
  if (server) await killServer(server, 'SIGTERM');
  await dropDatabase?.();
  termii?.closeAllConnections();
  await new Promise((resolve) => termii?.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

describe(`the server with SMS_PROVIDER=termii (${TEST_DB})`, () => {
  it('texts the motorist the receipt and its link right after the payment, once, however often the phone repeats it', async () => {
    const login = await fetch(`${server.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userCode: fixture.remitterCode, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const key = randomUUID();
    const pay = () =>
      fetch(`${server.baseUrl}/api/field/subscription-payment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key },
        body: JSON.stringify({ userCode: fixture.motoristCode, subscriptionId: fixture.planId, modeOfPayment: 'cash' }),
      });
    const paid = await pay();
    expect(paid.status, server.output()).toBe(201);
    const receiptNo = ((await paid.json()) as { data: { payment: { receiptNo: string } } }).data.payment.receiptNo;

    await expect.poll(() => received.length, { timeout: 10_000, interval: 100 }).toBe(1);
    expect(received[0]).toMatchObject({
      path: '/api/sms/send',
      api_key: 'TLtestkey0123456789',
      to: '2348037654321',
      from: 'LevyNG',
      type: 'plain',
      channel: 'generic',
    });
    expect(received[0].sms).toMatch(new RegExp(`^Paid NGN 1,500 for ${fixture.plateNumber}, weekly ticket, valid until .+\\. Receipt ${receiptNo}\\. Check: `));
    expect(String(received[0].sms).endsWith(`Check: https://levy.example.ng/r/${receiptNo}`)).toBe(true);

    // The phone sends the same payment again (same key): the same answer, no second text.
    const again = await pay();
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(received).toHaveLength(1);
  });
});
