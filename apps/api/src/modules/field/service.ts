import { createHash } from 'node:crypto';
import {
  TICKET_MESSAGES,
  type FieldScanResponse,
  type PaymentResponse,
  penaltyPaymentRequest,
  subscriptionPaymentRequest,
} from '@eticket/contracts';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/http/auth.ts';
import { lagosDay } from '../../domain/calendar.ts';
import type { Clock } from '../../lib/clock.ts';
import { HttpError, badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { formatNaira, toKobo, toNaira } from '../../domain/money.ts';
import { toPaymentRecord } from '../records/service.ts';
import { effectiveExpiry, extend, statusAt } from '../subscriptions/lifecycle.ts';
import { toTicketSubscription } from '../subscriptions/service.ts';
import type { PaymentRow } from '../records/repository.ts';
import type { FieldContext, FieldRepository, FieldUnit } from './repository.ts';

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

/**
 * The motorist's context with the subscription locked for this transaction; a motorist without a
 * subscription yet gets one opened first.
 */
async function lockedContext(unit: FieldUnit, userCode: string, agentId: string, planId?: string): Promise<FieldContext> {
  const found = await unit.field.lockContext(userCode, agentId, planId);
  if (found) return found;
  const motorist = await unit.field.findMotorist(userCode);
  if (!motorist) throw noMotorist();
  if (!motorist.vehicleType) throw noVehicle();
  await unit.subscriptions.ensureForMotorists([motorist.id]);
  const opened = await unit.field.lockContext(userCode, agentId, planId);
  if (!opened) throw noMotorist();
  return opened;
}

const personOf = (m: FieldContext['motorist']) => ({ id: m.id, fullName: m.fullName, userCode: m.userCode });

/** Raised inside the transaction when the key turns out to be taken, to roll the work back. */
class KeyTaken extends Error {}

const requestHash = (operation: string, request: unknown) => createHash('sha256').update(JSON.stringify({ operation, request })).digest('hex');

export function createFieldService(deps: { repository: FieldRepository; clock: Clock }) {
  const { repository, clock } = deps;

  /**
   * Runs `work` once per (agent, key). The answer is stored under the key in the transaction that
   * did the work (primary key (agent, key)). A repeat finds the key taken, either when it stores
   * its own answer (a concurrent repeat waits there for the first to commit) or, if its work was
   * refused meanwhile (e.g. nothing left to pay), right after; its transaction is rolled back and
   * the first answer is given again. Nothing is kept for work that fails, so the key stays free.
   */
  async function idempotent<T>(
    agent: FieldAgent,
    key: string,
    operation: string,
    request: unknown,
    work: (unit: FieldUnit, now: Date) => Promise<{ statusCode: number; body: T }>,
  ): Promise<IdempotentResult<T>> {
    const hash = requestHash(operation, request);
    const stored = async (): Promise<IdempotentResult<T> | null> => {
      const found = await repository.findKey(agent.id, key);
      if (!found || found.statusCode === null) return null;
      if (found.operation !== operation || found.requestHash !== hash) throw new HttpError(422, TICKET_MESSAGES.idempotencyKeyReused);
      return { statusCode: found.statusCode, body: found.response as T, replayed: true };
    };
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        return await repository.transaction(async (unit) => {
          const now = clock.now();
          const result = await work(unit, now);
          const saved = await unit.field.saveKey({
            agentId: agent.id,
            key,
            operation,
            requestHash: hash,
            statusCode: result.statusCode,
            response: result.body,
            at: now,
          });
          if (!saved) throw new KeyTaken();
          return { ...result, replayed: false };
        });
      } catch (error) {
        const refused = error instanceof HttpError && error.statusCode < 500;
        if (!(error instanceof KeyTaken) && !refused) throw error;
        const first = await stored();
        if (first) return first;
        if (refused) throw error;
        // The key was taken and is gone again (its transaction rolled back): try once more.
      }
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
        const { motorist, current, penaltyChargeKobo, graceMs } = await lockedContext(unit, userCode, agent.id);
        const subscription = current.subscription;
        const now = clock.now();
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
        if (status === 'expired' && penaltyChargeKobo) {
          scanId = await unit.field.insertScan({
            ...base,
            outstandingKobo: outstanding + penaltyChargeKobo,
            penaltyAddedKobo: penaltyChargeKobo,
            penaltyDay: lagosDay(now),
          });
          if (scanId) {
            outstanding = await unit.subscriptions.addPenalty(subscription.id, penaltyChargeKobo, now);
            penaltyAdded = penaltyChargeKobo;
          }
        }
        scanId ??= await unit.field.insertScan({ ...base, outstandingKobo: outstanding, penaltyAddedKobo: 0, penaltyDay: null });
        if (!scanId) throw new Error('scan was not written');

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
          ticketSubscription: toTicketSubscription({ subscription: { ...subscription, outstandingPenaltyKobo: outstanding }, plan: current.plan }, now, graceMs),
        };
      });
    },

    /**
     * A remitter records a subscription payment at the plan's price: the expiry moves from
     * max(now, current expiry) by one plan period; accumulated + 1; accumulatedAmount + price.
     */
    async paySubscription(agent: FieldAgent, key: string, input: SubscriptionPaymentInput): Promise<IdempotentResult<PaymentResponse>> {
      return idempotent(agent, key, 'subscription-payment', input, async (unit, now) => {
        const context = await lockedContext(unit, input.userCode, agent.id, input.subscriptionId);
        const { motorist, requestedPlan: plan } = context;
        if (!plan || plan.isDeleted) throw notFound('No plan has that subscriptionId');
        if (plan.vehicleType !== motorist.vehicleType) {
          throw badRequest(`subscriptionId names a ${plan.vehicleType} plan; this motorist's vehicle is a ${motorist.vehicleType}`);
        }
        const subscription = context.current.subscription;
        const { next, expiresBefore, expiresAfter } = extend(subscription, plan.name, now);
        const changes = {
          ...next,
          planId: plan.id,
          accumulated: subscription.accumulated + 1,
          accumulatedAmountKobo: subscription.accumulatedAmountKobo + plan.priceKobo,
          renewedAt: now,
          updatedAt: now,
        };
        const payment: Omit<PaymentRow, 'id' | 'receiptNo'> = {
          createdAt: now,
          bankName: input.bankName || null,
          modeOfPayment: input.modeOfPayment,
          planId: plan.id,
          planName: plan.name,
          vehicleType: plan.vehicleType,
          amountKobo: plan.priceKobo,
          status: 'success',
          motorist: personOf(motorist),
          remitter: context.agent,
        };
        const inserted = await unit.field.insertSubscriptionPayment({
          motoristId: motorist.id,
          remitterId: agent.id,
          subscriptionId: subscription.id,
          planId: plan.id,
          planName: plan.name,
          vehicleType: plan.vehicleType,
          amountKobo: plan.priceKobo,
          modeOfPayment: input.modeOfPayment,
          bankName: payment.bankName,
          expiresBefore,
          expiresAfter,
          idempotencyKey: key,
          createdAt: now,
        });
        const updated = { ...changes, lastReceiptNo: inserted.receiptNo };
        await unit.subscriptions.update(subscription.id, updated);
        const view = toTicketSubscription(
          { subscription: { ...subscription, ...updated }, plan: { id: plan.id, name: plan.name, vehicleType: plan.vehicleType, priceKobo: plan.priceKobo } },
          now,
          context.graceMs,
        );
        return {
          statusCode: 201,
          body: { message: TICKET_MESSAGES.subscriptionPaymentRecorded, data: { payment: toPaymentRecord({ ...inserted, ...payment }), ticketSubscription: view } },
        };
      });
    },

    /** A remitter records a penalty payment: lowers the outstanding payment; more than is owed is refused. */
    async payPenalty(agent: FieldAgent, key: string, input: PenaltyPaymentInput): Promise<IdempotentResult<PaymentResponse>> {
      const amountKobo = toKobo(input.amount);
      return idempotent(agent, key, 'penalty-payment', input, async (unit, now) => {
        const context = await lockedContext(unit, input.userCode, agent.id);
        const { motorist, current } = context;
        const subscription = current.subscription;
        const owed = subscription.outstandingPenaltyKobo;
        if (amountKobo > owed) {
          throw badRequest(
            owed === 0 ? 'amount: this motorist owes no penalty' : `amount is more than the outstanding penalty of ${formatNaira(owed)}`,
          );
        }
        const changes = { outstandingPenaltyKobo: owed - amountKobo, updatedAt: now };
        await unit.subscriptions.update(subscription.id, changes);
        const payment: Omit<PaymentRow, 'id' | 'receiptNo'> = {
          createdAt: now,
          bankName: input.bankName || null,
          modeOfPayment: input.modeOfPayment,
          planId: current.plan?.id ?? null,
          planName: current.plan?.name ?? null,
          vehicleType: motorist.vehicleType,
          amountKobo,
          status: 'success',
          motorist: personOf(motorist),
          remitter: context.agent,
        };
        const inserted = await unit.field.insertPenaltyPayment({
          motoristId: motorist.id,
          remitterId: agent.id,
          subscriptionId: subscription.id,
          planId: payment.planId,
          planName: payment.planName,
          vehicleType: motorist.vehicleType,
          amountKobo,
          modeOfPayment: input.modeOfPayment,
          bankName: payment.bankName,
          outstandingBeforeKobo: owed,
          outstandingAfterKobo: owed - amountKobo,
          idempotencyKey: key,
          createdAt: now,
        });
        const view = toTicketSubscription({ subscription: { ...subscription, ...changes }, plan: current.plan }, now, context.graceMs);
        return {
          statusCode: 201,
          body: { message: TICKET_MESSAGES.penaltyPaymentRecorded, data: { payment: toPaymentRecord({ ...inserted, ...payment }), ticketSubscription: view } },
        };
      });
    },
  };
}
export type FieldService = ReturnType<typeof createFieldService>;
