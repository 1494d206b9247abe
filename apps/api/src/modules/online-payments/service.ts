import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ModeOfPayment } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../../lib/clock.ts';
import { HttpError } from '../../platform/http/errors.ts';
import type { FieldService } from '../field/index.ts';
import { ONLINE_PAYMENTS_AGENT, ensureOnlinePaymentsUser, receiveIntoSuspense, type SuspenseReason } from '../suspense/index.ts';
import { onlinePaymentQueries, type OnlinePaymentRow, type OnlinePaymentToCredit, type PayContext } from './repository.ts';
import { PAY_WORDS, type PayKey } from './texts.ts';
import { ProviderError, type PaymentProvider, type ProviderEvent, type ProviderTransaction } from './provider/types.ts';

/** How long after it was started a checkout is verified by the job (a lost notification is credited within 15 minutes). */
export const VERIFY_AFTER_MS = 10 * 60 * 1000;
/** A checkout still not paid this long after it started is abandoned (a later success still credits it). */
const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
/** Verified events not applied this long after they came are applied by the job (the process stopped). */
const SWEEP_AFTER_MS = 30 * 1000;
/** Capture times older than this are not sent to the field rules (their 72-hour bound): the credit's time is used. */
const CAPTURE_MAX_AGE_MS = 72 * 3600_000;

/**
 * Transfers into a motorist's dedicated account (and any charge.success that is not one of our
 * checkouts) are handed to this handler, which the dedicated-accounts module sets; it answers the
 * outcome to record. Until one is set they go to suspense as "unmatched".
 */
export type DedicatedAccountChargeHandler = (charge: ProviderTransaction, receivedAt: Date) => Promise<string>;

export interface PayItem {
  /** 'penalty', or a plan's id. */
  item: string;
  /** The phone the receipt text goes to; empty: the motorist's. */
  phone: string;
  /**
   * The language of the page the payer paid from: the page back from checkout says it too, even when
   * the payer comes back in another browser (a bank's app) without the language cookie.
   */
  language?: string;
}

export type PaidView =
  | { state: 'credited'; kind: 'subscription' | 'penalty'; receiptNo: string; paidUntil: Date | null; amountKobo: number }
  | { state: 'pending' | 'failed' | 'abandoned' | 'suspense'; amountKobo: number };

/** A refusal the payer sees on the page (400), naming the field: `reason` is its words' key (the page says them in the reader's language). */
export class PayRefused extends Error {
  constructor(
    readonly field: string,
    readonly reason: PayKey,
  ) {
    super(PAY_WORDS.english[reason]);
  }
}

const ngPhone = (phone: string): string | null => {
  const digits = phone.replace(/[\s()-]/g, '');
  if (/^0[789][01]\d{8}$/.test(digits)) return digits;
  if (/^\+?234[789][01]\d{8}$/.test(digits)) return `0${digits.slice(-10)}`;
  return null;
};

/** Why a successful transaction may not credit the checkout the server initialised (reference, currency, amount), or null when it may. */
export function mismatchOf(
  expected: Pick<OnlinePaymentRow, 'reference' | 'currency' | 'amountKobo'>,
  txn: Pick<ProviderTransaction, 'reference' | 'currency' | 'amountKobo'>,
): { reason: SuspenseReason; detail: string } | null {
  if (txn.reference !== expected.reference) return { reason: 'unmatched', detail: `reference ${txn.reference} is not ${expected.reference}` };
  if (txn.currency !== expected.currency) return { reason: 'currency', detail: `${txn.currency} paid, ${expected.currency} expected` };
  if (txn.amountKobo !== expected.amountKobo) return { reason: 'amount', detail: `${txn.amountKobo} kobo paid, ${expected.amountKobo} kobo expected` };
  return null;
}

export function createOnlinePayments(deps: {
  db: Database;
  clock: Clock;
  provider: PaymentProvider;
  /** The field rules taken through the provider (fieldOn(..., { through: 'provider', receiptTexts })). */
  field: FieldService;
  /** Where the payer's browser comes back: {publicUrl}/v/{code}/paid (PUBLIC_URL, never the request's Host). */
  publicUrl: string;
  /** Where the provider's checkout pages are: the vehicle page's form may be sent on there. */
  checkoutOrigin: string;
  log?: FastifyBaseLogger;
}) {
  const { db, clock, provider, field } = deps;
  const queries = onlinePaymentQueries(db);
  const emailHost = new URL(deps.publicUrl).hostname.includes('.') ? new URL(deps.publicUrl).hostname : 'levy.example.com';
  let dedicatedHandler: DedicatedAccountChargeHandler | null = null;
  let agentReady: Promise<void> | null = null;
  const ensureAgent = () =>
    (agentReady ??= ensureOnlinePaymentsUser(db).catch((error: unknown) => {
      agentReady = null;
      throw error;
    }));

  async function toSuspense(money: ProviderTransaction, reason: SuspenseReason, detail: string, op: OnlinePaymentRow | null): Promise<string> {
    const now = clock.now();
    await db.transaction(async (tx) => {
      await receiveIntoSuspense(tx, {
        provider: provider.name,
        reference: money.reference,
        amountKobo: money.amountKobo,
        currency: money.currency || 'NGN',
        reason,
        detail,
        motoristId: op?.motoristId ?? null,
        payer: money.senderName ? `${money.senderName}${money.senderBank ? ` (${money.senderBank})` : ''}` : money.customerEmail,
        channel: money.channel,
        occurredAt: money.paidAt ?? now,
        receivedAt: now,
      });
      if (op) await onlinePaymentQueries(tx).settle(op.id, { status: 'suspense', outcome: `${reason}: ${detail}`, channel: money.channel, at: now });
    });
    return `suspense: ${reason}`;
  }

  /** The mode a receipt shows for the provider's channel: USSD, a transfer, or else a card. */
  const modeOf = (channel: string | null): ModeOfPayment =>
    channel === 'ussd' ? 'ussd' : channel === 'bank_transfer' || channel === 'bank' || channel === 'dedicated_nuban' ? 'transfer' : 'card';

  /**
   * Applies what the provider says of one of our checkouts: credits it once (the field rules, keyed by
   * the provider's reference, so any number of calls at once record one payment), or sends it to
   * suspense when it is not what the server initialised, or records that it failed. Answers the outcome.
   */
  async function settleWith(op: OnlinePaymentToCredit, txn: ProviderTransaction): Promise<string> {
    if (op.status === 'credited' || op.status === 'suspense') return `already ${op.status}`;
    const now = clock.now();
    if (txn.status !== 'success') {
      if (txn.status === 'failed' || txn.status === 'reversed' || (txn.status === 'abandoned' && now.getTime() - op.createdAt.getTime() > VERIFY_AFTER_MS)) {
        // Not final: a later success still credits it.
        await queries.settle(op.id, { status: txn.status === 'abandoned' ? 'abandoned' : 'failed', outcome: txn.status, channel: txn.channel, at: now });
      }
      return `not paid: ${txn.status}`;
    }
    const mismatch = mismatchOf(op, txn);
    if (mismatch) return toSuspense(txn, mismatch.reason, mismatch.detail, op);
    if (op.kind === 'subscription' && op.planId && op.planPriceNowKobo !== op.amountKobo) {
      return toSuspense(txn, 'refused', 'the plan was removed or its price changed after the checkout started', op);
    }
    const capturedAt = txn.paidAt && now.getTime() - txn.paidAt.getTime() < CAPTURE_MAX_AGE_MS && txn.paidAt <= now ? txn.paidAt.toISOString() : undefined;
    const common = {
      userCode: op.userCode ?? '',
      modeOfPayment: modeOf(txn.channel),
      bankName: provider.name,
      reference: `${provider.name}:${op.reference}`,
      capturedAt,
    } as const;
    const key = `online:${provider.name}:${op.reference}`;
    await ensureAgent();
    const extras = { receiptPhone: op.phone };
    let receiptNo: string;
    try {
      const result =
        op.kind === 'subscription'
          ? await field.subscriptionPayment(ONLINE_PAYMENTS_AGENT, key, { ...common, subscriptionId: op.planId! }, extras)
          : await field.penaltyPayment(ONLINE_PAYMENTS_AGENT, key, { ...common, amount: op.amountKobo / 100 }, extras);
      receiptNo = result.body.data.payment.receiptNo;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode < 500) return toSuspense(txn, 'refused', error.message, op);
      throw error;
    }
    await queries.settle(op.id, { status: 'credited', outcome: `receipt ${receiptNo}`, receiptNo, channel: txn.channel, at: clock.now() });
    return `credited: receipt ${receiptNo}`;
  }

  /**
   * Applies one kept event; answers its outcome. Safe to run any number of times, at once, in any order.
   * `received`: the event as just kept and parsed (not read back; a process applying it meanwhile changes nothing).
   */
  async function applyEvent(id: string, received?: { event: ProviderEvent | null; receivedAt: Date }): Promise<string | null> {
    let event: ProviderEvent | null;
    let receivedAt: Date;
    if (received) ({ event, receivedAt } = received);
    else {
      const row = await queries.event(id);
      if (!row || row.processedAt || !row.signatureOk) return null;
      event = provider.parseEvent(Buffer.from(row.rawBody, 'utf8'));
      receivedAt = row.receivedAt;
    }
    let outcome: string;
    if (!event || event.event !== 'charge.success' || !event.charge) outcome = `ignored: ${event?.event ?? 'unreadable'}`;
    else {
      const op = await queries.byReference(provider.name, event.charge.reference);
      if (op) outcome = await settleWith(op, event.charge);
      else if (dedicatedHandler) outcome = await dedicatedHandler(event.charge, receivedAt);
      else outcome = await toSuspense(event.charge, 'unmatched', 'no checkout or account of the levy matches it', null);
    }
    await queries.markProcessed(id, outcome, clock.now());
    return outcome;
  }

  return {
    provider,
    checkoutOrigin: deps.checkoutOrigin,

    /** Sets who handles transfers into dedicated accounts (the dedicated-accounts module). */
    onDedicatedAccountCharge(handler: DedicatedAccountChargeHandler): void {
      dedicatedHandler = handler;
    },

    payContext: (userCode: string): Promise<PayContext | null> => queries.payContext(userCode),

    /**
     * Starts a checkout for a plan of the vehicle's type or the whole outstanding penalty: the amount
     * and the reference are the server's. Answers where the payer's browser goes.
     */
    async start(userCode: string, input: PayItem): Promise<string> {
      const context = await queries.payContext(userCode);
      if (!context || !context.vehicleType) throw new PayRefused('code', 'noVehicle');
      if (context.registrationStatus === 'suspended') throw new PayRefused('code', 'suspended');
      const phone = input.phone.trim() ? ngPhone(input.phone) : null;
      if (input.phone.trim() && !phone) throw new PayRefused('phone', 'badPhone');
      let kind: 'subscription' | 'penalty';
      let amountKobo: number;
      let planId: string | null = null;
      if (input.item === 'penalty') {
        if (context.outstandingKobo <= 0) throw new PayRefused('item', 'noPenalty');
        kind = 'penalty';
        amountKobo = context.outstandingKobo;
      } else {
        const plan = context.plans.find((p) => p.id === input.item);
        if (!plan) throw new PayRefused('item', 'choosePlan');
        kind = 'subscription';
        amountKobo = plan.priceKobo;
        planId = plan.id;
      }
      const reference = `LV${randomBytes(12).toString('hex')}`;
      const now = clock.now();
      await queries.insert({
        provider: provider.name,
        reference,
        motoristId: context.motoristId,
        kind,
        planId,
        amountKobo,
        currency: 'NGN',
        phone,
        createdAt: now,
      });
      const started = await provider.initialize({
        email: `motorist-${context.userCode}@${emailHost}`,
        amountKobo,
        currency: 'NGN',
        reference,
        callbackUrl: `${deps.publicUrl}/v/${encodeURIComponent(context.userCode)}/paid${input.language ? `?lang=${encodeURIComponent(input.language)}` : ''}`,
        metadata: { userCode: context.userCode, kind, planId },
      });
      return started.authorizationUrl;
    },

    /**
     * A webhook as received: the signature is checked over the raw bytes before anything else. A
     * verified event is kept (once per event and reference) and answered; `apply` then applies it.
     */
    async receive(
      rawBody: Buffer,
      signature: string | undefined,
      remoteAddress: string | null,
    ): Promise<{ status: 200 | 401; apply?: () => Promise<string | null> }> {
      const now = clock.now();
      if (!provider.verifySignature(rawBody, signature)) {
        const outcome = signature ? 'refused: signature does not match' : 'refused: no signature';
        deps.log?.warn({ remoteAddress, outcome }, 'payment webhook refused');
        await queries.keepRefused({ provider: provider.name, rawBody: rawBody.toString('utf8'), remoteAddress, outcome, at: now });
        return { status: 401 };
      }
      const event = provider.parseEvent(rawBody);
      if (!event) return { status: 200 };
      const kept = await queries.keepEvent({
        provider: provider.name,
        event: event.event,
        reference: event.reference,
        rawBody: rawBody.toString('utf8'),
        remoteAddress,
        at: now,
      });
      if (kept.processed) return { status: 200 };
      return { status: 200, apply: () => applyEvent(kept.id, { event, receivedAt: kept.receivedAt }) };
    },

    applyEvent,

    /** The payer back from checkout: verified with the provider before anything is said. */
    async paid(userCode: string, reference: string): Promise<PaidView | null> {
      let op = await queries.byReference(provider.name, reference);
      if (!op) return null;
      if (op.userCode !== userCode) return null;
      if (op.status !== 'credited' && op.status !== 'suspense') {
        try {
          const txn = await provider.verify(reference);
          if (txn) await settleWith(op, txn);
        } catch (error) {
          if (!(error instanceof ProviderError)) throw error;
        }
        op = (await queries.byReference(provider.name, reference))!;
      }
      if (op.status === 'credited' && op.receiptNo) {
        const paidUntil = op.kind === 'subscription' ? await queries.paidUntil(op.receiptNo) : null;
        return { state: 'credited', kind: op.kind, receiptNo: op.receiptNo, paidUntil, amountKobo: op.amountKobo };
      }
      return { state: op.status === 'initialised' ? 'pending' : (op.status as 'failed' | 'abandoned' | 'suspense'), amountKobo: op.amountKobo };
    },

    /**
     * The verify job: checkouts still initialised 10 minutes after they started are verified with the
     * provider (credited, failed, or given up after a day), and kept events never applied are applied.
     */
    async recover(limit = 200): Promise<string> {
      const now = clock.now();
      let verified = 0;
      let credited = 0;
      for (const op of await queries.pending(new Date(now.getTime() - VERIFY_AFTER_MS), limit)) {
        verified += 1;
        try {
          const txn = await provider.verify(op.reference);
          const outcome = txn ? await settleWith(op, txn) : 'unknown to the provider';
          if (outcome.startsWith('credited')) credited += 1;
          else if (now.getTime() - op.createdAt.getTime() > GIVE_UP_AFTER_MS) await queries.settle(op.id, { status: 'abandoned', outcome, at: now });
          else await queries.markChecked(op.id, now);
        } catch (error) {
          if (!(error instanceof ProviderError)) throw error;
          deps.log?.warn({ reference: op.reference, err: error.message }, 'online payment not verified');
        }
      }
      let applied = 0;
      for (const { id } of await queries.unprocessed(new Date(now.getTime() - SWEEP_AFTER_MS), limit)) {
        if ((await applyEvent(id)) !== null) applied += 1;
      }
      return `${verified} checkouts verified, ${credited} credited; ${applied} kept events applied`;
    },
  };
}
export type OnlinePayments = ReturnType<typeof createOnlinePayments>;
