import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { rowsOf } from '../../db/rows.ts';
import { formatNaira, koboOf, type Kobo } from '../../domain/money.ts';
import { recordAudit } from '../../platform/audit.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { ACCOUNTS, postEntry } from '../ledger/index.ts';
import type { CreditPayment } from './online-credit.ts';

const timestamp = (at: Date) => sql`${at.toISOString()}::timestamptz`;

interface LockedItem {
  id: string;
  reference: string;
  amountKobo: Kobo;
  status: 'open' | 'assigned' | 'refunded';
  /** The provider's channel the money came by (null: not known). */
  channel: string | null;
}

/** The item, locked until the transaction ends: two staff acting on it at once wait, and the second finds it resolved. */
async function lockOpenItem(tx: Database, itemId: string): Promise<LockedItem> {
  const [row] = await rowsOf<{ id: string; reference: string; amount: string; status: LockedItem['status']; channel: string | null }>(
    tx,
    sql`SELECT id, reference, amount_kobo::text AS amount, status, channel FROM suspense_items WHERE id = ${itemId}::uuid FOR UPDATE`,
  );
  if (!row) throw notFound('No suspense item has this id');
  if (row.status !== 'open') throw conflict(`This item was ${row.status} already`);
  return { id: row.id, reference: row.reference, amountKobo: koboOf(row.amount), status: row.status, channel: row.channel };
}

export interface AssignInput {
  itemId: string;
  actorId: string;
  /** The motorist's Unique ID. */
  userCode: string;
  kind: 'subscription' | 'penalty';
  /** The plan (subscription): its price must be the item's amount. */
  planId?: string;
  note: string;
  at: Date;
}

/**
 * Assigns an open suspense item to a motorist's plan or penalty, on `tx` (one unit: a second
 * person's approval can wrap it): the money leaves suspense for the provider's clearing account
 * (`suspense_assignment`, debit suspense), and the payment path records the payment as any online
 * payment (clearing → revenue: receipt number, text, compliance, dashboards): suspense → revenue in
 * all. The plan's price must be the amount; a penalty may not be paid beyond what is owed (400).
 */
export async function assignSuspenseItem(tx: Database, credit: CreditPayment, input: AssignInput): Promise<{ receiptNo: string; paymentId: string }> {
  const item = await lockOpenItem(tx, input.itemId);
  const [motorist] = await rowsOf<{ id: string }>(tx, sql`SELECT id FROM users WHERE user_code = ${input.userCode} AND role = 'motorist' AND NOT is_deleted`);
  if (!motorist) throw badRequest('userCode: no motorist has this Unique ID');
  if (input.kind === 'subscription') {
    const [plan] = await rowsOf<{ price: string }>(
      tx,
      sql`SELECT price_kobo::text AS price FROM subscription_plans WHERE id = ${input.planId ?? null}::uuid AND NOT is_deleted`,
    );
    if (!plan) throw badRequest('subscriptionId: no plan has this id');
    if (koboOf(plan.price) !== item.amountKobo) {
      throw badRequest(`subscriptionId: the plan costs ${formatNaira(koboOf(plan.price))}, the item is ${formatNaira(item.amountKobo)}`);
    }
  }
  await postEntry(tx, {
    kind: 'suspense_assignment',
    sourceId: item.id,
    memo: `Suspense ${item.reference} assigned: ${input.note}`,
    occurredAt: input.at,
    postedBy: input.actorId,
    lines: [
      { account: ACCOUNTS.suspense, amountKobo: item.amountKobo },
      { account: ACCOUNTS.clearing.online, amountKobo: -item.amountKobo },
    ],
  });
  const paid = await credit(tx, {
    motoristId: motorist.id,
    userCode: input.userCode,
    kind: input.kind,
    planId: input.kind === 'subscription' ? (input.planId ?? null) : null,
    amountKobo: item.amountKobo,
    reference: item.reference,
    paidAt: input.at,
    channel: item.channel,
  });
  await tx.execute(sql`
    UPDATE suspense_items SET status = 'assigned', resolved_by = ${input.actorId}::uuid, resolved_at = ${timestamp(input.at)}, resolution_note = ${input.note},
      payment_kind = ${input.kind}, payment_id = ${paid.paymentId}::uuid, receipt_no = ${paid.receiptNo}, motorist_id = coalesce(motorist_id, ${motorist.id}::uuid)
    WHERE id = ${item.id}::uuid`);
  await recordAudit(tx, {
    actorId: input.actorId,
    action: 'suspense_item.assigned',
    entityType: 'suspense_item',
    entityId: item.id,
    before: { status: 'open' },
    after: { status: 'assigned', userCode: input.userCode, kind: input.kind, planId: input.planId ?? null, receiptNo: paid.receiptNo, note: input.note },
    at: input.at,
  });
  return paid;
}

export interface RefundInput {
  itemId: string;
  actorId: string;
  /** The refund's reference at the provider (or the bank). */
  refundReference: string;
  note: string;
  at: Date;
}

/**
 * Records an open suspense item's refund through the provider, on `tx` (one unit, as assign): the
 * money leaves suspense back to the provider's clearing account (`suspense_refund`: debit
 * suspense, credit clearing:online), which pays it out to the sender.
 */
export async function refundSuspenseItem(tx: Database, input: RefundInput): Promise<void> {
  const item = await lockOpenItem(tx, input.itemId);
  await postEntry(tx, {
    kind: 'suspense_refund',
    sourceId: item.id,
    memo: `Suspense ${item.reference} refunded (${input.refundReference}): ${input.note}`,
    occurredAt: input.at,
    postedBy: input.actorId,
    lines: [
      { account: ACCOUNTS.suspense, amountKobo: item.amountKobo },
      { account: ACCOUNTS.clearing.online, amountKobo: -item.amountKobo },
    ],
  });
  await tx.execute(sql`
    UPDATE suspense_items SET status = 'refunded', resolved_by = ${input.actorId}::uuid, resolved_at = ${timestamp(input.at)}, resolution_note = ${input.note},
      refund_reference = ${input.refundReference}
    WHERE id = ${item.id}::uuid`);
  await recordAudit(tx, {
    actorId: input.actorId,
    action: 'suspense_item.refunded',
    entityType: 'suspense_item',
    entityId: item.id,
    before: { status: 'open' },
    after: { status: 'refunded', refundReference: input.refundReference, note: input.note },
    at: input.at,
  });
}
