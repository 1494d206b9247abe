import { printedDateTime, type PaymentReversal } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import { toNaira } from '../../domain/money.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordAudit } from '../../platform/audit.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { addPlanPeriod, lockSubscription, updateSubscription } from '../subscriptions/index.ts';
import { reversalQueries, type ReversiblePayment } from './repository.ts';

/** What a reversal needs: the payment, why, who, and when (the app's clock). */
export interface ReverseRequest {
  paymentId: string;
  reason: string;
  actorId: string;
  at: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);

/**
 * Reverses a payment recorded in error, on `tx` (the caller's transaction: the direct endpoint's,
 * or an approval's when a second person approves the request). In that one transaction:
 *
 * - the subscription is locked, then the payment (the order every payment's transaction takes:
 *   subscription first), so two reversals of one payment queue and the second is refused (409);
 * - a reversing ledger entry naming the payment's entry: revenue debited back, the money left where
 *   it was taken (till, bank, clearing) and owed to nobody yet, credited to `suspense`;
 * - the payment's status becomes `reversed` (its amount never changes); the dashboards' counters,
 *   the payment counts and the allocation's expected amounts follow the status through their triggers;
 * - a subscription payment: the expiry as if it had never been paid. The payments applied after it
 *   are replayed from the expiry it started from, each from max(its capture time, the expiry before
 *   it), and their expires_before/after re-written; the subscription's expiry (its paused remainder
 *   too) moves by what the chain lost. accumulated and accumulatedAmount lose the payment;
 * - a penalty payment: the penalty it paid is owed again;
 * - a payment_reversals row and an audit row.
 */
export async function reversePayment(tx: Database, request: ReverseRequest): Promise<PaymentReversal> {
  const queries = reversalQueries(tx);
  // The endpoint checks the id's shape; another caller (an approval) may pass anything.
  if (!UUID.test(request.paymentId)) throw notFound('No payment has that id');
  const found = await queries.payment(request.paymentId, false);
  if (!found) throw notFound('No payment has that id');
  const subscription = await lockSubscription(tx, found.subscriptionId);
  if (!subscription) throw notFound("The payment's subscription no longer exists");
  const payment = await queries.payment(request.paymentId, true);
  if (!payment) throw notFound('No payment has that id');
  if (payment.status === 'reversed') {
    const earlier = await queries.reversalOf(payment.id);
    throw conflict(
      earlier
        ? `This payment was already reversed on ${printedDateTime(earlier.reversedAt.toISOString())} by ${earlier.reversedBy}`
        : 'This payment was already reversed',
    );
  }
  if (payment.status !== 'success') throw conflict(`Only a successful payment can be reversed; this one is ${payment.status}`);

  const memo = `Reversal of receipt ${payment.receiptNo}: ${request.reason}`;
  const entry = await queries.postReversal(payment, memo, request.at, request.actorId);
  if (!entry) throw conflict(`Receipt ${payment.receiptNo} has no ledger entry to reverse; run the Books integrity check`);
  await queries.markReversed(payment.kind, payment.id);

  const effect =
    payment.kind === 'subscription' ? await undoExtension(tx, payment, subscription, request.at) : await owePenaltyAgain(tx, payment, subscription, request.at);

  await queries.insert({
    paymentKind: payment.kind,
    paymentId: payment.id,
    receiptNo: payment.receiptNo,
    amountKobo: payment.amountKobo,
    reason: request.reason,
    reversedBy: request.actorId,
    reversedAt: request.at,
    entryId: entry.reversesId,
    reversalEntryId: entry.id,
    ...effect,
  });
  const before = { receiptNo: payment.receiptNo, status: 'success', amount: toNaira(payment.amountKobo), kind: payment.kind };
  await recordAudit(tx, {
    actorId: request.actorId,
    action: 'payment.reversed',
    entityType: 'payment',
    entityId: payment.id,
    before: {
      ...before,
      ...(payment.kind === 'subscription' ? { expiresAt: effect.expiresBefore } : { outstandingPayment: toNaira(effect.outstandingBeforeKobo ?? 0) }),
    },
    after: {
      ...before,
      status: 'reversed',
      reason: request.reason,
      ledgerEntry: entry.id,
      ...(payment.kind === 'subscription' ? { expiresAt: effect.expiresAfter } : { outstandingPayment: toNaira(effect.outstandingAfterKobo ?? 0) }),
    },
    at: request.at,
  });
  return {
    paymentId: payment.id,
    kind: payment.kind,
    receiptNo: payment.receiptNo,
    amount: toNaira(payment.amountKobo),
    reason: request.reason,
    reversedAt: request.at.toISOString(),
    expiresBefore: effect.expiresBefore?.toISOString() ?? null,
    expiresAfter: effect.expiresAfter?.toISOString() ?? null,
    outstandingBefore: effect.outstandingBeforeKobo === null ? null : toNaira(effect.outstandingBeforeKobo),
    outstandingAfter: effect.outstandingAfterKobo === null ? null : toNaira(effect.outstandingAfterKobo),
  };
}

type Subscription = NonNullable<Awaited<ReturnType<typeof lockSubscription>>>;

/** A subscription payment taken back: the later payments re-chained, the expiry moved by what the chain lost. */
async function undoExtension(tx: Database, payment: ReversiblePayment, subscription: Subscription, at: Date) {
  const queries = reversalQueries(tx);
  const chain = await queries.chainAfter(payment.subscriptionId, payment.expiresAfter!);
  let expiry = payment.expiresBefore!;
  const rechained = chain.map((next) => {
    const expiresBefore = expiry;
    expiry = addPlanPeriod(later(next.createdAt, expiresBefore), next.planName);
    return { id: next.id, expiresBefore, expiresAfter: expiry };
  });
  await queries.rechain(
    rechained.filter(
      (next, i) => next.expiresAfter.getTime() !== chain[i].expiresAfter.getTime() || next.expiresBefore.getTime() !== chain[i].expiresBefore.getTime(),
    ),
  );
  const oldEnd = chain.length > 0 ? chain[chain.length - 1].expiresAfter : payment.expiresAfter!;
  const lostMs = oldEnd.getTime() - expiry.getTime();
  const expiresAt = new Date(subscription.expiresAt.getTime() - lostMs);
  const last = subscription.lastReceiptNo === payment.receiptNo ? await queries.lastPayment(payment.subscriptionId) : undefined;
  await updateSubscription(tx, subscription.id, {
    expiresAt,
    ...(subscription.pausedAt !== null ? { pausedRemainingMs: (subscription.pausedRemainingMs ?? 0) - lostMs } : {}),
    accumulated: Math.max(0, subscription.accumulated - 1),
    accumulatedAmountKobo: Math.max(0, subscription.accumulatedAmountKobo - payment.amountKobo),
    ...(last === undefined ? {} : { lastReceiptNo: last?.receiptNo ?? null, renewedAt: last?.createdAt ?? null, ...(last ? { planId: last.planId } : {}) }),
    updatedAt: at,
  });
  return { expiresBefore: subscription.expiresAt, expiresAfter: expiresAt, outstandingBeforeKobo: null, outstandingAfterKobo: null };
}

/** A penalty payment taken back: what it paid is owed again. */
async function owePenaltyAgain(tx: Database, payment: ReversiblePayment, subscription: Subscription, at: Date) {
  const outstandingAfterKobo = subscription.outstandingPenaltyKobo + payment.amountKobo;
  await updateSubscription(tx, subscription.id, { outstandingPenaltyKobo: outstandingAfterKobo, updatedAt: at });
  return { expiresBefore: null, expiresAfter: null, outstandingBeforeKobo: subscription.outstandingPenaltyKobo, outstandingAfterKobo };
}

/** The direct endpoint's service: one reversal per transaction on the app's database. */
export function createReversalsService(deps: { db: Database; clock: Clock }) {
  return {
    reverse(actor: { id: string }, paymentId: string, reason: string): Promise<PaymentReversal> {
      return deps.db.transaction((tx) => reversePayment(tx, { paymentId, reason, actorId: actor.id, at: deps.clock.now() }));
    },
  };
}
export type ReversalsService = ReturnType<typeof createReversalsService>;
