import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DB, type TestContext } from '../../../test/harness.ts';
import { createLocalFileStore } from '../../adapters/files.ts';
import { rowsOf } from '../../db/rows.ts';
import { seedDemo } from '../../seed-demo/seed.ts';
import { fieldFlagsOn } from './index.ts';

/**
 * Issue 44: on the demo seed's ordinary activity (a small levy: 120 motorists, 13 months), fewer than
 * 1 % of agents are flagged. The seed's scans carry no place, so each enforcer is given a beat (a
 * point in Lagos of their own) and each scan a place within about 400 m of it, as a phone's fix of an
 * enforcer working their beat would be; then every scan and payment is put through the rules as it
 * would have arrived, in the order received.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  const files = createLocalFileStore(path.join(ctx.dataDir, 'uploads'), 'seed-test-secret');
  const result = await seedDemo(ctx.database, { motoristCount: 120, demoPassword: 'demo-pass-2026', seed: 44, files, admin: { email: 'admin@seed.test' } });
  if ('alreadySeededAt' in result) throw new Error('a fresh database has no demo yet');
  // Beats: each enforcer's point from their id's hash, within about 20 km of the city centre; each scan within about 400 m of it.
  await ctx.database.db.execute(sql`
    UPDATE scans SET
      latitude = 6.52 + ((('x' || substr(md5(agent_id::text), 1, 6))::bit(24)::int % 360) - 180) / 1000.0
                      + ((('x' || substr(md5(id::text), 1, 4))::bit(16)::int % 8) - 4) / 1000.0,
      longitude = 3.38 + ((('x' || substr(md5(agent_id::text), 7, 6))::bit(24)::int % 360) - 180) / 1000.0
                      + ((('x' || substr(md5(id::text), 5, 4))::bit(16)::int % 8) - 4) / 1000.0,
      location_accuracy = 20`);
}, 600_000);
afterAll(async () => ctx.close());

describe(`the flag rules on the demo seed's ordinary activity (${TEST_DB})`, () => {
  it('flag fewer than 1 % of agents', async () => {
    const db = ctx.database.db;
    const flags = fieldFlagsOn(db);
    const scans = await rowsOf<{
      id: string;
      agent_id: string;
      motorist_id: string;
      created_at: string;
      received_at: string;
      latitude: number;
      longitude: number;
    }>(
      db,
      sql`SELECT id, agent_id, motorist_id, created_at, coalesce(received_at, created_at) AS received_at, latitude, longitude FROM scans ORDER BY received_at, id`,
    );
    expect(scans.length).toBeGreaterThan(100);
    for (const scan of scans) {
      await flags.afterScan({
        scanId: scan.id,
        agentId: scan.agent_id,
        motoristId: scan.motorist_id,
        at: new Date(scan.created_at),
        received: new Date(scan.received_at),
        place: { latitude: Number(scan.latitude), longitude: Number(scan.longitude), accuracy: 20 },
      });
    }
    const payments = await rowsOf<{ id: string; remitter_id: string; motorist_id: string; created_at: string; received_at: string }>(
      db,
      sql`SELECT id, remitter_id, motorist_id, created_at, coalesce(received_at, created_at) AS received_at FROM subscription_payments WHERE remitter_id IS NOT NULL
          UNION ALL
          SELECT id, remitter_id, motorist_id, created_at, coalesce(received_at, created_at) FROM penalty_payments WHERE remitter_id IS NOT NULL`,
    );
    for (const payment of payments) {
      await flags.afterPayment({
        paymentId: payment.id,
        agentId: payment.remitter_id,
        motoristId: payment.motorist_id,
        at: new Date(payment.created_at),
        received: new Date(payment.received_at),
      });
    }
    const [agents] = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM users WHERE agent_role IS NOT NULL AND NOT is_deleted`);
    const [flagged] = await rowsOf<{ n: number }>(db, sql`SELECT count(DISTINCT agent_id)::int AS n FROM field_flags`);
    const byRule = await rowsOf<{ rule: string; n: number }>(db, sql`SELECT rule, count(*)::int AS n FROM field_flags GROUP BY rule`);
    expect(Number(agents.n)).toBeGreaterThan(0);
    expect(Number(flagged.n) / Number(agents.n), `flagged ${flagged.n} of ${agents.n} agents: ${JSON.stringify(byRule)}`).toBeLessThan(0.01);
  }, 600_000);
});
