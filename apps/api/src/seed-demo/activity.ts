// Thirteen months of the levy, day by day: registrations, payments, scans, pauses and penalty waivers.
import { randomUUID } from 'node:crypto';
import { motoristRegistration, type ModeOfPayment, type PlanName, type VehicleType } from '@eticket/contracts';
import { penaltyCharges, subscriptionPlans } from '../db/schema';
import { addLagosDays, lagosDay, startOfLagosDay } from '../domain/calendar.ts';
import { koboOf, toKobo } from '../domain/money.ts';
import { demoLevy, type DemoLevy } from './levy.ts';
import { FIRST, LAST, ROUTES, type DemoStaff } from './people.ts';
import { demoRecords, type DemoRecords } from './records.ts';
import { demoTills, tillBook, type DemoTills } from './tills.ts';
import { DAY, HOUR, type DemoStory } from './story.ts';

/** The registration form without its password: main.ts checked the demo password once (its strength check is slow). */
const motoristForm = motoristRegistration.omit({ password: true });

const VEHICLE_MIX = [
  ['keke', 50],
  ['bus', 20],
  ['bike', 30],
] as const;
const PLAN_MIX = [
  ['daily', 0.25],
  ['weekly', 7],
  ['monthly', 60],
  ['3 months', 19],
  ['6 months', 9],
  ['yearly', 4.75],
] as const;
const MODE_MIX = [
  ['cash', 45],
  ['transfer', 30],
  ['pos', 20],
  ['card', 5],
] as const satisfies ReadonlyArray<readonly [ModeOfPayment, number]>;
const MODELS: Record<VehicleType, string[]> = {
  keke: ['bajaj re', 'tvs king', 'piaggio ape'],
  bus: ['toyota hiace', 'volkswagen t3', 'mazda e2000', 'nissan urvan'],
  bike: ['bajaj boxer', 'honda ace', 'tvs hlx', 'qlink'],
};
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

/** What the months made. */
export interface ActivityStats {
  motorists: number;
  scans: number;
  penalties: number;
  subscriptionPayments: number;
  penaltyPayments: number;
  pauses: number;
  waivers: number;
  tills: DemoTills['stats'];
}

/**
 * Registers motoristCount motorists over the months and lets them live, in memory (levy.ts, tills.ts):
 * answers what the months made and the rows to write (write.ts).
 */
export async function seedActivity(
  story: DemoStory,
  staff: DemoStaff,
  planIds: Map<string, string>,
  motoristCount: number,
): Promise<{ stats: ActivityStats; records: DemoRecords }> {
  const { db, clock, random, firstDay, end, demoPassword, startedAt: started } = story;
  const records = demoRecords();
  const book = tillBook(records);
  const plans = await db.select().from(subscriptionPlans);
  const charges = await db.select().from(penaltyCharges);
  const levy: DemoLevy = demoLevy({
    records,
    clock,
    tills: book,
    plans: new Map(plans.map((p) => [p.id, { id: p.id, name: p.name, vehicleType: p.vehicleType, priceKobo: koboOf(p.priceKobo) }])),
    penaltyCharges: new Map(charges.map((c) => [c.vehicleType, koboOf(c.priceKobo)])),
    passwordHash: story.passwordHash,
  });
  // When motorists register: a launch wave in the first month, then steady growth
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
  const { enforcer: enforcers, registrar: registrars } = staff.agents;
  const admin = staff.admins[0];
  const tills = demoTills({ files: story.files, random, staff, end, clock, records, book });
  let motoristSerial = 0;
  let lastReport = Date.now();

  /** One day of the levy; false once past today. */
  async function simulateDay(d: number): Promise<boolean> {
    const dayStart = startOfLagosDay(days[d]);
    const at = (hour: number) => new Date(Math.min(dayStart.getTime() + hour * HOUR + random.int(0, 59) * 60_000 + random.int(0, 59) * 1000, end.getTime()));
    if (dayStart.getTime() + 6 * HOUR > end.getTime()) return false;
    const weekday = new Date(dayStart.getTime() + 12 * HOUR).getUTCDay(); // 0 = Sunday
    const working = weekday !== 0;

    // The day's events, in time order.
    type Event = { at: Date; run: () => Promise<void> | void };
    const events: Event[] = [];

    // Registrations (each motorist's subscription opens with it, unpaid); most pay the first time the same day.
    for (let i = 0; i < registrationsPerDay[d]; i += 1) {
      const registeredAt = at(random.int(8, 15));
      events.push({
        at: registeredAt,
        run: async () => {
          motoristSerial += 1;
          const vehicleType = random.weighted(VEHICLE_MIX);
          const plan = random.weighted(PLAN_MIX);
          const first = random.pick(FIRST);
          const last = random.pick(LAST);
          const input = motoristForm.parse({
            email: `${first}.${last}.${motoristSerial}@demo.eticketing.ng`,
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
            privacyNoticeGiven: 'true',
          });
          const registrar = random.pick(registrars);
          const approved = !random.chance(0.02);
          const approval = approved ? { by: story.superAdmin.id, at: new Date(clock.now().getTime() + random.int(10, 180) * 60_000) } : null;
          const registered = levy.register({ kind: 'motorist', input: { ...input, password: demoPassword } }, registrar.id, clock.now(), approval);
          const motorist: Motorist = {
            id: registered.id,
            userCode: registered.userCode,
            vehicleType,
            plan,
            planId: planIds.get(`${plan}:${vehicleType}`)!,
            compliance: random.weighted([
              [0.97, 35],
              [0.8, 30],
              [0.45, 22],
              [0.15, 13],
            ] as const),
            expiresAt: clock.now(),
            outstandingKobo: 0,
            pausedUntil: null,
            approved: true,
          };
          motorists.push(motorist);
          // Most pay for the first time at registration.
          if (random.chance(motorist.compliance)) {
            clock.set(new Date(clock.now().getTime() + random.int(5, 40) * 60_000));
            const remitterId = tills.remitterFor(clock.now()).id;
            const { body } = await tills.collect(remitterId, random.weighted(MODE_MIX), (means) =>
              levy.paySubscription({ id: remitterId }, randomUUID(), { userCode: motorist.userCode, subscriptionId: motorist.planId, ...means }),
            );
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
            run: async () => {
              const view = levy.resume(admin, m.id);
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
      const remitter = tills.remitterFor(paidAt);
      events.push({
        at: paidAt,
        run: async () => {
          const { body } = await tills.collect(remitter.id, random.weighted(MODE_MIX), (means) =>
            levy.paySubscription({ id: remitter.id }, randomUUID(), { userCode: m.userCode, subscriptionId: m.planId, ...means }),
          );
          stats.subscriptionPayments += 1;
          m.expiresAt = new Date(body.data.ticketSubscription.subscriptionExpiryDate);
          m.outstandingKobo = toKobo(body.data.ticketSubscription.outstandingPayment);
          // Settling penalties while at the remitter: all, or part.
          if (m.outstandingKobo > 0 && random.chance(0.7)) {
            const kobo = random.chance(0.75) ? m.outstandingKobo : Math.max(100_00, Math.floor(m.outstandingKobo / 2 / 100_00) * 100_00);
            const amount = Math.min(kobo, m.outstandingKobo) / 100;
            const paid = await tills.collect(remitter.id, random.weighted(MODE_MIX), (means) =>
              levy.payPenalty({ id: remitter.id }, randomUUID(), { userCode: m.userCode, amount, ...means }),
            );
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
        const scansToday = random.count(perEnforcer * (0.5 + random.next()));
        for (let i = 0; i < scansToday; i += 1) {
          const m = lapsed.length > 0 && random.chance(0.4) ? random.pick(lapsed) : random.pick(motorists);
          events.push({
            at: at(random.int(7, 18)),
            run: async () => {
              const scan = levy.scan({ id: enforcer.id }, { userCode: m.userCode }).body;
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
          run: async () => {
            levy.pause(admin, m.id);
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
          run: async () => {
            const price = random.chance(0.5) ? 0 : Math.floor(m.outstandingKobo / 2 / 100) * 100;
            const view = levy.setOutstanding(
              { id: admin.id },
              { subscriptionId: m.id, price: price / 100, reason: price === 0 ? 'waived after review' : 'halved after review' },
            );
            m.outstandingKobo = toKobo(view.outstandingPayment);
            stats.waivers += 1;
          },
        });
      }
    }

    // Tills: yesterday's closes decided in the morning, today's cash counted and deposited in the evening.
    for (const [hours, run] of [
      [9, () => tills.decideAll()],
      [18.5, () => tills.closeAll()],
    ] as const) {
      const moment = new Date(dayStart.getTime() + hours * HOUR);
      if (moment <= end) events.push({ at: moment, run });
    }

    events.sort((a, b) => a.at.getTime() - b.at.getTime());
    for (const event of events) {
      clock.set(event.at);
      await event.run();
    }

    if (Date.now() - lastReport > 10_000) {
      lastReport = Date.now();
      story.log(
        `  ${days[d]}: ${motorists.length} motorists, ${stats.subscriptionPayments} payments, ${stats.scans} scans (${Math.round((Date.now() - started) / 1000)} s)`,
      );
    }
    return true;
  }

  for (let d = 0; d < days.length && (await simulateDay(d)); d += 1);
  return { stats: { motorists: motorists.length, ...stats, tills: tills.stats }, records };
}
