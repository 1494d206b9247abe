import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlagRule } from '@eticket/contracts';
import { controlledClock, createTestContext, TEST_DB, type TestContext } from '../../../test/harness.ts';
import { createMotorist, newKey, session, type Session } from '../../../test/tickets.ts';
import { fieldFlags, scans, ticketSubscriptions } from '../../db/schema.ts';

/**
 * A scripted day of field activity (issue 44): ordinary patrols by six enforcers and two remitters,
 * with anomalies planted among them. Every planted one is flagged, with its rule and agent; the
 * ordinary agents are not flagged at all. Then the queue: review, the false-alarm rate, an agent's flags.
 */
const DAY_START = new Date('2026-07-14T06:00:00Z'); // 07:00 in Lagos
const clock = controlledClock(DAY_START.toISOString());
let ctx: TestContext;
let admin: Session;
const minutes = (n: number) => n * 60_000;
const at = (offsetMinutes: number) => new Date(DAY_START.getTime() + minutes(offsetMinutes));

// Places in Lagos (degrees), a beat each; 0.009° of latitude is about 1 km.
const YABA = { latitude: 6.5095, longitude: 3.3711 };
const IKEJA = { latitude: 6.6018, longitude: 3.3515 };
const LEKKI = { latitude: 6.4474, longitude: 3.4723 };
const IKORODU = { latitude: 6.6194, longitude: 3.5105 };
const SURULERE = { latitude: 6.4969, longitude: 3.3481 };
const BEATS = [YABA, IKEJA, LEKKI, IKORODU, SURULERE, { latitude: 6.455, longitude: 3.3841 }];

let planId = '';
let motorists: Awaited<ReturnType<typeof createMotorist>>[] = [];

beforeAll(async () => {
  // A small cash limit, so one remitter goes over it in the day.
  ctx = await createTestContext({ clock, tills: { lateHours: 6, cashLimitHours: 24, cashLimitNaira: 3_000 } });
  admin = await session(ctx, { role: 'admin' });
  const plan = await ctx.app.inject({
    method: 'POST',
    url: '/api/subscription',
    headers: await admin.headers(),
    payload: { name: 'weekly', vehicleType: 'keke', price: 1000 },
  });
  planId = plan.json().data.id;
  await ctx.app.inject({ method: 'POST', url: '/api/penalty', headers: await admin.headers(), payload: { vehicleType: 'keke', price: 500 } });
  // Forty-four keke motorists registered ten days ago: expired, so scans of them add penalties.
  clock.set(new Date(DAY_START.getTime() - 10 * 86_400_000));
  motorists = [];
  for (let i = 0; i < 44; i += 1) motorists.push(await createMotorist(ctx, 'keke'));
  clock.set(DAY_START);
}, 120_000);
afterAll(async () => ctx.close());

/** A scan sent now (the clock's), captured at `capturedAt` at `place` (with a 20 m fix). */
async function scan(agent: Session, userCode: string, capturedAt: Date, place: { latitude: number; longitude: number } | null) {
  const reply = await ctx.app.inject({
    method: 'POST',
    url: '/api/field/scan',
    headers: await agent.headers({ 'idempotency-key': newKey() }),
    payload: { userCode, capturedAt: capturedAt.toISOString(), ...(place ? { location: { ...place, accuracy: 20 } } : {}) },
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().data as { scanId: string; penaltyAdded: number };
}

/** Sends a capture at its own time (as a phone online does). */
async function live<T>(when: Date, send: () => Promise<T>): Promise<T> {
  clock.set(when);
  return send();
}

const pay = async (agent: Session, userCode: string, capturedAt: Date) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/field/subscription-payment',
    headers: await agent.headers({ 'idempotency-key': newKey() }),
    payload: { userCode, subscriptionId: planId, modeOfPayment: 'cash', capturedAt: capturedAt.toISOString() },
  });

const flagsOf = (agentId: string) => ctx.database.db.select().from(fieldFlags).where(eq(fieldFlags.agentId, agentId));

describe(`flags on a scripted day of field activity (${TEST_DB})`, () => {
  const planted: { rule: FlagRule; agentId: string; scanId?: string }[] = [];
  const ordinary: string[] = [];
  let held: { scanId: string; motoristId: string } = { scanId: '', motoristId: '' };

  it('flags every planted anomaly and no ordinary agent', async () => {
    const enforcers = await Promise.all(BEATS.map(() => session(ctx, { role: 'enforcer' })));
    const remitters = await Promise.all([0, 1].map(() => session(ctx, { role: 'remitter' })));

    // Ordinary patrols: each enforcer walks their beat from 07:00, a scan every 12 minutes, drifting
    // about 300 m between scans; a remitter takes a payment every 40 minutes (well under the limit
    // for one of them: bank transfer).
    for (let step = 0; step < 30; step += 1) {
      for (const [i, enforcer] of enforcers.entries()) {
        const beat = BEATS[i];
        const place = { latitude: beat.latitude + 0.0027 * Math.sin(step), longitude: beat.longitude + 0.0027 * Math.cos(step) };
        const motorist = motorists[(step * 6 + i) % 40];
        await live(at(step * 12 + i), () => scan(enforcer, motorist.userCode, at(step * 12 + i), place));
      }
    }
    for (let step = 0; step < 8; step += 1) {
      const reply = await live(at(step * 40 + 5), async () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/field/subscription-payment',
          headers: await remitters[0].headers({ 'idempotency-key': newKey() }),
          payload: {
            userCode: motorists[step].userCode,
            subscriptionId: planId,
            modeOfPayment: 'transfer',
            bankName: 'Access Bank',
            reference: `TRF-${step}-${newKey()}`,
            capturedAt: at(step * 40 + 5),
          },
        }),
      );
      expect(reply.statusCode, reply.body).toBe(201);
    }
    ordinary.push(...enforcers.map((e) => e.person.id), remitters[0].person.id);

    // Planted 1, impossible travel: a new enforcer scans in Ikeja at 10:00 and in Lekki (about 20 km) at 10:05.
    const traveller = await session(ctx, { role: 'enforcer' });
    await live(at(180), () => scan(traveller, motorists[1].userCode, at(180), IKEJA));
    const fast = await live(at(185), () => scan(traveller, motorists[2].userCode, at(185), LEKKI));
    planted.push({ rule: 'speed', agentId: traveller.person.id, scanId: fast.scanId });

    // Planted 2, a cloned sticker: one motorist scanned in Yaba at 11:00 and in Ikorodu (about 20 km) at 11:06, by two new enforcers.
    const [first, second] = await Promise.all([session(ctx, { role: 'enforcer' }), session(ctx, { role: 'enforcer' })]);
    const cloned = await createMotorist(ctx, 'keke');
    await live(at(240), () => scan(first, cloned.userCode, at(240), YABA));
    const clone = await live(at(246), () => scan(second, cloned.userCode, at(246), IKORODU));
    planted.push({ rule: 'cloned-sticker', agentId: second.person.id, scanId: clone.scanId });

    // Planted 3, a burst: 35 scans of different motorists in one minute at 13:10 (one place), after the patrols.
    const burst = await session(ctx, { role: 'enforcer' });
    for (let i = 0; i < 35; i += 1) {
      await live(new Date(at(370).getTime() + i * 1500), () => scan(burst, motorists[i].userCode, new Date(at(370).getTime() + i * 1500), SURULERE));
    }
    planted.push({ rule: 'scan-rate', agentId: burst.person.id });

    // Planted 4, late: a scan captured at 07:30 reaches the server at 14:00 (6.5 h), from a phone not heard from since.
    const late = await session(ctx, { role: 'enforcer' });
    const lateScan = await live(at(420), () => scan(late, motorists[5].userCode, at(30), YABA));
    planted.push({ rule: 'late', agentId: late.person.id, scanId: lateScan.scanId });
    // ... and a payment captured at 08:00 reaching the server at 15:00.
    const lateRemitter = await session(ctx, { role: 'remitter' });
    expect((await live(at(480), () => pay(lateRemitter, motorists[6].userCode, at(60)))).statusCode).toBe(201);
    planted.push({ rule: 'late', agentId: lateRemitter.person.id });

    // Planted 5, cash over the till limit (₦3,000 here): the fourth ₦1,000 cash payment goes over it and is refused; it is flagged.
    const holder = remitters[1];
    for (let i = 0; i < 3; i += 1) expect((await live(at(100 + i * 30), () => pay(holder, motorists[10 + i].userCode, at(100 + i * 30)))).statusCode).toBe(201);
    const refused = await live(at(200), () => pay(holder, motorists[13].userCode, at(200)));
    expect(refused.statusCode).toBe(409);
    planted.push({ rule: 'cash-over-limit', agentId: holder.person.id });

    // Planted 6, a penalty scan held back: the enforcer was in touch at 09:00 (a scan), then at 16:00
    // sends a scan of an expired vehicle captured at 08:00. No penalty; flagged instead.
    const holdBack = await session(ctx, { role: 'enforcer' });
    await live(at(120), () => scan(holdBack, motorists[20].userCode, at(120), YABA));
    const expired = motorists[40];
    const heldScan = await live(at(540), () => scan(holdBack, expired.userCode, at(60), YABA));
    expect(heldScan.penaltyAdded).toBe(0);
    planted.push({ rule: 'held-penalty', agentId: holdBack.person.id, scanId: heldScan.scanId });
    held = { scanId: heldScan.scanId, motoristId: expired.id };

    for (const plant of planted) {
      const found = (await flagsOf(plant.agentId)).filter((flag) => flag.rule === plant.rule);
      expect(found.length, `${plant.rule} flagged`).toBeGreaterThan(0);
      if (plant.scanId && plant.rule !== 'cloned-sticker') expect(found.map((flag) => flag.scanId)).toContain(plant.scanId);
    }
    for (const agentId of ordinary) expect(await flagsOf(agentId), 'an ordinary agent is not flagged').toEqual([]);
    // The burst is one flag per minute, not one per scan over the limit.
    expect((await flagsOf(planted[2].agentId)).length).toBeLessThanOrEqual(2);
  }, 300_000);

  it('a held-back penalty scan adds no penalty; the same scan from a phone not in touch since adds it', async () => {
    const [row] = await ctx.database.db.select().from(scans).where(eq(scans.id, held.scanId));
    expect(row.penaltyAddedKobo).toBe(0);
    const [subscription] = await ctx.database.db.select().from(ticketSubscriptions).where(eq(ticketSubscriptions.userId, held.motoristId));
    expect(subscription.outstandingPenaltyKobo).toBe(0);

    // Offline since 07:00 (its last contact), the phone sends a scan captured at 08:00 at 17:00: a penalty.
    const offline = await session(ctx, { role: 'enforcer' });
    await live(at(0), () => scan(offline, motorists[30].userCode, at(0), YABA));
    const expired = motorists[41];
    const sent = await live(at(600), () => scan(offline, expired.userCode, at(60), YABA));
    expect(sent.penaltyAdded).toBe(500);
    // Sent in the same sitting (a phone emptying its queue in several calls): the next one still counts.
    const another = motorists[42];
    clock.set(new Date(at(600).getTime() + 20_000));
    expect((await scan(offline, another.userCode, at(65), YABA)).penaltyAdded).toBe(500);
    expect((await flagsOf(offline.person.id)).filter((flag) => flag.rule === 'held-penalty')).toEqual([]);
  });

  it('the queue: per rule and per agent, reviewed as confirmed or a false alarm, with each rule’s false-alarm rate', async () => {
    const list = await ctx.app.inject({ method: 'GET', url: '/api/flags?status=open&limit=100', headers: await admin.headers() });
    expect(list.statusCode, list.body).toBe(200);
    const open = list.json().data as { id: string; rule: FlagRule; agent: { id: string }; summary: string }[];
    expect(new Set(open.map((flag) => flag.rule))).toEqual(new Set(['speed', 'cloned-sticker', 'scan-rate', 'late', 'cash-over-limit', 'held-penalty']));
    const lateFlags = open.filter((flag) => flag.rule === 'late');
    // The two planted, and the held-back and offline scans of the penalty test (sent hours after capture).
    expect(lateFlags.length).toBe(5);

    const review = (id: string, decision: string) =>
      admin.headers().then((headers) => ctx.app.inject({ method: 'PATCH', url: `/api/flags/${id}`, headers, payload: { decision, note: 'checked' } }));
    expect((await review(lateFlags[0].id, 'confirmed')).statusCode).toBe(200);
    expect((await review(lateFlags[1].id, 'false-alarm')).statusCode).toBe(200);
    expect((await review(lateFlags[1].id, 'confirmed')).statusCode).toBe(409);
    expect((await review(lateFlags[1].id, 'maybe')).statusCode).toBe(400);

    const summary = (await ctx.app.inject({ method: 'GET', url: '/api/flags/summary', headers: await admin.headers() })).json().data;
    expect(summary.rules.find((r: { rule: string }) => r.rule === 'late')).toMatchObject({ open: 3, confirmed: 1, falseAlarms: 1, falseAlarmRate: 0.5 });
    expect(summary.rules.find((r: { rule: string }) => r.rule === 'speed')).toMatchObject({ falseAlarmRate: null });
    expect(summary.agents.length).toBeGreaterThan(0);

    // An agent's flags (their details page), and by rule.
    const agentId = planted[0].agentId;
    const byAgent = (await ctx.app.inject({ method: 'GET', url: `/api/flags?agent=${agentId}`, headers: await admin.headers() })).json();
    expect(byAgent.data.every((flag: { agent: { id: string } }) => flag.agent.id === agentId)).toBe(true);
    expect(byAgent.data.map((flag: { rule: string }) => flag.rule)).toContain('speed');
    const byRule = (await ctx.app.inject({ method: 'GET', url: '/api/flags?rule=scan-rate', headers: await admin.headers() })).json();
    expect(byRule.data.every((flag: { rule: string }) => flag.rule === 'scan-rate')).toBe(true);

    // Who may: a field agent may not read or review flags.
    const enforcer = await session(ctx, { role: 'enforcer' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/flags', headers: await enforcer.headers() })).statusCode).toBe(403);
  });
});
