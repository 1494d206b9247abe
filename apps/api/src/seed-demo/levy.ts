// The demo's motorists, subscriptions, payments and scans, kept in memory as the services would
// leave them in the database: the same rules (modules/subscriptions lifecycle, the field service's
// payments and scans, the penalties service's changes, the tills' cash limits, the ledger's
// postings), the same rows, without a round trip each. write.ts writes the rows in batches.
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_GRACE_PERIOD_DAYS,
  DEFAULT_SCAN_REPEAT_MINUTES,
  TICKET_MESSAGES,
  TILL_MESSAGES,
  newReceiptNo,
  type ModeOfPayment,
  type PlanName,
  type ReceiptKind,
  type VehicleType,
} from '@eticket/contracts';
import { DAY_IN_MS, lagosDay } from '../domain/calendar.ts';
import { toKobo, toNaira, type Kobo } from '../domain/money.ts';
import type { Clock } from '../lib/clock.ts';
import { paymentEntry } from '../modules/ledger/index.ts';
import { personOf, type Registration } from '../modules/people/registration/person.ts';
import { effectiveExpiry, extend, statusAt } from '../modules/subscriptions/index.ts';
import { pause, resume, type LifecycleState } from '../modules/subscriptions/lifecycle.ts';
import { cashPause, DEFAULT_TILL_SETTINGS, referenceKey } from '../modules/tills/index.ts';
import { badRequest, conflict, HttpError, notFound } from '../platform/http/errors.ts';
import { newUserCode } from '../domain/codes.ts';
import { auditRow, recordingLedger, type DemoRecords, type SubscriptionRecord } from './records.ts';
import type { TillBook } from './tills.ts';

export interface DemoPlan {
  id: string;
  name: PlanName;
  vehicleType: VehicleType;
  priceKobo: Kobo;
}

interface LevyMotorist {
  id: string;
  userCode: string;
  registrationStatus: string;
  plateNumber: string;
  vehicleType: VehicleType;
  subscription: SubscriptionRecord;
  /** Each enforcer's scans of this motorist (capture times), for SCAN_REPEAT_MINUTES. */
  scansBy: Map<string, number[]>;
  /** The Lagos days a scan added a penalty (scans_penalty_once_per_day). */
  penaltyDays: Set<string>;
}

export interface PaymentMeans {
  modeOfPayment: ModeOfPayment;
  bankName?: string;
  reference?: string;
}

/** What the seed reads of a payment's answer (the field routes' PaymentResponse, in part). */
export interface PaidAnswer {
  body: {
    data: {
      payment: { amount: number; modeOfPayment: ModeOfPayment };
      ticketSubscription: { subscriptionExpiryDate: string; outstandingPayment: number };
    };
  };
}

const GRACE_MS = DEFAULT_GRACE_PERIOD_DAYS * DAY_IN_MS;
const SCAN_REPEAT_MS = DEFAULT_SCAN_REPEAT_MINUTES * 60_000;

export function demoLevy(deps: {
  records: DemoRecords;
  clock: Clock;
  tills: TillBook;
  plans: Map<string, DemoPlan>;
  penaltyCharges: Map<VehicleType, Kobo>;
  passwordHash: string;
}) {
  const { records, clock, tills, plans, penaltyCharges } = deps;
  const ledger = recordingLedger(records);
  const motorists = new Map<string, LevyMotorist>();
  const byId = new Map<string, LevyMotorist>();
  const receiptNos = new Set<string>();
  const claimedReferences = new Set<string>();
  /** Scans by motorist, enforcer and capture time: what a repeated read answers. */
  const lastScans = new Map<string, { penaltyAddedKobo: number; outstandingKobo: number }>();

  const motoristOf = (userCode: string) => {
    const found = motorists.get(userCode);
    if (!found) throw notFound('No motorist has that Unique ID');
    return found;
  };
  const receiptNo = (kind: ReceiptKind) => {
    let number = newReceiptNo(kind);
    while (receiptNos.has(number)) number = newReceiptNo(kind);
    receiptNos.add(number);
    return number;
  };
  const viewOf = (s: SubscriptionRecord, now: Date) => ({
    subscriptionExpiryDate: effectiveExpiry(s as LifecycleState, now).toISOString(),
    outstandingPayment: toNaira(s.outstandingPenaltyKobo),
  });

  /**
   * Takes a payment's money as takeMoney does: cash to the remitter's current till (opened if none)
   * unless the limits pause cash (409); a non-cash reference claimed once per mode; posted to the ledger.
   */
  async function takeMoney(
    kind: 'subscription' | 'penalty',
    remitterId: string,
    means: PaymentMeans,
    amountKobo: Kobo,
    now: Date,
    record: (tillId: string | null, receiptNo: string) => { id: string },
  ) {
    const mode = means.modeOfPayment;
    let tillId: string | null = null;
    if (mode === 'cash') {
      const paused = cashPause(DEFAULT_TILL_SETTINGS, tills.unlodged(remitterId), amountKobo, now);
      if (paused) throw new HttpError(409, paused.message);
      tillId = tills.currentTill(remitterId, now);
    }
    const number = receiptNo(kind);
    const { id } = record(tillId, number);
    if (tillId !== null) tills.addCash(tillId, amountKobo, now);
    if (mode !== 'cash') {
      const key = referenceKey(means.reference ?? '');
      if (claimedReferences.has(`${mode} ${key}`)) throw new HttpError(409, TILL_MESSAGES.referenceTaken(means.reference ?? key, 'an earlier payment'));
      claimedReferences.add(`${mode} ${key}`);
      records.paymentReferences.push({ modeOfPayment: mode, referenceKey: key, paymentKind: kind, paymentId: id });
    }
    await ledger.post(paymentEntry({ kind, id, receiptNo: number, remitterId, modeOfPayment: mode, amountKobo, at: now }));
    return { id, receiptNo: number };
  }

  return {
    /** A motorist registered as the registration does (personOf), its subscription opened unpaid with it; approved unless told not to. */
    register(registration: Registration & { kind: 'motorist' }, addedBy: string, at: Date, approval: { by: string; at: Date } | null) {
      const id = randomUUID();
      const userCode = newUserCode();
      const person = personOf(registration, {}, { userCode, passwordHash: deps.passwordHash, addedBy, at });
      const user = approval ? { ...person.user, registrationStatus: 'approved' as const, approvedBy: approval.by, updatedAt: approval.at } : person.user;
      records.users.push({ ...user, id });
      if (person.profile) records.profiles.push({ ...person.profile, userId: id });
      if (!person.vehicle) throw new Error('a motorist registers a vehicle');
      records.vehicles.push({ ...person.vehicle, userId: id });
      const { vehicleType, plateNumber, requestedPlan } = person.vehicle;
      const plan = [...plans.values()].find((p) => p.name === requestedPlan && p.vehicleType === vehicleType);
      const subscription: SubscriptionRecord = {
        id: randomUUID(),
        userId: id,
        planId: plan?.id ?? null,
        expiresAt: at,
        pausedAt: null,
        pausedRemainingMs: null,
        accumulated: 0,
        accumulatedAmountKobo: 0,
        outstandingPenaltyKobo: 0,
        createdAt: at,
        updatedAt: at,
        renewedAt: null,
        lastReceiptNo: null,
      };
      records.subscriptions.push(subscription);
      const motorist: LevyMotorist = {
        id,
        userCode,
        registrationStatus: user.registrationStatus ?? 'pending',
        plateNumber,
        vehicleType,
        subscription,
        scansBy: new Map(),
        penaltyDays: new Set(),
      };
      motorists.set(userCode, motorist);
      byId.set(id, motorist);
      return { id, userCode };
    },

    /** paySubscription of the field service: one plan period from max(now, expiry). */
    async paySubscription(agent: { id: string }, key: string, input: { userCode: string; subscriptionId: string } & PaymentMeans): Promise<PaidAnswer> {
      const now = clock.now();
      const motorist = motoristOf(input.userCode);
      if (motorist.registrationStatus === 'suspended') throw conflict(TICKET_MESSAGES.paymentRefusedSuspended);
      const plan = plans.get(input.subscriptionId);
      if (!plan) throw notFound('No plan has that subscriptionId');
      if (plan.vehicleType !== motorist.vehicleType) throw badRequest('subscriptionId names a plan of another vehicle type');
      const s = motorist.subscription;
      const { next, expiresBefore, expiresAfter } = extend(s as LifecycleState, plan.name, now);
      const reference = input.modeOfPayment === 'cash' ? null : (input.reference ?? null);
      const paid = await takeMoney('subscription', agent.id, input, plan.priceKobo, now, (tillId, receipt) => {
        const row = {
          id: randomUUID(),
          motoristId: motorist.id,
          remitterId: agent.id,
          subscriptionId: s.id,
          planId: plan.id,
          planName: plan.name,
          vehicleType: plan.vehicleType,
          amountKobo: plan.priceKobo,
          modeOfPayment: input.modeOfPayment,
          bankName: input.bankName || null,
          reference,
          tillId,
          expiresBefore,
          expiresAfter,
          idempotencyKey: key,
          createdAt: now,
          receivedAt: now,
          receiptNo: receipt,
          status: 'success' as const,
        };
        records.subscriptionPayments.push(row);
        return row;
      });
      Object.assign(s, next, {
        planId: plan.id,
        accumulated: (s.accumulated ?? 0) + 1,
        accumulatedAmountKobo: (s.accumulatedAmountKobo ?? 0) + plan.priceKobo,
        renewedAt: now,
        updatedAt: now,
        lastReceiptNo: paid.receiptNo,
      });
      return { body: { data: { payment: { amount: toNaira(plan.priceKobo), modeOfPayment: input.modeOfPayment }, ticketSubscription: viewOf(s, now) } } };
    },

    /** payPenalty of the field service: lowers the outstanding payment; more than is owed is refused. */
    async payPenalty(agent: { id: string }, key: string, input: { userCode: string; amount: number } & PaymentMeans): Promise<PaidAnswer> {
      const now = clock.now();
      const amountKobo = toKobo(input.amount);
      const motorist = motoristOf(input.userCode);
      if (motorist.registrationStatus === 'suspended') throw conflict(TICKET_MESSAGES.paymentRefusedSuspended);
      const s = motorist.subscription;
      const owed = s.outstandingPenaltyKobo;
      if (amountKobo > owed) throw badRequest('amount is more than the outstanding penalty');
      const plan = s.planId ? (plans.get(s.planId) ?? null) : null;
      await takeMoney('penalty', agent.id, input, amountKobo, now, (tillId, receipt) => {
        const row = {
          id: randomUUID(),
          motoristId: motorist.id,
          remitterId: agent.id,
          subscriptionId: s.id,
          planId: plan?.id ?? null,
          planName: plan?.name ?? null,
          vehicleType: motorist.vehicleType,
          amountKobo,
          modeOfPayment: input.modeOfPayment,
          bankName: input.bankName || null,
          reference: input.modeOfPayment === 'cash' ? null : (input.reference ?? null),
          tillId,
          outstandingBeforeKobo: owed,
          outstandingAfterKobo: owed - amountKobo,
          idempotencyKey: key,
          createdAt: now,
          receivedAt: now,
          receiptNo: receipt,
          status: 'success' as const,
        };
        records.penaltyPayments.push(row);
        return row;
      });
      Object.assign(s, { outstandingPenaltyKobo: owed - amountKobo, updatedAt: now });
      return { body: { data: { payment: { amount: toNaira(amountKobo), modeOfPayment: input.modeOfPayment }, ticketSubscription: viewOf(s, now) } } };
    },

    /**
     * scan of the field service: the subscription as it stands; expired, the vehicle type's charge is
     * added once per motorist per Lagos day; a second read by the same enforcer within
     * SCAN_REPEAT_MINUTES is the same scan and writes nothing.
     */
    scan(agent: { id: string }, input: { userCode: string }): { body: { penaltyAdded: number; outstandingPayment: number } } {
      const now = clock.now();
      const motorist = motoristOf(input.userCode);
      const s = motorist.subscription;
      const earlier = motorist.scansBy.get(agent.id) ?? [];
      const repeated = earlier.find((t) => Math.abs(t - now.getTime()) <= SCAN_REPEAT_MS);
      if (repeated !== undefined) {
        const row = lastScans.get(`${motorist.id} ${agent.id} ${repeated}`)!;
        return { body: { penaltyAdded: toNaira(row.penaltyAddedKobo ?? 0), outstandingPayment: toNaira(row.outstandingKobo) } };
      }
      earlier.push(now.getTime());
      motorist.scansBy.set(agent.id, earlier);
      const status = statusAt(s as LifecycleState, now, GRACE_MS);
      const charge = penaltyCharges.get(motorist.vehicleType) ?? null;
      const day = lagosDay(now);
      const penalised = status === 'expired' && charge !== null && !motorist.penaltyDays.has(day);
      const penaltyAdded = penalised ? charge : 0;
      if (penalised) {
        motorist.penaltyDays.add(day);
        s.outstandingPenaltyKobo += charge;
        s.updatedAt = now;
      }
      const row = {
        id: randomUUID(),
        motoristId: motorist.id,
        agentId: agent.id,
        subscriptionId: s.id,
        vehicleType: motorist.vehicleType,
        plateNumber: motorist.plateNumber,
        subscriptionStatus: status,
        expiresAt: effectiveExpiry(s as LifecycleState, now),
        createdAt: now,
        receivedAt: now,
        latitude: null,
        longitude: null,
        locationAccuracy: null,
        outstandingKobo: s.outstandingPenaltyKobo,
        penaltyAddedKobo: penaltyAdded,
        penaltyDay: penalised ? day : null,
      };
      records.scans.push(row);
      lastScans.set(`${motorist.id} ${agent.id} ${now.getTime()}`, row);
      return { body: { penaltyAdded: toNaira(penaltyAdded), outstandingPayment: toNaira(s.outstandingPenaltyKobo) } };
    },

    /** pause and resume of the subscriptions service (by the motorist's id), with their audit rows. */
    pause: (actor: { id: string }, motoristId: string) => lifecycleChange(actor, motoristId, 'subscription.paused'),
    resume: (actor: { id: string }, motoristId: string) => lifecycleChange(actor, motoristId, 'subscription.resumed'),

    /** setOutstanding of the penalties service (lower only, so under any ceiling): the adjustment and its audit row. */
    setOutstanding(actor: { id: string }, input: { subscriptionId: string; price: number; reason: string }) {
      const now = clock.now();
      const s = byId.get(input.subscriptionId)!.subscription;
      const newKobo = toKobo(input.price);
      if (newKobo > s.outstandingPenaltyKobo) throw new Error('the demo only lowers penalties');
      const previous = s.outstandingPenaltyKobo;
      Object.assign(s, { outstandingPenaltyKobo: newKobo, updatedAt: now });
      records.penaltyAdjustments.push({ subscriptionId: s.id, previousKobo: previous, newKobo, adjustedBy: actor.id, reason: input.reason, createdAt: now });
      records.audit.push(
        auditRow({
          actorId: actor.id,
          action: 'motorist_penalty.altered',
          entityType: 'subscription',
          entityId: s.id,
          before: { userId: s.userId, outstandingPayment: toNaira(previous) },
          after: { userId: s.userId, outstandingPayment: toNaira(newKobo), ...(input.reason ? { reason: input.reason } : {}) },
          at: now,
        }),
      );
      return viewOf(s, now);
    },
  };

  function lifecycleChange(actor: { id: string }, motoristId: string, action: 'subscription.paused' | 'subscription.resumed') {
    const now = clock.now();
    const s = byId.get(motoristId)!.subscription;
    const current = s as LifecycleState;
    if ((action === 'subscription.paused') === (current.pausedAt !== null)) throw conflict(action === 'subscription.paused' ? 'already paused' : 'not paused');
    const next = action === 'subscription.paused' ? pause(current, now) : resume(current, now);
    const snapshot = (state: LifecycleState) => ({ expiresAt: state.expiresAt, pausedAt: state.pausedAt, pausedRemainingMs: state.pausedRemainingMs });
    const before = { userId: s.userId, ...snapshot(current) };
    records.audit.push(
      auditRow({ actorId: actor.id, action, entityType: 'subscription', entityId: s.id, before, after: { ...before, ...snapshot(next) }, at: now }),
    );
    Object.assign(s, next, { updatedAt: now });
    return viewOf(s, now);
  }
}
export type DemoLevy = ReturnType<typeof demoLevy>;
