import { DEFAULT_CAPTURE_MAX_AGE_HOURS, TICKET_MESSAGES, type ModeOfPayment, type PaymentResponse, type PlanName } from '@eticket/contracts';
import type { Clock } from '../../lib/clock.ts';
import type { IdempotentResult, StoredAnswer } from '../../platform/idempotency/index.ts';
import { captureTime } from '../../platform/capture-time.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { formatNaira, toKobo, type Kobo } from '../../domain/money.ts';
import { CashPaused, DEFAULT_TILL_SETTINGS, takeMoney, type Collection } from '../tills/index.ts';
import { queueReceiptText } from '../messages/index.ts';
import { toPaymentRecord } from '../records/index.ts';
import { extend, toTicketSubscription, updateSubscription } from '../subscriptions/index.ts';
import { motoristCode, payableContext, personOf } from './context.ts';
import type { KeyedOnce } from './keyed.ts';
import type { FieldContext, FieldRepository, FieldUnit, InsertedPayment } from './repository.ts';
import type { FieldAgent, FieldOptions, PaymentExtras, PenaltyPaymentInput, Recorded, SubscriptionPaymentInput } from './types.ts';

/** A payment as the records module shows it. */
type PaymentRow = Parameters<typeof toPaymentRecord>[0];

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

/** The field's payments: subscriptions and penalties, taken by remitters (and online, through the provider). */
export function createFieldPayments(deps: { repository: FieldRepository; clock: Clock; options?: FieldOptions; idempotent: KeyedOnce }) {
  const { repository, idempotent } = deps;
  const maxAgeHours = deps.options?.captureMaxAgeHours ?? DEFAULT_CAPTURE_MAX_AGE_HOURS;
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

  return {
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
