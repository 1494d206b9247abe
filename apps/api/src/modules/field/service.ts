import { createHash } from 'node:crypto';
import {
  TICKET_MESSAGES,
  type FieldScanResponse,
  type PaymentResponse,
  penaltyPaymentRequest,
  subscriptionPaymentRequest,
} from '@eticket/contracts';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/auth.ts';
import { lagosDay } from '../../platform/calendar.ts';
import type { Clock } from '../../platform/clock.ts';
import { HttpError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { formatNaira, toKobo, toNaira } from '../../platform/money.ts';
import { toPaymentRecord } from '../records/service.ts';
import { effectiveExpiry, extend, statusAt } from '../subscriptions/lifecycle.ts';
import { toTicketSubscription } from '../subscriptions/service.ts';
import type { FieldMotoristRow, FieldRepository, FieldUnit } from './repository.ts';

type SubscriptionPaymentInput = z.output<typeof subscriptionPaymentRequest>;
type PenaltyPaymentInput = z.output<typeof penaltyPaymentRequest>;

/** The answer of a call that took an Idempotency-Key, and whether it is a repeat of an earlier one. */
export interface IdempotentResult<T> {
  statusCode: number;
  body: T;
  replayed: boolean;
}

/** The agent making a field call (the signed-in session user, or one the demo seed acts as). */
export type FieldAgent = Pick<SessionUser, 'id'>;

const noMotorist = () => notFound('No motorist has that Unique ID (userCode)');
const noVehicle = () => conflict('This motorist has no vehicle registered');

async function motoristWithVehicle(unit: FieldUnit, userCode: string): Promise<FieldMotoristRow & { vehicleType: NonNullable<FieldMotoristRow['vehicleType']> }> {
  const motorist = await unit.field.findMotorist(userCode);
  if (!motorist) throw noMotorist();
  if (!motorist.vehicleType) throw noVehicle();
  return motorist as FieldMotoristRow & { vehicleType: NonNullable<FieldMotoristRow['vehicleType']> };
}

/** The motorist's subscription, locked for this transaction (opened first if the motorist has none). */
async function lockedSubscription(unit: FieldUnit, motoristId: string) {
  const existing = await unit.subscriptions.lockForUser(motoristId);
  if (existing) return existing;
  await unit.subscriptions.ensureForMotorists([motoristId]);
  const opened = await unit.subscriptions.lockForUser(motoristId);
  if (!opened) throw noMotorist();
  return opened;
}

const requestHash = (operation: string, request: unknown) => createHash('sha256').update(JSON.stringify({ operation, request })).digest('hex');

export function createFieldService(deps: { repository: FieldRepository; clock: Clock }) {
  const { repository, clock } = deps;

  /**
   * Runs `work` once per (agent, key). The key is claimed in the same transaction as the work: a
   * concurrent repeat waits on the claim (unique primary key) and, once it is committed, answers
   * the stored result. If the work fails, nothing is kept and the key stays free.
   */
  async function idempotent<T>(
    agent: FieldAgent,
    key: string,
    operation: string,
    request: unknown,
    work: (unit: FieldUnit, now: Date) => Promise<{ statusCode: number; body: T }>,
  ): Promise<IdempotentResult<T>> {
    const hash = requestHash(operation, request);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const outcome = await repository.transaction(async (unit): Promise<IdempotentResult<T> | null> => {
        const now = clock.now();
        if (await unit.field.claimKey({ agentId: agent.id, key, operation, requestHash: hash, at: now })) {
          const result = await work(unit, now);
          await unit.field.completeKey(agent.id, key, result.statusCode, result.body);
          return { ...result, replayed: false };
        }
        const stored = await unit.field.findKey(agent.id, key);
        if (!stored || stored.statusCode === null) return null; // vanished in between: try again
        if (stored.operation !== operation || stored.requestHash !== hash) {
          throw new HttpError(422, TICKET_MESSAGES.idempotencyKeyReused);
        }
        return { statusCode: stored.statusCode, body: stored.response as T, replayed: true };
      });
      if (outcome) return outcome;
    }
    throw conflict('This Idempotency-Key is busy; try again');
  }

  return {
    /**
     * An enforcer scans a motorist: writes a scan record with the subscription as it stands and, if
     * it is expired, adds the vehicle type's penalty charge to the outstanding payment, at most once
     * per motorist per Lagos day (enforced by a unique index, not by reading first).
     */
    async scan(agent: FieldAgent, userCode: string): Promise<FieldScanResponse['data']> {
      return repository.transaction(async (unit) => {
        const motorist = await motoristWithVehicle(unit, userCode);
        const subscription = await lockedSubscription(unit, motorist.id);
        const now = clock.now();
        const graceMs = await unit.subscriptions.graceMs();
        const status = statusAt(subscription, now, graceMs);
        const base = {
          motoristId: motorist.id,
          agentId: agent.id,
          subscriptionId: subscription.id,
          vehicleType: motorist.vehicleType,
          plateNumber: motorist.plateNumber,
          subscriptionStatus: status,
          expiresAt: effectiveExpiry(subscription, now),
          createdAt: now,
        };

        let outstanding = subscription.outstandingPenaltyKobo;
        let penaltyAdded = 0;
        let scanId: string | null = null;
        if (status === 'expired') {
          const charge = await unit.penalties.chargeForType(motorist.vehicleType);
          if (charge) {
            scanId = await unit.field.insertScan({
              ...base,
              outstandingKobo: outstanding + charge.priceKobo,
              penaltyAddedKobo: charge.priceKobo,
              penaltyDay: lagosDay(now),
            });
            if (scanId) {
              outstanding = await unit.subscriptions.addPenalty(subscription.id, charge.priceKobo, now);
              penaltyAdded = charge.priceKobo;
            }
          }
        }
        scanId ??= await unit.field.insertScan({ ...base, outstandingKobo: outstanding, penaltyAddedKobo: 0, penaltyDay: null });
        if (!scanId) throw new Error('scan was not written');

        const [view] = await unit.subscriptions.findWithPlans({ ids: [subscription.id] });
        return {
          scanId,
          scannedAt: now.toISOString(),
          motorist: {
            _id: motorist.id,
            id: motorist.id,
            userCode: motorist.userCode,
            fullName: motorist.fullName,
            phone: motorist.phone,
            registrationStatus: motorist.registrationStatus,
          },
          vehicle: { plateNumber: motorist.plateNumber ?? '', vehicleModel: motorist.vehicleModel, vehicleType: motorist.vehicleType },
          subscriptionStatus: status,
          outstandingPayment: toNaira(outstanding),
          penaltyAdded: toNaira(penaltyAdded),
          ticketSubscription: toTicketSubscription(view, now, graceMs),
        };
      });
    },

    /**
     * A remitter records a subscription payment at the plan's price: the expiry moves from
     * max(now, current expiry) by one plan period; accumulated + 1; accumulatedAmount + price.
     */
    async paySubscription(agent: FieldAgent, key: string, input: SubscriptionPaymentInput): Promise<IdempotentResult<PaymentResponse>> {
      return idempotent(agent, key, 'subscription-payment', input, async (unit, now) => {
        const motorist = await motoristWithVehicle(unit, input.userCode);
        const plan = await unit.subscriptions.findPlan(input.subscriptionId);
        if (!plan || plan.isDeleted) throw notFound('No plan has that subscriptionId');
        if (plan.vehicleType !== motorist.vehicleType) {
          throw badRequest(`subscriptionId names a ${plan.vehicleType} plan; this motorist's vehicle is a ${motorist.vehicleType}`);
        }
        const subscription = await lockedSubscription(unit, motorist.id);
        const { next, expiresBefore, expiresAfter } = extend(subscription, plan.name, now);
        await unit.subscriptions.update(subscription.id, {
          ...next,
          planId: plan.id,
          accumulated: subscription.accumulated + 1,
          accumulatedAmountKobo: subscription.accumulatedAmountKobo + plan.priceKobo,
          renewedAt: now,
          updatedAt: now,
        });
        const paymentId = await unit.field.insertSubscriptionPayment({
          motoristId: motorist.id,
          remitterId: agent.id,
          subscriptionId: subscription.id,
          planId: plan.id,
          planName: plan.name,
          vehicleType: plan.vehicleType,
          amountKobo: plan.priceKobo,
          modeOfPayment: input.modeOfPayment,
          bankName: input.bankName || null,
          expiresBefore,
          expiresAfter,
          idempotencyKey: key,
          createdAt: now,
        });
        const payment = await unit.records.subscriptionPaymentById(paymentId);
        const [view] = await unit.subscriptions.findWithPlans({ ids: [subscription.id] });
        return {
          statusCode: 201,
          body: {
            message: TICKET_MESSAGES.subscriptionPaymentRecorded,
            data: { payment: toPaymentRecord(payment!), ticketSubscription: toTicketSubscription(view, now, await unit.subscriptions.graceMs()) },
          },
        };
      });
    },

    /** A remitter records a penalty payment: lowers the outstanding payment; more than is owed is refused. */
    async payPenalty(agent: FieldAgent, key: string, input: PenaltyPaymentInput): Promise<IdempotentResult<PaymentResponse>> {
      const amountKobo = toKobo(input.amount);
      return idempotent(agent, key, 'penalty-payment', input, async (unit, now) => {
        const motorist = await motoristWithVehicle(unit, input.userCode);
        const subscription = await lockedSubscription(unit, motorist.id);
        const owed = subscription.outstandingPenaltyKobo;
        if (amountKobo > owed) {
          throw badRequest(
            owed === 0 ? 'amount: this motorist owes no penalty' : `amount is more than the outstanding penalty of ${formatNaira(owed)}`,
          );
        }
        const [before] = await unit.subscriptions.findWithPlans({ ids: [subscription.id] });
        await unit.subscriptions.update(subscription.id, { outstandingPenaltyKobo: owed - amountKobo, updatedAt: now });
        const paymentId = await unit.field.insertPenaltyPayment({
          motoristId: motorist.id,
          remitterId: agent.id,
          subscriptionId: subscription.id,
          planId: before.plan?.id ?? null,
          planName: before.plan?.name ?? null,
          vehicleType: motorist.vehicleType,
          amountKobo,
          modeOfPayment: input.modeOfPayment,
          bankName: input.bankName || null,
          outstandingBeforeKobo: owed,
          outstandingAfterKobo: owed - amountKobo,
          idempotencyKey: key,
          createdAt: now,
        });
        const payment = await unit.records.penaltyPaymentById(paymentId);
        const [view] = await unit.subscriptions.findWithPlans({ ids: [subscription.id] });
        return {
          statusCode: 201,
          body: {
            message: TICKET_MESSAGES.penaltyPaymentRecorded,
            data: { payment: toPaymentRecord(payment!), ticketSubscription: toTicketSubscription(view, now, await unit.subscriptions.graceMs()) },
          },
        };
      });
    },
  };
}
export type FieldService = ReturnType<typeof createFieldService>;
