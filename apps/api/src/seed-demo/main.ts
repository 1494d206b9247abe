/**
 * npm run seed:demo — fills the configured database (DATABASE_URL, or DATA_DIR's PGlite) with a
 * believable levy: staff and agents of every kind, a few thousand motorists over keke, bus and bike,
 * plans and penalty charges, and 13 months of registrations, scans, payments, pauses and penalty
 * waivers ending today.
 *
 * Staff, plans and stakeholders go through the services on the first morning. The months are told in
 * memory by the services' own rules (registration's personOf, the subscription lifecycle, the field
 * service's payments and scans, the tills' cash limits and closes, the ledger's posting rules): a
 * controlled clock walks through them, so expiry is extended from max(now, expiry), penalties come
 * once per motorist per Lagos day, money is in kobo. Their rows are then written in batches, the
 * counters recounted, the payouts made through the allocation service, and ANALYZE run (seed.ts).
 *
 * Options (environment): DEMO_MOTORISTS (default 2000), DEMO_PASSWORD (default demo-pass-2026; 12+ characters, not easy to guess),
 * DEMO_SEED (random seed, default 2026).
 */
import { passwordWeakness } from '@eticket/contracts';
import { createFileStore } from '../adapters/file-store.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { connectDatabase } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { lagosDay } from '../domain/calendar.ts';
import { emailOf } from './people.ts';
import { seedDemo } from './seed.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const motoristCount = Number(process.env.DEMO_MOTORISTS ?? 2000);
  const demoPassword = process.env.DEMO_PASSWORD ?? 'demo-pass-2026';
  if (!Number.isInteger(motoristCount) || motoristCount < 10 || motoristCount > 100_000)
    throw new ConfigError('DEMO_MOTORISTS must be a whole number from 10 to 100000');
  const weakness = passwordWeakness(demoPassword);
  if (weakness) throw new ConfigError(`DEMO_PASSWORD ${weakness}`);

  const database = await connectDatabase({ url: config.DATABASE_URL, pgliteDir: config.pgliteDir, poolSize: 4 });
  const started = Date.now();
  try {
    await migrate(database);
    const migrated = Date.now();
    console.log(`Seeding ${motoristCount} motorists and 13 months of activity to ${lagosDay(new Date())} (${database.kind})…`);
    const seeded = await seedDemo(database, {
      motoristCount,
      demoPassword,
      seed: Number(process.env.DEMO_SEED ?? 2026),
      files: await createFileStore(config),
      admin: { email: config.SEED_ADMIN_EMAIL, password: config.SEED_ADMIN_PASSWORD },
      log: (line) => console.log(line),
    });
    if ('alreadySeededAt' in seeded) {
      console.log(`This database already has the demo data (seeded ${seeded.alreadySeededAt}); nothing to do.`);
      return;
    }
    const { stats, staff, payouts, seededAdmin, seconds: s, timings } = seeded;
    const total = ((Date.now() - started) / 1000).toFixed(1);
    const part = (n: number) => `${n.toFixed(1)} s`;
    console.log(`\nDemo data ready in ${total} s, from ${seeded.firstDay}:`);
    console.log(
      `  migrations ${part((migrated - started) / 1000)}, staff and plans ${part(s.prepared)}, the months ${part(s.simulated)}, writing them ${part(s.written)}, payouts ${part(s.paid)}, ANALYZE ${part(s.analyzed)}`,
    );
    const slowest = [...timings].sort((a, b) => b[1] - a[1]).slice(0, 6);
    console.log(`  writing: ${slowest.map(([table, n]) => `${table} ${part(n)}`).join(', ')}`);
    console.log(`  ${stats.motorists} motorists; ${stats.subscriptionPayments} subscription payments; ${stats.penaltyPayments} penalty payments;`);
    console.log(`  ${stats.scans} scans (${stats.penalties} added a penalty); ${stats.pauses} pauses; ${stats.waivers} penalty waivers;`);
    console.log(`  ${staff.unions.length} unions sharing the revenue, ${payouts} monthly payouts to them.`);
    const t = stats.tills;
    console.log(
      `  ${t.closes} till closes: ${t.approved} approved (${t.short} short, ${t.over} over), ${t.rejected} rejected; ${t.cashRefused} cash collections refused by the limits and taken by transfer.`,
    );
    if (seededAdmin) {
      console.log(`\nCreated the super-admin ${seededAdmin.email} (Unique ID ${seededAdmin.userCode}).`);
      if (seededAdmin.generatedPassword) console.log(`Its password, shown only this once: ${seededAdmin.generatedPassword}`);
    }
    console.log(`\nEvery demo account's password: ${demoPassword}`);
    console.log(`  admin:            ${emailOf('admin1')}`);
    console.log(`  managers:         ${emailOf('registrar-manager1')}, ${emailOf('enforcer-manager1')}, ${emailOf('remitter-manager1')}`);
    console.log(`  field agents:     ${emailOf('registrar1')} (console), ${emailOf('enforcer1')} and ${emailOf('remitter1')} (field calls only)`);
    console.log(`  union:            ${emailOf('union-keke')}, ${emailOf('union-government')}`);
  } finally {
    await database.close();
  }
}

try {
  await main();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
}
