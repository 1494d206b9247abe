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
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import {
  PLAN_NAMES,
  VEHICLE_TYPES,
  agentRegistration,
  managerRegistration,
  motoristRegistration,
  type Department,
  type ModeOfPayment,
  type PlanName,
  type UnionRole,
  type VehicleType,
  adminRegistration,
  passwordWeakness,
  unionRegistration,
} from '@eticket/contracts';
import { ConfigError, loadConfig } from './config.ts';
import { connectDatabase, type Database } from './db/connect.ts';
import { migrate } from './db/migrate.ts';
import { settings, users } from './db/schema.ts';
import { personOf, type Registration } from './modules/people/registration.ts';
import { createPeopleRepository } from './modules/people/repository.ts';
import { fieldOn } from './modules/field/index.ts';
import { penaltiesOn } from './modules/penalties/index.ts';
import { subscriptionsOn } from './modules/subscriptions/index.ts';
import { addLagosDays, addLagosMonths, lagosDay, startOfLagosDay } from './domain/calendar.ts';
import { controlledClock, type Clock } from './lib/clock.ts';
import { newUserCode } from './domain/codes.ts';
import { toKobo } from './domain/money.ts';
import { hashPassword } from './platform/credentials/passwords.ts';
import { seedSuperAdmin } from './seed-admin.ts';
import { seedPayouts, seedStakeholders, type DemoUnion } from './seed-demo-allocation.ts';

/** The services the seed goes through, on one transaction (a simulated month). */
function ticketServices(tx: Database, clock: Clock) {
  const subscriptions = subscriptionsOn(tx, clock);
  return { subscriptions, penalties: penaltiesOn(tx, clock, subscriptions), field: fieldOn(tx, clock) };
}
type TicketServices = ReturnType<typeof ticketServices>;

const SEEDED_MARKER = 'demo_seeded_at';
const HOUR = 3600_000;
const DAY = 24 * HOUR;

// ---------------------------------------------------------------------------------------------
// A small deterministic random source, so two runs with the same DEMO_SEED tell the same story.

function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
    weighted: <T>(choices: ReadonlyArray<readonly [T, number]>): T => {
      const total = choices.reduce((sum, [, w]) => sum + w, 0);
      let r = next() * total;
      for (const [value, weight] of choices) {
        r -= weight;
        if (r < 0) return value;
      }
      return choices[choices.length - 1][0];
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The levy's prices (naira) and people

const PRICES: Record<VehicleType, Record<PlanName, number>> = {
  keke: { daily: 500, weekly: 3000, monthly: 11000, '3 months': 32000, '6 months': 62000, yearly: 120000 },
  bus: { daily: 800, weekly: 5000, monthly: 18500, '3 months': 54000, '6 months': 105000, yearly: 200000 },
  bike: { daily: 300, weekly: 1800, monthly: 6500, '3 months': 19000, '6 months': 37000, yearly: 72000 },
};
const PENALTY_CHARGES: Record<VehicleType, number> = { keke: 2000, bus: 3500, bike: 1500 };
const VEHICLE_MIX = [['keke', 50], ['bus', 20], ['bike', 30]] as const;
const PLAN_MIX = [['daily', 0.25], ['weekly', 7], ['monthly', 60], ['3 months', 19], ['6 months', 9], ['yearly', 4.75]] as const;
const MODE_MIX = [['cash', 45], ['transfer', 30], ['pos', 20], ['card', 5]] as const satisfies ReadonlyArray<readonly [ModeOfPayment, number]>;
const BANKS = ['access bank', 'gtbank', 'first bank', 'zenith bank', 'uba', 'opay', 'moniepoint', 'palmpay', 'fidelity bank', 'wema bank'];
const MODELS: Record<VehicleType, string[]> = {
  keke: ['bajaj re', 'tvs king', 'piaggio ape'],
  bus: ['toyota hiace', 'volkswagen t3', 'mazda e2000', 'nissan urvan'],
  bike: ['bajaj boxer', 'honda ace', 'tvs hlx', 'qlink'],
};
const ROUTES = ['oshodi - ikeja', 'yaba - obalende', 'ojota - ketu', 'ikorodu - mile 12', 'ajah - lekki', 'mushin - idumota', 'agege - abule egba', 'surulere - costain', 'festac - mile 2', 'iyana ipaja - egbeda'];
const FIRST = ['adebayo', 'chinedu', 'emeka', 'tunde', 'ibrahim', 'musa', 'segun', 'kelechi', 'femi', 'yusuf', 'olumide', 'obinna', 'aliyu', 'kunle', 'uche', 'ayodele', 'babatunde', 'ngozi', 'funmilayo', 'aisha', 'chioma', 'bisi', 'halima', 'yetunde', 'amaka', 'blessing', 'kehinde', 'taiwo', 'sunday', 'godwin', 'nnamdi', 'abdul', 'sani', 'rotimi', 'gbenga', 'ifeanyi', 'chukwuma', 'dayo', 'lanre', 'wale'];
const LAST = ['okafor', 'adeyemi', 'balogun', 'okonkwo', 'bello', 'abubakar', 'eze', 'ogunleye', 'nwosu', 'adebisi', 'lawal', 'ibekwe', 'olawale', 'danjuma', 'afolabi', 'onyeka', 'salami', 'okeke', 'oyelaran', 'akinola', 'ogundipe', 'uzor', 'yakubu', 'fashola', 'ajayi', 'obi', 'chukwu', 'adewale', 'oni', 'ekwueme'];
const PLATE_AREAS = ['kja', 'lsr', 'epe', 'ikd', 'apa', 'mus', 'agl', 'ktu', 'fst', 'ejg'];

interface Motorist {
  id: string;
  userCode: string;
  vehicleType: VehicleType;
  plan: PlanName;
  planId: string;
  /** Chance a day that they pay once due. */
  compliance: number;
  /** When their paid time ends (from the services' answers). */
  expiresAt: Date;
  outstandingKobo: number;
  pausedUntil: Date | null;
  approved: boolean;
}

interface Agent {
  id: string;
  userCode: string;
  email: string;
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const config = loadConfig();
  const motoristCount = Number(process.env.DEMO_MOTORISTS ?? 2000);
  const demoPassword = process.env.DEMO_PASSWORD ?? 'demo-pass-2026';
  if (!Number.isInteger(motoristCount) || motoristCount < 10 || motoristCount > 100_000) throw new ConfigError('DEMO_MOTORISTS must be a whole number from 10 to 100000');
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

    // ---- staff, agents and unions, registered on the first morning
    let serial = 0;
    const phone = () => `0809${String((serial += 1)).padStart(7, '0')}`;
    const name = () => `${random.pick(FIRST)} ${random.pick(LAST)}`;
    const emailOf = (label: string) => `${label}@demo.eticketing.ng`;

    async function register(tx: Database, registration: Registration, addedBy: string, at: Date, approve = true): Promise<Agent> {
      const userCode = newUserCode();
      const people = createPeopleRepository(tx);
      const { id } = await people.insertPerson(personOf(registration, {}, { userCode, passwordHash, addedBy, at }));
      if (approve) await people.approve(id, superAdmin.id, new Date(at.getTime() + random.int(10, 180) * 60_000));
      return { id, userCode, email: registration.input.email };
    }

    const staff = await db.transaction(async (tx) => {
      const at = clock.now();
      const common = (label: string) => ({ email: emailOf(label), password: demoPassword, fullName: name(), phone: phone() });
      const guarantor = () => ({ guarantorsName: name(), guarantorsPhone: phone(), guarantorsAddress: `${random.int(1, 90)} ${random.pick(['allen avenue', 'adeniran ogunsanya street', 'awolowo road', 'bode thomas street'])}, lagos`, guarantorsIDType: 'nin' });
      const admins: Agent[] = [];
      for (let i = 1; i <= 2; i += 1) {
        admins.push(await register(tx, { kind: 'admin', input: adminRegistration.parse({ ...common(`admin${i}`), idType: 'nin', maritalStatus: 'married', address: 'alausa secretariat, ikeja' }) }, superAdmin.id, at));
      }
      const managers: Record<Department, Agent[]> = { 'registrar-manager': [], 'enforcer-manager': [], 'remitter-manager': [] };
      for (const department of Object.keys(managers) as Department[]) {
        for (let i = 1; i <= 2; i += 1) {
          const label = `${department}${i}`;
          managers[department].push(
            await register(tx, { kind: 'manager', input: managerRegistration.parse({ ...common(label), address: 'alausa secretariat, ikeja', department, maritalStatus: 'married', idType: 'nin', ...guarantor() }) }, admins[0].id, at),
          );
        }
      }
      const agents = { registrar: [] as Agent[], enforcer: [] as Agent[], remitter: [] as Agent[] };
      const counts = { registrar: 6, enforcer: 14, remitter: 14 };
      for (const role of ['registrar', 'enforcer', 'remitter'] as const) {
        for (let i = 1; i <= counts[role]; i += 1) {
          agents[role].push(
            await register(tx, { kind: 'agent', input: agentRegistration.parse({ ...common(`${role}${i}`), address: `${random.int(1, 60)} ikorodu road, lagos`, route: random.pick(ROUTES), role, maritalStatus: random.pick(['single', 'married']), idType: 'nin', ...guarantor() }) }, admins[0].id, at),
          );
        }
      }
      // One pending registrar and one suspended enforcer, for the lists' filters.
      await register(tx, { kind: 'agent', input: agentRegistration.parse({ ...common('registrar-pending'), address: '5 ikorodu road, lagos', route: ROUTES[0], role: 'registrar', ...guarantor() }) }, admins[0].id, at, false);
      const suspended = await register(tx, { kind: 'agent', input: agentRegistration.parse({ ...common('enforcer-suspended'), address: '7 ikorodu road, lagos', route: ROUTES[1], role: 'enforcer', ...guarantor() }) }, admins[0].id, at);
      await createPeopleRepository(tx).suspend(suspended.id, admins[0].id, new Date(at.getTime() + DAY));
      const unions: DemoUnion[] = [];
      const unionSpecs: Array<[UnionRole, string]> = [['keke', 'keke riders association of lagos'], ['bus', 'road transport employers association'], ['bike', 'okada riders union'], ['shareholder', 'e-ticketing ventures ltd'], ['government', 'lagos state government'], ['others', 'lagos parks management']];
      for (const [role, unionName] of unionSpecs) {
        const union = await register(tx, { kind: 'union', input: unionRegistration.parse({ ...common(`union-${role}`), role, unionName }) }, superAdmin.id, at);
        unions.push({ id: union.id, role, unionName });
      }
      // Each union's share of the revenue and its bank account, set up that morning.
      await seedStakeholders(tx, clock, admins[0], unions);
      return { admins, managers, agents, unions };
    });

    // ---- plans and penalty charges, through the services
    const planIds = new Map<string, string>();
    await db.transaction(async (tx) => {
      const services = ticketServices(tx, clock);
      for (const vehicleType of VEHICLE_TYPES) {
        for (const plan of PLAN_NAMES) {
          const created = await services.subscriptions.createPlan(superAdmin, { name: plan, vehicleType, price: PRICES[vehicleType][plan] });
          planIds.set(`${plan}:${vehicleType}`, created.id);
        }
        await services.penalties.createCharge(superAdmin, { vehicleType, price: PENALTY_CHARGES[vehicleType] });
      }
    });

    // ---- when motorists register: a launch wave in the first month, then steady growth
    const days: string[] = [];
    for (let day = firstDay; startOfLagosDay(day) <= end; day = lagosDay(addLagosDays(startOfLagosDay(day), 1))) days.push(day);
    const registrationsPerDay = new Array<number>(days.length).fill(0);
    for (let i = 0; i < motoristCount; i += 1) {
      const launch = random.chance(0.35);
      const index = launch ? random.int(0, Math.min(29, days.length - 1)) : Math.floor(Math.sqrt(random.next()) * (days.length - 1));
      registrationsPerDay[index] += 1;
    }

    const motorists: Motorist[] = [];
    const stats = { scans: 0, penalties: 0, subscriptionPayments: 0, penaltyPayments: 0, pauses: 0, waivers: 0 };
    const { enforcer: enforcers, remitter: remitters, registrar: registrars } = staff.agents;
    const admin = staff.admins[0];
    const means = () => {
      const modeOfPayment = random.weighted(MODE_MIX);
      return { modeOfPayment, bankName: modeOfPayment === 'cash' ? undefined : random.pick(BANKS) };
    };
    let motoristSerial = 0;
    let lastReport = Date.now();

    /** One day of the levy, on the services of the month's transaction; false once past today. */
    async function simulateDay(d: number, services: TicketServices, tx: Database): Promise<boolean> {
      const dayStart = startOfLagosDay(days[d]);
      const at = (hour: number) => new Date(Math.min(dayStart.getTime() + hour * HOUR + random.int(0, 59) * 60_000 + random.int(0, 59) * 1000, end.getTime()));
      if (dayStart.getTime() + 6 * HOUR > end.getTime()) return false;
      const weekday = new Date(dayStart.getTime() + 12 * HOUR).getUTCDay(); // 0 = Sunday
      const working = weekday !== 0;

      // The day's events, in time order.
      type Event = { at: Date; run: (services: TicketServices, tx: Database) => Promise<void> };
      const events: Event[] = [];

      // Registrations (each motorist's subscription opens with it, unpaid); most pay the first time the same day.
      for (let i = 0; i < registrationsPerDay[d]; i += 1) {
        const registeredAt = at(random.int(8, 15));
        events.push({
          at: registeredAt,
          run: async (services, tx) => {
            motoristSerial += 1;
            const vehicleType = random.weighted(VEHICLE_MIX);
            const plan = random.weighted(PLAN_MIX);
            const first = random.pick(FIRST);
            const last = random.pick(LAST);
            const input = motoristRegistration.parse({
              email: `${first}.${last}.${motoristSerial}@demo.eticketing.ng`,
              password: demoPassword,
              fullName: `${first} ${last}`,
              phone: `080${String(10_000_000 + motoristSerial).slice(-8)}`,
              address: `${random.int(1, 120)} ${random.pick(['herbert macaulay way', 'agege motor road', 'ikorodu road', 'lagos-abeokuta expressway', 'apapa road'])}, lagos`,
              dob: `${random.int(1965, 2002)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
              gender: random.chance(0.93) ? 'male' : 'female',
              maritalStatus: random.pick(['single', 'married', 'married', 'divorced']),
              idType: random.pick(['nin', 'drivers-license', 'business-id']),
              route: random.pick(ROUTES),
              plateNumber: `${random.pick(PLATE_AREAS)} ${String(motoristSerial).padStart(4, '0')} ${String.fromCharCode(97 + random.int(0, 25))}${String.fromCharCode(97 + random.int(0, 25))}`,
              vehicleType,
              vehicleModel: random.pick(MODELS[vehicleType]),
              subscription: plan,
            });
            const registrar = random.pick(registrars);
            const registered = await register(tx, { kind: 'motorist', input }, registrar.id, clock.now(), !random.chance(0.02));
            const motorist: Motorist = {
              id: registered.id,
              userCode: registered.userCode,
              vehicleType,
              plan,
              planId: planIds.get(`${plan}:${vehicleType}`)!,
              compliance: random.weighted([[0.97, 35], [0.8, 30], [0.45, 22], [0.15, 13]] as const),
              expiresAt: clock.now(),
              outstandingKobo: 0,
              pausedUntil: null,
              approved: true,
            };
            motorists.push(motorist);
            // Most pay for the first time at registration.
            if (random.chance(motorist.compliance)) {
              clock.set(new Date(clock.now().getTime() + random.int(5, 40) * 60_000));
              const { body } = await services.field.paySubscription({ id: random.pick(remitters).id }, randomUUID(), {
                userCode: motorist.userCode,
                subscriptionId: motorist.planId,
                ...means(),
              });
              stats.subscriptionPayments += 1;
              motorist.expiresAt = new Date(body.data.ticketSubscription.subscriptionExpiryDate);
            }
          },
        });
      }

      // Payments of motorists whose paid time runs out today (or already has).
      const dueBy = dayStart.getTime() + DAY + (working ? 0 : DAY);
      for (const m of motorists) {
        if (m.pausedUntil) {
          if (m.pausedUntil <= dayStart) {
            m.pausedUntil = null;
            events.push({
              at: at(9),
              run: async (services) => {
                const view = await services.subscriptions.resume(admin, m.id);
                m.expiresAt = new Date(view.subscriptionExpiryDate);
              },
            });
          }
          continue;
        }
        if (m.expiresAt.getTime() >= dueBy) continue;
        const lapsed = m.expiresAt.getTime() < dayStart.getTime();
        if (!random.chance(lapsed ? m.compliance * 0.35 : m.compliance) || (m.plan === 'daily' && !working && random.chance(0.7))) continue;
        const paidAt = at(random.int(6, 17));
        const remitter = random.pick(remitters);
        events.push({
          at: paidAt,
          run: async (services) => {
            const { body } = await services.field.paySubscription({ id: remitter.id }, randomUUID(), {
              userCode: m.userCode,
              subscriptionId: m.planId,
              ...means(),
            });
            stats.subscriptionPayments += 1;
            m.expiresAt = new Date(body.data.ticketSubscription.subscriptionExpiryDate);
            m.outstandingKobo = toKobo(body.data.ticketSubscription.outstandingPayment);
            // Settling penalties while at the remitter: all, or part.
            if (m.outstandingKobo > 0 && random.chance(0.7)) {
              const kobo = random.chance(0.75) ? m.outstandingKobo : Math.max(100_00, Math.floor(m.outstandingKobo / 2 / 100_00) * 100_00);
              const paid = await services.field.payPenalty({ id: remitter.id }, randomUUID(), {
                userCode: m.userCode,
                amount: Math.min(kobo, m.outstandingKobo) / 100,
                ...means(),
              });
              stats.penaltyPayments += 1;
              m.outstandingKobo = toKobo(paid.body.data.ticketSubscription.outstandingPayment);
            }
          },
        });
      }

      // Enforcers at work (not on Sundays): about one motorist in sixty is stopped each day, two in five
      // them picked out because no valid ticket shows (their paid time and grace have run out).
      if (working && motorists.length > 0) {
        const perEnforcer = motorists.length / 60 / enforcers.length;
        const graceOver = dayStart.getTime() - 3 * DAY;
        const lapsed = motorists.filter((x) => !x.pausedUntil && x.expiresAt.getTime() < graceOver);
        for (const enforcer of enforcers) {
          const scansToday = Math.round(perEnforcer * (0.5 + random.next()));
          for (let i = 0; i < scansToday; i += 1) {
            const m = lapsed.length > 0 && random.chance(0.4) ? random.pick(lapsed) : random.pick(motorists);
            events.push({
              at: at(random.int(7, 18)),
              run: async (services) => {
                const scan = (await services.field.scan({ id: enforcer.id }, { userCode: m.userCode })).body;
                stats.scans += 1;
                if (scan.penaltyAdded > 0) stats.penalties += 1;
                m.outstandingKobo = toKobo(scan.outstandingPayment);
              },
            });
          }
        }
      }

      // Now and then a vehicle is off the road for repairs: an admin pauses its subscription.
      if (motorists.length > 0 && random.chance(Math.min(0.5, motorists.length / 4000))) {
        const m = random.pick(motorists);
        if (!m.pausedUntil && m.expiresAt.getTime() > dayStart.getTime()) {
          m.pausedUntil = addLagosDays(dayStart, random.int(5, 20));
          events.push({
            at: at(10),
            run: async (services) => {
              await services.subscriptions.pause(admin, m.id);
              stats.pauses += 1;
            },
          });
        }
      }

      // On Mondays an admin waives or halves a couple of penalties.
      if (weekday === 1) {
        const owing = motorists.filter((x) => x.outstandingKobo > 0);
        for (const m of owing.length > 0 ? [random.pick(owing), random.pick(owing)] : []) {
          events.push({
            at: at(11),
            run: async (services) => {
              const price = random.chance(0.5) ? 0 : Math.floor(m.outstandingKobo / 2 / 100) * 100;
              const view = await services.penalties.setOutstanding({ id: admin.id }, { subscriptionId: m.id, price: price / 100, reason: price === 0 ? 'waived after review' : 'halved after review' });
              m.outstandingKobo = toKobo(view.outstandingPayment);
              stats.waivers += 1;
            },
          });
        }
      }

      events.sort((a, b) => a.at.getTime() - b.at.getTime());
      for (const event of events) {
        clock.set(event.at);
        await event.run(services, tx);
      }

      if (Date.now() - lastReport > 10_000) {
        lastReport = Date.now();
        console.log(`  ${days[d]}: ${motorists.length} motorists, ${stats.subscriptionPayments} payments, ${stats.scans} scans (${Math.round((Date.now() - started) / 1000)} s)`);
      }
      return true;
    }

    // A transaction per month: the services' own transactions are savepoints inside it, and the
    // embedded database syncs to disk a dozen times rather than once a day.
    let going = true;
    for (let d = 0; going && d < days.length; ) {
      const month = days[d].slice(0, 7);
      await db.transaction(async (tx) => {
        // No receiptTexts option: the seed's ~16,000 payments queue no text messages (see docs/messages.md).
        const services = ticketServices(tx, clock);
        for (; going && d < days.length && days[d].startsWith(month); d += 1) going = await simulateDay(d, services, tx);
      });
    }

    const payouts = await db.transaction((tx) => seedPayouts(tx, clock, staff.admins[0], firstDay, end, random.next));

    await db.insert(settings).values({ key: SEEDED_MARKER, value: new Date().toISOString() });
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(`\nDemo data ready in ${seconds} s:`);
    console.log(`  ${motorists.length} motorists; ${stats.subscriptionPayments} subscription payments; ${stats.penaltyPayments} penalty payments;`);
    console.log(`  ${stats.scans} scans (${stats.penalties} added a penalty); ${stats.pauses} pauses; ${stats.waivers} penalty waivers;`);
    console.log(`  ${staff.unions.length} unions sharing the revenue, ${payouts} monthly payouts to them.`);
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
