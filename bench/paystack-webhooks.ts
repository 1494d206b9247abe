/**
 * npm run bench:paystack [-- --rate 200 --seconds 10]
 *
 * Paystack webhooks at a crowd (issue 43): two real server processes (apps/api/src/main.ts under
 * tsx) on one PostgreSQL database (a fresh copy of the migrated template at TEST_DATABASE_URL,
 * default postgres://postgres@127.0.0.1:5432/test), online payments pointed at the in-process
 * stand-in. `--rate` signed charge.success notifications a second for `--seconds`, alternating
 * between the processes, one per checkout started beforehand, every tenth sent a second time to
 * the other process: each reply's time (p50, p95, p99), then whether every checkout was credited
 * exactly once (payments, credited checkouts, duplicates). Then the payer's path: a checkout started
 * from /v/{code}, "paid" on the stand-in's checkout, and the time until /v/{code} says "Paid until".
 * Writes bench/paystack-webhooks-results.md. Ports 4100-4199.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { paystackSignature } from '../apps/api/src/modules/online-payments/provider/signature.ts';
import { startPaystackStandin } from '../apps/api/src/modules/online-payments/provider/standin.ts';
import { killServer, launchServer } from '../apps/api/test/resilience/server-process.ts';
import { postgresTestDatabase } from '../apps/api/test/template-database.ts';

const argv = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? Number(argv[at + 1]) : fallback;
};
const RATE = arg('rate', 200);
const SECONDS = arg('seconds', 10);
const COUNT = RATE * SECONDS;
const KEY = 'sk_test_benchpaystack00001';
const PRICE = 150_000;
const PORTS = [4121, 4122];

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function main(): Promise<void> {
  const own = await postgresTestDatabase(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  await own.database.close();
  const client = new pg.Client({ connectionString: own.url });
  await client.connect();
  const standin = await startPaystackStandin({ secretKey: KEY, port: 4120 });
  const servers = PORTS.map((port) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'eticket-paystack-bench-'));
    return launchServer(
      {
        DATABASE_URL: own.url!,
        DATA_DIR: dataDir,
        JWT_SECRET: 'paystack-bench-secret-paystack-bench-secret',
        SEED_ADMIN_EMAIL: 'root@paystack-bench.test',
        SEED_ADMIN_PASSWORD: 'paystack-bench-pass-1',
        WEB_DIST: path.join(dataDir, 'none'),
        FIELD_DIST: path.join(dataDir, 'none'),
        LOG_LEVEL: 'warn',
        DATABASE_POOL_SIZE: '8',
        PAYSTACK_SECRET_KEY: KEY,
        PAYSTACK_BASE_URL: standin.url,
        PUBLIC_URL: `http://127.0.0.1:${PORTS[0]}`,
      },
      port,
    );
  });
  try {
    await Promise.all(servers.map((server) => server.ready));
    standin.webhookUrl = `${servers[0]!.baseUrl}/webhooks/paystack`;

    // COUNT motorists with a keke, a weekly plan, and a checkout each, as POST /v/{code}/pay keeps them.
    const planId = '00000000-0000-4000-8000-00000000b043';
    const run = randomBytes(3).toString('hex');
    await client.query(
      `INSERT INTO subscription_plans (id, name, vehicle_type, price_kobo, created_at, updated_at) VALUES ($1, 'weekly', 'keke', $2, now(), now())`,
      [planId, PRICE],
    );
    await client.query(
      `INSERT INTO users (user_code, full_name, email, phone, password_hash, role, is_motorist, registration_status)
       SELECT 'bench' || $1 || lpad(i::text, 6, '0'), 'bench motorist', 'm' || i || '@bench.test', '0803' || lpad(i::text, 7, '0'), 'x', 'motorist', true, 'approved'
       FROM generate_series(1, $2::int) i`,
      [run, COUNT + 1],
    );
    await client.query(
      `INSERT INTO vehicles (user_id, plate_number, vehicle_model, vehicle_type)
       SELECT id, 'BEN-' || substr(user_code, 12), 'tvs king', 'keke' FROM users WHERE user_code LIKE 'bench' || $1 || '%'`,
      [run],
    );
    // Each with a subscription, as registering a motorist opens one (people/repository.ts).
    await client.query(
      `INSERT INTO ticket_subscriptions (user_id, plan_id, expires_at, created_at, updated_at)
       SELECT id, $2, now(), now(), now() FROM users WHERE user_code LIKE 'bench' || $1 || '%'`,
      [run, planId],
    );
    const { rows: checkouts } = await client.query<{ reference: string }>(
      `INSERT INTO online_payments (provider, reference, motorist_id, kind, plan_id, amount_kobo, currency, created_at)
       SELECT 'paystack', 'LVB' || md5(id::text), id, 'subscription', $2, $3, 'NGN', now()
       FROM users WHERE user_code LIKE 'bench' || $1 || '%' AND user_code <> 'bench' || $1 || lpad(($4::int)::text, 6, '0')
       RETURNING reference`,
      [run, planId, PRICE, COUNT + 1],
    );

    // The notifications: open loop, one every 1000/RATE ms, alternating processes; every tenth again at the other.
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    const sends: Promise<void>[] = [];
    const send = (port: number, body: string) =>
      sends.push(
        (async () => {
          const started = performance.now();
          const response = await fetch(`http://127.0.0.1:${port}/webhooks/paystack`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-paystack-signature': paystackSignature(KEY, body) },
            body,
          });
          await response.arrayBuffer();
          latencies.push(performance.now() - started);
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        })(),
      );
    const start = performance.now();
    for (let i = 0; i < checkouts.length; i++) {
      const due = start + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const reference = checkouts[i]!.reference;
      const body = JSON.stringify({
        event: 'charge.success',
        data: { id: 5_000_000 + i, reference, amount: PRICE, currency: 'NGN', status: 'success', channel: 'card', paid_at: new Date().toISOString() },
      });
      send(PORTS[i % 2]!, body);
      if (i % 10 === 0) send(PORTS[(i + 1) % 2]!, body);
    }
    await Promise.all(sends);
    const sendSeconds = (performance.now() - start) / 1000;

    // Every kept event applied (the answer came first), then the counts.
    const deadline = Date.now() + 120_000;
    let pending = 1;
    while (pending > 0 && Date.now() < deadline) {
      pending = Number((await client.query(`SELECT count(*) AS n FROM payment_webhook_events WHERE signature_ok AND processed_at IS NULL`)).rows[0].n);
      if (pending > 0) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const appliedSeconds = (performance.now() - start) / 1000;
    const count = async (query: string) => Number((await client.query(query, [run])).rows[0].n);
    const payments = await count(
      `SELECT count(*) AS n FROM subscription_payments p JOIN users u ON u.id = p.motorist_id WHERE u.user_code LIKE 'bench' || $1 || '%'`,
    );
    const credited = await count(
      `SELECT count(*) AS n FROM online_payments o JOIN users u ON u.id = o.motorist_id WHERE o.status = 'credited' AND u.user_code LIKE 'bench' || $1 || '%'`,
    );
    const doubled = await count(
      `SELECT count(*) AS n FROM (SELECT p.motorist_id FROM subscription_payments p JOIN users u ON u.id = p.motorist_id WHERE u.user_code LIKE 'bench' || $1 || '%' GROUP BY 1 HAVING count(*) > 1) x`,
    );
    const unbalanced = Number(
      (await client.query(`SELECT count(*) AS n FROM (SELECT entry_id FROM ledger_lines GROUP BY 1 HAVING sum(amount_kobo) <> 0) x`)).rows[0].n,
    );

    // The payer: Pay on /v/{code} → stand-in checkout "Pay" → /v/{code} says "Paid until".
    const payerCode = `bench${run}${String(COUNT + 1).padStart(6, '0')}`;
    const pay = await fetch(`${servers[1]!.baseUrl}/v/${payerCode}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `item=${planId}&phone=`,
      redirect: 'manual',
    });
    const checkoutUrl = pay.headers.get('location') ?? '';
    const paidAt = performance.now();
    const tap = await fetch(`${checkoutUrl}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'channel=card',
      redirect: 'manual',
    });
    await tap.arrayBuffer();
    let pageSaysPaidMs = Number.NaN;
    while (performance.now() - paidAt < 10_000) {
      const page = await (await fetch(`${servers[1]!.baseUrl}/v/${payerCode}`)).text();
      if (page.includes('Paid until')) {
        pageSaysPaidMs = performance.now() - paidAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }

    const sorted = [...latencies].sort((a, b) => a - b);
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    const lines = [
      '# Paystack webhooks: results',
      '',
      `Run ${new Date().toISOString()} by \`npm run bench:paystack -- --rate ${RATE} --seconds ${SECONDS}\`; ${cpus().length} cores, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} at the end (the machine is shared: other engineers' tests run on it).`,
      'Two server processes (tsx, not the build) on one PostgreSQL database; the stand-in in the bench process.',
      '',
      '| Figure | Target | Result |',
      '| --- | --- | --- |',
      `| Notifications sent (${checkouts.length} checkouts, every tenth twice, alternating processes) | ${RATE}/s for ${SECONDS} s | ${latencies.length} in ${sendSeconds.toFixed(1)} s |`,
      `| Reply time p50 / p95 / p99 | p95 ≤ 50 ms | ${ms(quantile(sorted, 0.5))} / ${ms(quantile(sorted, 0.95))} / ${ms(quantile(sorted, 0.99))} |`,
      `| Reply statuses | all 200 | ${[...statuses].map(([status, n]) => `${status}: ${n}`).join(', ')} |`,
      `| All applied after | — | ${appliedSeconds.toFixed(1)} s from the first send (${pending} not applied) |`,
      `| Checkouts credited / payments recorded | ${checkouts.length} / ${checkouts.length} | ${credited} / ${payments} |`,
      `| Motorists paid twice (doubled) | 0 | ${doubled} |`,
      `| Ledger entries not summing to 0 | 0 | ${unbalanced} |`,
      `| Stand-in "Pay" → /v/{code} says "Paid until" | ≤ 2 s | ${Number.isNaN(pageSaysPaidMs) ? 'not within 10 s' : ms(pageSaysPaidMs)} |`,
      '',
    ];
    writeFileSync(path.join(import.meta.dirname, 'paystack-webhooks-results.md'), lines.join('\n'));
    console.log(lines.join('\n'));
  } finally {
    for (const server of servers) await killServer(server, 'SIGTERM');
    await standin.close();
    await client.end();
    await own.drop();
  }
}

await main();
