/**
 * npm run seed:demo — fills the configured database (DATABASE_URL, or DATA_DIR's PGlite) with a
 * believable levy: staff and agents of every kind, a few thousand motorists over keke, bus and bike,
 * plans and penalty charges, and 13 months of registrations, scans, payments, pauses and penalty
 * waivers ending today.
 *
 * Everything goes through the code the API uses: people through the registration's personOf and
 * the people repository (so each motorist's ticket subscription opens with its registration),
 * tickets through the subscription, penalty and field services. A controlled clock walks through
 * the 13 months, so every rule holds: expiry extended from max(now, expiry), penalties once per
 * motorist per Lagos day, payments with idempotency keys, money in kobo. Each simulated
 * month is one transaction (the services' own transactions become savepoints inside it).
 *
 * Options (environment): DEMO_MOTORISTS (default 2000), DEMO_PASSWORD (default demo-pass-2026; 12+ characters, not easy to guess),
 * DEMO_SEED (random seed, default 2026).
 */
import { and, asc, eq } from 'drizzle-orm';
import { passwordWeakness } from '@eticket/contracts';
import { createFileStore } from '../adapters/file-store.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { connectDatabase } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { settings, users } from '../db/schema.ts';
import { addLagosMonths, lagosDay, startOfLagosDay } from '../domain/calendar.ts';
import { controlledClock } from '../lib/clock.ts';
import { hashPassword } from '../platform/credentials/passwords.ts';
import { seedSuperAdmin } from '../seed-admin.ts';
import { seedActivity } from './activity.ts';
import { analyze, writeRecords } from './write.ts';
import { seedPayouts } from './allocation.ts';
import { emailOf, seedStaff } from './people.ts';
import { seedPlans } from './plans.ts';
import { HOUR, randomSource, type DemoStory } from './story.ts';

const SEEDED_MARKER = 'demo_seeded_at';

async function main(): Promise<void> {
  const config = loadConfig();
  const motoristCount = Number(process.env.DEMO_MOTORISTS ?? 2000);
  const demoPassword = process.env.DEMO_PASSWORD ?? 'demo-pass-2026';
  if (!Number.isInteger(motoristCount) || motoristCount < 10 || motoristCount > 100_000)
    throw new ConfigError('DEMO_MOTORISTS must be a whole number from 10 to 100000');
  const weakness = passwordWeakness(demoPassword);
  if (weakness) throw new ConfigError(`DEMO_PASSWORD ${weakness}`);
  const random = randomSource(Number(process.env.DEMO_SEED ?? 2026));

  const database = await connectDatabase({ url: config.DATABASE_URL, pgliteDir: config.pgliteDir, poolSize: 4 });
  const started = Date.now();
  try {
    await migrate(database);
    const { db } = database;
    const [marker] = await db.select().from(settings).where(eq(settings.key, SEEDED_MARKER));
    if (marker) {
      console.log(`This database already has the demo data (seeded ${String(marker.value)}); nothing to do.`);
      return;
    }
    const seededAdmin = await seedSuperAdmin(db, { email: config.SEED_ADMIN_EMAIL, password: config.SEED_ADMIN_PASSWORD });
    const [superAdmin] = await db
      .select({ id: users.id, email: users.email, userCode: users.userCode })
      .from(users)
      .where(and(eq(users.role, 'super-admin'), eq(users.isDeleted, false)))
      .orderBy(asc(users.createdAt))
      .limit(1);

    const end = new Date();
    const firstDay = lagosDay(addLagosMonths(end, -13));
    const clock = controlledClock(new Date(startOfLagosDay(firstDay).getTime() + 7 * HOUR));
    const passwordHash = await hashPassword(demoPassword);
    console.log(`Seeding ${motoristCount} motorists and 13 months of activity from ${firstDay} to ${lagosDay(end)} (${database.kind})…`);

    const files = await createFileStore(config);
    const story: DemoStory = { db, clock, random, superAdmin, demoPassword, passwordHash, firstDay, end, startedAt: started, files };

    // Staff, agents and unions, and the plans, on the first morning; then the months; then the payouts.
    const staff = await seedStaff(story);
    const planIds = await seedPlans(story);
    const prepared = Date.now();
    const { stats, records } = await seedActivity(story, staff, planIds, motoristCount);
    const simulated = Date.now();
    const timings = await writeRecords(db, records);
    const written = Date.now();
    const payouts = await db.transaction((tx) => seedPayouts(tx, clock, staff.admins[0], firstDay, end, random.next));

    await db.insert(settings).values({ key: SEEDED_MARKER, value: new Date().toISOString() });
    await analyze(db);
    const seconds = (since: number, until = Date.now()) => ((until - since) / 1000).toFixed(1);
    console.log(`\nDemo data ready in ${seconds(started)} s (migrations, staff and plans ${seconds(started, prepared)} s, the months ${seconds(prepared, simulated)} s, writing them ${seconds(simulated, written)} s, payouts and ANALYZE ${seconds(written)} s):`);
    console.log(`  ${stats.motorists} motorists; ${stats.subscriptionPayments} subscription payments; ${stats.penaltyPayments} penalty payments;`);
    console.log(`  ${stats.scans} scans (${stats.penalties} added a penalty); ${stats.pauses} pauses; ${stats.waivers} penalty waivers;`);
    console.log(`  ${staff.unions.length} unions sharing the revenue, ${payouts} monthly payouts to them.`);
    const slowest = [...timings].sort((a, b) => b[1] - a[1]).slice(0, 6);
    console.log(`  writing: ${slowest.map(([table, s]) => `${table} ${s.toFixed(1)} s`).join(', ')}`);
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
