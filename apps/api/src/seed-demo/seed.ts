// The demo seed as a function (main.ts is its command): staff, plans and stakeholders through the
// services on the first morning; the months in memory by the services' rules (activity.ts), written
// in batches (write.ts); the payouts through the allocation service; ANALYZE.
import { and, asc, eq } from 'drizzle-orm';
import type { FileStore } from '../adapters/files.ts';
import type { DatabaseHandle } from '../db/connect.ts';
import { settings, users } from '../db/schema';
import { addLagosMonths, lagosDay, startOfLagosDay } from '../domain/calendar.ts';
import { controlledClock } from '../lib/clock.ts';
import { hashPassword } from '../platform/credentials/passwords.ts';
import { seedSuperAdmin } from '../seed-admin.ts';
import { seedActivity, type ActivityStats } from './activity.ts';
import { seedPayouts } from './allocation.ts';
import { seedStaff, type DemoStaff } from './people.ts';
import { seedPlans } from './plans.ts';
import { HOUR, randomSource, type DemoStory } from './story.ts';
import { analyze, writeRecords, type WriteTimings } from './write.ts';

const SEEDED_MARKER = 'demo_seeded_at';

export interface DemoOptions {
  motoristCount: number;
  demoPassword: string;
  /** The random seed: the same seed tells the same story. */
  seed: number;
  files: FileStore;
  /** The first super-admin, made when there is none (as npm start would). */
  admin: { email: string; password?: string };
  /** Told of the months' progress. */
  log?: (line: string) => void;
}

export interface DemoSeeded {
  stats: ActivityStats;
  staff: DemoStaff;
  payouts: number;
  seededAdmin: Awaited<ReturnType<typeof seedSuperAdmin>>;
  firstDay: string;
  /** Seconds: migrations are the caller's; then staff and plans, the months, writing them, the payouts, ANALYZE. */
  seconds: { prepared: number; simulated: number; written: number; paid: number; analyzed: number };
  timings: WriteTimings;
}

/** Seeds the demo into a migrated database; when it has the demo already, says since when and does nothing. */
export async function seedDemo(database: DatabaseHandle, options: DemoOptions): Promise<DemoSeeded | { alreadySeededAt: string }> {
  const { db } = database;
  const started = Date.now();
  const [marker] = await db.select().from(settings).where(eq(settings.key, SEEDED_MARKER));
  if (marker) return { alreadySeededAt: String(marker.value) };
  const seededAdmin = await seedSuperAdmin(db, options.admin);
  const [superAdmin] = await db
    .select({ id: users.id, email: users.email, userCode: users.userCode })
    .from(users)
    .where(and(eq(users.role, 'super-admin'), eq(users.isDeleted, false)))
    .orderBy(asc(users.createdAt))
    .limit(1);

  const end = new Date();
  const firstDay = lagosDay(addLagosMonths(end, -13));
  const clock = controlledClock(new Date(startOfLagosDay(firstDay).getTime() + 7 * HOUR));
  const random = randomSource(options.seed);
  const passwordHash = await hashPassword(options.demoPassword);
  const story: DemoStory = {
    db,
    clock,
    random,
    superAdmin,
    demoPassword: options.demoPassword,
    passwordHash,
    firstDay,
    end,
    startedAt: started,
    files: options.files,
    log: options.log ?? (() => {}),
  };

  // Staff, agents and unions, and the plans, on the first morning; then the months; then the payouts.
  const staff = await seedStaff(story);
  const planIds = await seedPlans(story);
  const prepared = Date.now();
  const { stats, records } = await seedActivity(story, staff, planIds, options.motoristCount);
  const simulated = Date.now();
  const timings = await writeRecords(db, records);
  const written = Date.now();
  const payouts = await db.transaction((tx) => seedPayouts(tx, clock, staff.admins[0], firstDay, end, random.next));
  await db.insert(settings).values({ key: SEEDED_MARKER, value: new Date().toISOString() });
  const paid = Date.now();
  await analyze(db);
  const since = (from: number, to: number) => (to - from) / 1000;
  const finished = Date.now();
  return {
    stats,
    staff,
    payouts,
    seededAdmin,
    firstDay,
    seconds: {
      prepared: since(started, prepared),
      simulated: since(prepared, simulated),
      written: since(simulated, written),
      paid: since(written, paid),
      analyzed: since(paid, finished),
    },
    timings,
  };
}
