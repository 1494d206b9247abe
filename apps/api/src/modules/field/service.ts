import {
  DEFAULT_CAPTURE_MAX_AGE_HOURS,
  DEFAULT_SCAN_REPEAT_MINUTES,
  FIELD_MESSAGES,
  TICKET_MESSAGES,
  fieldScanRequest,
  plateKey,
  type FieldScanResponse,
  type ModeOfPayment,
  type PlanName,
  type PaymentResponse,
  type SubscriptionStatus,
  penaltyPaymentRequest,
  subscriptionPaymentRequest,
} from '@eticket/contracts';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/http/auth.ts';
import { lagosDay } from '../../domain/calendar.ts';
import type { Clock } from '../../lib/clock.ts';
import { answerOnce, KeyTaken, type IdempotentResult, type StoredAnswer } from '../../platform/idempotency/index.ts';
import { captureTime } from '../../platform/capture-time.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { formatNaira, koboOf, toKobo, toNaira, type Kobo } from '../../domain/money.ts';
import { CashPaused, DEFAULT_TILL_SETTINGS, takeMoney, type Collection, type TillSettings } from '../tills/index.ts';
import type { FieldFlags } from '../flags/index.ts';
import { queueReceiptText } from '../messages/index.ts';
import { toPaymentRecord } from '../records/index.ts';
import { addPenalty, effectiveExpiry, extend, openSubscriptions, statusAt, updateSubscription } from '../subscriptions/index.ts';
import { toTicketSubscription } from '../subscriptions/index.ts';
import type { FieldContext, FieldRepository, FieldUnit, InsertedPayment, ScanRow } from './repository.ts';

/** A payment as the records module shows it. */
type PaymentRow = Parameters<typeof toPaymentRecord>[0];

/** An agent's modes, or `ussd` for a payment taken through the online payment provider (`through`). */
type WithAnyMode<T> = Omit<T, 'modeOfPayment'> & { modeOfPayment: ModeOfPayment };
type SubscriptionPaymentInput = WithAnyMode<z.output<typeof subscriptionPaymentRequest>>;
type PenaltyPaymentInput = WithAnyMode<z.output<typeof penaltyPaymentRequest>>;
type ScanInput = z.output<typeof fieldScanRequest>;

export interface FieldOptions {
  /** How old a capture may be when it arrives (FIELD_CAPTURE_MAX_AGE_HOURS); unset: 72 hours. */
  captureMaxAgeHours?: number;
  /** Minutes within which an agent's second scan of a vehicle is the same scan (SCAN_REPEAT_MINUTES); unset: 5; 0: every scan counts. */
  scanRepeatMinutes?: number;
  /** A short-lived link to a stored file (the motorist's portrait on a scan's verdict). */
  fileUrl?: (key: string) => string;
  /**
   * Receipt texts: each payment queues one to the motorist, in its own transaction, with the check
   * link {publicUrl}/r/{receiptNo} when PUBLIC_URL is set (never the request's Host: anyone may send
   * one, and the motorist would get a link to it); unset, the text carries no link.
   * `queued` is told after the payment is recorded (it sends the text soon, off the request). Unset:
   * no texts (the demo seed's thousands of payments send none).
   */
  receiptTexts?: { publicUrl?: string; queued(): void };
  /** The tills' late mark and cash limits (TILL_* settings); unset: the defaults. */
  tills?: TillSettings;
  /** The flag rules (modules/flags; FLAGS, FLAG_* settings); unset or null: no flags. */
  flags?: FieldFlags | null;
  /** Payments taken through the online payment provider (modules/online-payments): the ledger debits its clearing account. */
  through?: 'provider';
}

/** A payment's extras no field agent sends: the phone its receipt text goes to, instead of the motorist's (online payments). */
export interface PaymentExtras {
  receiptPhone?: string | null;
  /** The key's stored answer, read beforehand with the rest of a batch's (undefined: not read). */
  known?: StoredAnswer | null;
}

/** What a capture recorded, for the flag rules run after its transaction. */
interface Recorded {
  id?: string;
  /** The payment's amount, once known (a cash payment the limits refused is flagged with it). */
  amountKobo?: Kobo;
  motoristId?: string;
  at?: Date;
  received?: Date;
  place?: { latitude: number; longitude: number; accuracy: number | null } | null;
}

/** What a scan found: this scan's, or (repeated) the earlier scan's it repeats. */
interface ScanOutcome {
  scanId: string;
  at: Date;
  status: SubscriptionStatus;
  outstanding: Kobo;
  penaltyAdded: Kobo;
  repeated: boolean;
}

/** The agent making a field call (the signed-in session user, or one the demo seed acts as). */
export type FieldAgent = Pick<SessionUser, 'id'>;

const noMotorist = () => notFound(FIELD_MESSAGES.noMotoristForQuery);
const noVehicle = () => conflict('This motorist has no vehicle registered');

/**
 * The context of a payment: no payment is taken for a suspended or a deleted motorist, and the
 * remitter is told which (a deleted one is otherwise not found at all).
 */
async function payableContext(unit: FieldUnit, userCode: string, agentId: string, planId?: string): Promise<FieldContext> {
  // Read only when the lock found no live motorist: one statement fewer on every payment (issue 49).
  const found = await unit.field.lockContext(userCode, agentId, planId);
  if (!found && (await unit.field.isDeletedMotorist(userCode))) throw conflict(TICKET_MESSAGES.paymentRefusedDeleted);
  const context = found ?? (await lockedContext(unit, userCode, agentId, planId, null));
  if (context.motorist.registrationStatus === 'suspended') throw conflict(TICKET_MESSAGES.paymentRefusedSuspended);
  return context;
}

/**
 * The motorist's context with the subscription locked for this transaction; a motorist without a
 * subscription yet gets one opened first. `found`: what a lock just taken found (null: nothing).
 */
async function lockedContext(unit: FieldUnit, userCode: string, agentId: string, planId?: string, found?: FieldContext | null): Promise<FieldContext> {
  const locked = found === undefined ? await unit.field.lockContext(userCode, agentId, planId) : found;
  if (locked) return locked;
  const motorist = await unit.field.findMotorist(userCode);
  if (!motorist) throw noMotorist();
  if (!motorist.vehicleType) throw noVehicle();
  await openSubscriptions(unit.tx, [motorist.id]);
  const opened = await unit.field.lockContext(userCode, agentId, planId);
  if (!opened) throw noMotorist();
  return opened;
}

const personOf = (m: FieldContext['motorist']) => ({ id: m.id, fullName: m.fullName, userCode: m.userCode });

/** The Unique ID a field call is about: as sent, or the motorist's whose plate was typed (any case and spacing). */
async function motoristCode(unit: FieldUnit, input: { userCode?: string; plateNumber?: string }): Promise<string> {
  if (input.userCode !== undefined) return input.userCode;
  const code = await unit.field.findUserCodeByPlate(plateKey(input.plateNumber ?? ''));
  if (!code) throw notFound(FIELD_MESSAGES.noMotoristForQuery);
  return code;
}

/** The money of a payment about to be recorded, as the tills and the ledger take it. */
const moneyOf = (agent: FieldAgent, payment: PaymentFields, received: Date, kind: Collection['kind'], through?: 'provider'): Collection => ({
  ...(through ? { through } : {}),
  kind,
  remitterId: agent.id,
  modeOfPayment: payment.modeOfPayment,
  reference: payment.reference,
  amountKobo: payment.amountKobo,
  at: payment.createdAt,
  received,
});

type PaymentFields = Omit<PaymentRow, 'id' | 'receiptNo'>;

/** A payment's fields as recorded and shown, before its row is written: the kind gives its amount and plan. */
function paymentOf(
  context: FieldContext,
  input: { bankName?: string | null; modeOfPayment: ModeOfPayment; reference?: string | null },
  now: Date,
  item: Pick<PaymentFields, 'amountKobo' | 'planId' | 'planName' | 'vehicleType'>,
): PaymentFields {
  return {
    createdAt: now,
    bankName: input.bankName || null,
    modeOfPayment: input.modeOfPayment,
    reference: input.modeOfPayment === 'cash' ? null : (input.reference ?? null),
    ...item,
    status: 'success',
    motorist: personOf(context.motorist),
    remitter: context.agent,
  };
}

/** The columns of a payment row that every kind writes. */
const paymentColumns = (payment: PaymentFields, context: FieldContext, tillId: string | null, key: string, received: Date) => ({
  motoristId: context.motorist.id,
  remitterId: payment.remitter.id,
  subscriptionId: context.current.subscription.id,
  amountKobo: payment.amountKobo,
  modeOfPayment: payment.modeOfPayment,
  bankName: payment.bankName,
  reference: payment.reference,
  tillId,
  idempotencyKey: key,
  createdAt: payment.createdAt,
  receivedAt: received,
});

/** What one kind of payment is given inside its transaction. */
interface PaymentStep {
  unit: FieldUnit;
  context: FieldContext;
  now: Date;
  received: Date;
  /** Takes the money (the till and its limits, the reference, the ledger) around inserting the payment's row. */
  take: (payment: PaymentFields, kind: Collection['kind'], insert: (tillId: string | null) => Promise<InsertedPayment>) => Promise<InsertedPayment>;
}

/** What one kind of payment recorded: the payment as shown, the subscription after it, the message. */
interface PaymentRecorded {
  id: string;
  message: string;
  payment: PaymentRow;
  current: Parameters<typeof toTicketSubscription>[0];
}

export function createFieldService(deps: { repository: FieldRepository; clock: Clock; options?: FieldOptions }) {
  const { repository, clock } = deps;
  const maxAgeHours = deps.options?.captureMaxAgeHours ?? DEFAULT_CAPTURE_MAX_AGE_HOURS;
  const scanRepeatMs = (deps.options?.scanRepeatMinutes ?? DEFAULT_SCAN_REPEAT_MINUTES) * 60_000;
  const fileUrl = deps.options?.fileUrl;
  const receiptTexts = deps.options?.receiptTexts;
  const tillSettings = deps.options?.tills ?? DEFAULT_TILL_SETTINGS;
  const flags = deps.options?.flags ?? null;

  /** The late rule on a payment just recorded (after its transaction; never refusing it). */
  async function flagPayment(agent: FieldAgent, recorded: Recorded, replayed: boolean): Promise<void> {
    if (!flags || replayed || !recorded.id || !recorded.at || !recorded.received || !recorded.motoristId) return;
    await flags.afterPayment({ paymentId: recorded.id, agentId: agent.id, motoristId: recorded.motoristId, at: recorded.at, received: recorded.received });
  }

  /** Runs a payment; cash the tills refused as over a limit is flagged (the money was taken all the same), then refused. */
  async function paying<T>(agent: FieldAgent, key: string, run: (recorded: Recorded) => Promise<IdempotentResult<T>>) {
    const recorded: Recorded = {};
    try {
      const result = await run(recorded);
      await flagPayment(agent, recorded, result.replayed);
      return result;
    } catch (error) {
      if (error instanceof CashPaused && flags && recorded.at && recorded.received) {
        await flags.cashRefused({
          agentId: agent.id,
          key,
          motoristId: recorded.motoristId ?? null,
          amountKobo: recorded.amountKobo ?? 0,
          reason: error.message,
          at: recorded.at,
          received: recorded.received,
        });
      }
      throw error;
    }
  }

  /** Queues the payment's receipt text to the motorist (or to the phone the payer gave), in the payment's transaction. */
  async function queueReceipt(
    unit: FieldUnit,
    context: FieldContext,
    extras: PaymentExtras,
    received: Date,
    receipt:
      | { kind: 'subscription'; receiptNo: string; amountKobo: Kobo; planName: PlanName; paidUntil: Date }
      | { kind: 'penalty'; receiptNo: string; amountKobo: Kobo },
  ): Promise<void> {
    if (!receiptTexts) return;
    const { motorist } = context;
    const to = { motoristId: motorist.id, phone: extras.receiptPhone || motorist.phone, plate: motorist.plateNumber, language: motorist.textLanguage };
    await queueReceiptText(unit.tx, { ...receipt, ...to }, receiptTexts.publicUrl, received);
  }

  /**
   * What every payment shares: recorded once under its key, at its capture time, for a payable
   * motorist (not suspended, not deleted); `record` is the kind's own part. Cash the till limits
   * refused is flagged, the late rule runs after, and the receipt text is sent soon after.
   */
  async function takePayment(
    agent: FieldAgent,
    key: string,
    operation: 'subscription-payment' | 'penalty-payment',
    input: SubscriptionPaymentInput | PenaltyPaymentInput,
    extras: PaymentExtras,
    planId: string | undefined,
    record: (step: PaymentStep) => Promise<PaymentRecorded>,
  ): Promise<IdempotentResult<PaymentResponse>> {
    const result = await paying(agent, key, (recorded) =>
      idempotent(
        agent,
        key,
        operation,
        input,
        async (unit, received) => {
          const now = captureTime(input.capturedAt, received, maxAgeHours);
          Object.assign(recorded, { at: now, received });
          const context = await payableContext(unit, await motoristCode(unit, input), agent.id, planId);
          recorded.motoristId = context.motorist.id;
          const take: PaymentStep['take'] = (payment, kind, insert) => {
            recorded.amountKobo = payment.amountKobo;
            return takeMoney(unit.tx, tillSettings, moneyOf(agent, payment, received, kind, deps.options?.through), insert);
          };
          const done = await record({ unit, context, now, received, take });
          recorded.id = done.id;
          const data = {
            payment: toPaymentRecord(done.payment),
            ticketSubscription: toTicketSubscription(done.current, now, context.graceMs),
            plateNumber: context.motorist.plateNumber,
          };
          return { statusCode: 201, body: { message: done.message, data } };
        },
        extras.known,
      ),
    );
    if (receiptTexts && !result.replayed) receiptTexts.queued();
    return result;
  }

  /**
   * The scan this one repeats: the same agent's scan of the same motorist captured within
   * SCAN_REPEAT_MINUTES of it (either side: offline captures arrive in any order). A sticker left in
   * front of the camera is read again and again; those reads are one scan.
   */
  function repeatedScan(unit: FieldUnit, motoristId: string, agentId: string, at: Date): Promise<ScanRow | null> {
    if (scanRepeatMs === 0) return Promise.resolve(null);
    return unit.field.findScanBetween(motoristId, agentId, new Date(at.getTime() - scanRepeatMs), new Date(at.getTime() + scanRepeatMs));
  }

  async function scanIn(unit: FieldUnit, agent: FieldAgent, input: ScanInput, received: Date, recorded: Recorded): Promise<FieldScanResponse['data']> {
    const now = captureTime(input.capturedAt, received, maxAgeHours);
    const context = await lockedContext(unit, await motoristCode(unit, input), agent.id);
    const { motorist, current, penaltyChargeKobo, graceMs } = context;
    const earlier = await repeatedScan(unit, motorist.id, agent.id, now);
    if (earlier) {
      const { id, createdAt, subscriptionStatus, outstandingKobo, penaltyAddedKobo } = earlier;
      return scanAnswer(context, {
        scanId: id,
        at: createdAt,
        status: subscriptionStatus,
        outstanding: outstandingKobo,
        penaltyAdded: penaltyAddedKobo,
        repeated: true,
      });
    }
    const subscription = current.subscription;
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
      receivedAt: received,
      latitude: input.location?.latitude ?? null,
      longitude: input.location?.longitude ?? null,
      locationAccuracy: input.location?.accuracy ?? null,
    };

    let outstanding = subscription.outstandingPenaltyKobo;
    let penaltyAdded = koboOf(0);
    let scanId: string | null = null;
    // A penalty scan captured before the agent's previous contact with the server was held back:
    // it adds no penalty and is flagged instead (docs/flags.md).
    const heldSince = status === 'expired' && penaltyChargeKobo && flags ? await flags.heldSince(unit.tx, agent.id, now, received) : null;
    if (heldSince && penaltyChargeKobo && flags) {
      scanId = await unit.field.insertScan({ ...base, outstandingKobo: outstanding, penaltyAddedKobo: 0, penaltyDay: null });
      if (!scanId) throw new Error('scan was not written');
      await flags.heldPenaltyFlag(unit.tx, {
        agentId: agent.id,
        scanId,
        motoristId: motorist.id,
        capturedAt: now,
        receivedAt: received,
        previousContact: heldSince,
        penaltyKobo: penaltyChargeKobo,
      });
    } else if (status === 'expired' && penaltyChargeKobo) {
      scanId = await unit.field.insertScan({
        ...base,
        outstandingKobo: outstanding + penaltyChargeKobo,
        penaltyAddedKobo: penaltyChargeKobo,
        penaltyDay: lagosDay(now),
      });
      if (scanId) {
        // updated_at is the server's time: the compliance list's refresh finds the change by it.
        outstanding = await addPenalty(unit.tx, subscription.id, penaltyChargeKobo, received);
        penaltyAdded = penaltyChargeKobo;
      }
    }
    scanId ??= await unit.field.insertScan({ ...base, outstandingKobo: outstanding, penaltyAddedKobo: 0, penaltyDay: null });
    if (!scanId) throw new Error('scan was not written');
    const place =
      base.latitude !== null && base.longitude !== null ? { latitude: base.latitude, longitude: base.longitude, accuracy: base.locationAccuracy } : null;
    Object.assign(recorded, { id: scanId, motoristId: motorist.id, at: now, received, place });
    return scanAnswer(context, { scanId, at: now, status, outstanding, penaltyAdded, repeated: false });
  }

  function scanAnswer(context: FieldContext, scan: ScanOutcome): FieldScanResponse['data'] {
    const { motorist, current, graceMs, portraitFile } = context;
    const subscription = { ...current.subscription, outstandingPenaltyKobo: scan.outstanding };
    return {
      scanId: scan.scanId,
      scannedAt: scan.at.toISOString(),
      motorist: {
        _id: motorist.id,
        id: motorist.id,
        userCode: motorist.userCode,
        fullName: motorist.fullName,
        registrationStatus: motorist.registrationStatus,
      },
      vehicle: { plateNumber: motorist.plateNumber ?? '', vehicleModel: motorist.vehicleModel, vehicleType: motorist.vehicleType },
      subscriptionStatus: scan.status,
      outstandingPayment: toNaira(scan.outstanding),
      penaltyAdded: toNaira(scan.penaltyAdded),
      ticketSubscription: toTicketSubscription({ subscription, plan: current.plan }, scan.at, graceMs),
      photoUrl: portraitFile && fileUrl ? fileUrl(portraitFile) : null,
      repeated: scan.repeated,
    };
  }

  /** Runs `work` once per (agent, key): see answerOnce. The answer is stored in the transaction that did the work. */
  function idempotent<T>(
    agent: FieldAgent,
    key: string,
    operation: string,
    request: unknown,
    work: (unit: FieldUnit, now: Date) => Promise<{ statusCode: number; body: T }>,
    known?: StoredAnswer | null,
  ): Promise<IdempotentResult<T>> {
    return answerOnce({
      operation,
      request,
      known,
      find: () => repository.findKey(agent.id, key),
      attempt: (requestHash) =>
        repository.transaction(async (unit) => {
          const now = clock.now();
          const result = await work(unit, now);
          const kept = await unit.keys.save({ agentId: agent.id, key, operation, requestHash, statusCode: result.statusCode, response: result.body, at: now });
          if (!kept) throw new KeyTaken();
          return result;
        }),
    });
  }

  return {
    /**
     * An enforcer scans a motorist: writes a scan record with the subscription as it stood at the
     * capture time and, if it was expired then, adds the vehicle type's penalty charge to the
     * outstanding payment, at most once per motorist per Lagos day of capture (enforced by a unique
     * index, not by reading first). With an Idempotency-Key, a repeat records nothing new.
     */
    async scan(agent: FieldAgent, input: ScanInput, key?: string, known?: StoredAnswer | null): Promise<IdempotentResult<FieldScanResponse['data']>> {
      const recorded: Recorded = {};
      const work = async (unit: FieldUnit, received: Date) => ({ statusCode: 201, body: await scanIn(unit, agent, input, received, recorded) });
      const result = key
        ? await idempotent(agent, key, 'scan', input, work, known)
        : await repository.transaction(async (unit) => ({ ...(await work(unit, clock.now())), replayed: false }));
      // The flag rules, once the scan is committed: a repeat or a replay recorded nothing new.
      if (flags && !result.replayed && recorded.id && recorded.motoristId && recorded.at && recorded.received) {
        await flags.afterScan({
          scanId: recorded.id,
          agentId: agent.id,
          motoristId: recorded.motoristId,
          at: recorded.at,
          received: recorded.received,
          place: recorded.place ?? null,
        });
      }
      return result;
    },

    /**
     * A remitter records a subscription payment at the plan's price: the expiry moves from
     * max(now, current expiry) by one plan period; accumulated + 1; accumulatedAmount + price.
     */
    subscriptionPayment: (agent: FieldAgent, key: string, input: SubscriptionPaymentInput, extras: PaymentExtras = {}) =>
      takePayment(agent, key, 'subscription-payment', input, extras, input.subscriptionId, async ({ unit, context, now, received, take }) => {
        const { motorist, requestedPlan: plan } = context;
        if (!plan || plan.isDeleted) throw notFound('No plan has that subscriptionId');
        if (plan.vehicleType !== motorist.vehicleType) {
          throw badRequest(`subscriptionId names a ${plan.vehicleType} plan; this motorist's vehicle is a ${motorist.vehicleType}`);
        }
        const subscription = context.current.subscription;
        const { next, expiresBefore, expiresAfter } = extend(subscription, plan.name, now);
        const payment = paymentOf(context, input, now, { amountKobo: plan.priceKobo, planId: plan.id, planName: plan.name, vehicleType: plan.vehicleType });
        const inserted = await take(payment, 'subscription', (tillId) =>
          unit.field.insertSubscriptionPayment({
            ...paymentColumns(payment, context, tillId, key, received),
            planId: plan.id,
            planName: plan.name,
            vehicleType: plan.vehicleType,
            expiresBefore,
            expiresAfter,
          }),
        );
        const updated = {
          ...next,
          planId: plan.id,
          accumulated: subscription.accumulated + 1,
          accumulatedAmountKobo: subscription.accumulatedAmountKobo + plan.priceKobo,
          renewedAt: now,
          updatedAt: received,
          lastReceiptNo: inserted.receiptNo,
        };
        await updateSubscription(unit.tx, subscription.id, updated);
        await queueReceipt(unit, context, extras, received, {
          kind: 'subscription',
          receiptNo: inserted.receiptNo,
          amountKobo: plan.priceKobo,
          planName: plan.name,
          paidUntil: expiresAfter,
        });
        const current = {
          subscription: { ...subscription, ...updated },
          plan: { id: plan.id, name: plan.name, vehicleType: plan.vehicleType, priceKobo: plan.priceKobo },
        };
        return { id: inserted.id, message: TICKET_MESSAGES.subscriptionPaymentRecorded, payment: { ...inserted, ...payment }, current };
      }),

    /** The answers stored under a batch's keys, read at once (each item's own look-up then skipped). */
    storedAnswers: (agent: FieldAgent, keys: readonly string[]): Promise<Map<string, StoredAnswer>> => repository.findKeys(agent.id, keys),

    /** A remitter records a penalty payment: lowers the outstanding payment; more than is owed is refused. */
    penaltyPayment: (agent: FieldAgent, key: string, input: PenaltyPaymentInput, extras: PaymentExtras = {}) =>
      takePayment(agent, key, 'penalty-payment', input, extras, undefined, async ({ unit, context, now, received, take }) => {
        const amountKobo = toKobo(input.amount);
        const { current } = context;
        const subscription = current.subscription;
        const owed = subscription.outstandingPenaltyKobo;
        if (amountKobo > owed) {
          throw badRequest(owed === 0 ? 'amount: this motorist owes no penalty' : `amount is more than the outstanding penalty of ${formatNaira(owed)}`);
        }
        const changes = { outstandingPenaltyKobo: owed - amountKobo, updatedAt: received };
        await updateSubscription(unit.tx, subscription.id, changes);
        const payment = paymentOf(context, input, now, {
          amountKobo,
          planId: current.plan?.id ?? null,
          planName: current.plan?.name ?? null,
          vehicleType: context.motorist.vehicleType,
        });
        const inserted = await take(payment, 'penalty', (tillId) =>
          unit.field.insertPenaltyPayment({
            ...paymentColumns(payment, context, tillId, key, received),
            planId: payment.planId,
            planName: payment.planName,
            vehicleType: context.motorist.vehicleType,
            outstandingBeforeKobo: owed,
            outstandingAfterKobo: owed - amountKobo,
          }),
        );
        await queueReceipt(unit, context, extras, received, { kind: 'penalty', receiptNo: inserted.receiptNo, amountKobo });
        return {
          id: inserted.id,
          message: TICKET_MESSAGES.penaltyPaymentRecorded,
          payment: { ...inserted, ...payment },
          current: { subscription: { ...subscription, ...changes }, plan: current.plan },
        };
      }),
  };
}
export type FieldService = ReturnType<typeof createFieldService>;
