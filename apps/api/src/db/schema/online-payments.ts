import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, kobo } from './columns.ts';

// ---- Online payments (migrations/0053_online_payments.sql; docs/online-payments.md).

export type OnlinePaymentStatus = 'initialised' | 'credited' | 'failed' | 'abandoned' | 'suspense';

export const onlinePayments = pgTable(
  'online_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    reference: text('reference').notNull(),
    motoristId: uuid('motorist_id').notNull(),
    kind: text('kind').$type<'subscription' | 'penalty'>().notNull(),
    planId: uuid('plan_id'),
    amountKobo: kobo('amount_kobo').notNull(),
    currency: text('currency').notNull().default('NGN'),
    phone: text('phone'),
    status: text('status').$type<OnlinePaymentStatus>().notNull().default('initialised'),
    outcome: text('outcome'),
    receiptNo: text('receipt_no'),
    channel: text('channel'),
    createdAt: at('created_at').notNull(),
    checkedAt: at('checked_at'),
    settledAt: at('settled_at'),
  },
  (t) => [
    unique('online_payments_reference_unique').on(t.provider, t.reference),
    index('online_payments_pending_idx')
      .on(t.createdAt)
      .where(sql`status = 'initialised'`),
    index('online_payments_motorist_idx').on(t.motoristId, t.createdAt.desc().nullsFirst()),
  ],
);

export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    event: text('event').notNull(),
    reference: text('reference').notNull(),
    rawBody: text('raw_body').notNull(),
    signatureOk: boolean('signature_ok').notNull(),
    remoteAddress: text('remote_address'),
    deliveries: integer('deliveries').notNull().default(1),
    receivedAt: at('received_at').notNull(),
    lastReceivedAt: at('last_received_at').notNull(),
    processedAt: at('processed_at'),
    outcome: text('outcome'),
  },
  (t) => [
    uniqueIndex('payment_webhook_events_once')
      .on(t.provider, t.event, t.reference)
      .where(sql`signature_ok`),
    index('payment_webhook_events_pending_idx')
      .on(t.receivedAt)
      .where(sql`signature_ok AND processed_at IS NULL`),
    index('payment_webhook_events_received_idx').on(t.receivedAt.desc().nullsFirst()),
  ],
);

export const suspenseItems = pgTable(
  'suspense_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    reference: text('reference').notNull(),
    amountKobo: kobo('amount_kobo').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    detail: text('detail').notNull().default(''),
    motoristId: uuid('motorist_id'),
    payer: text('payer'),
    channel: text('channel'),
    occurredAt: at('occurred_at').notNull(),
    receivedAt: at('received_at').notNull(),
    status: text('status').$type<'open' | 'assigned' | 'refunded'>().notNull().default('open'),
    // 0060: how staff resolved it (docs/online-payments.md, suspense).
    resolvedBy: uuid('resolved_by'),
    resolvedAt: at('resolved_at'),
    resolutionNote: text('resolution_note'),
    paymentKind: text('payment_kind').$type<'subscription' | 'penalty'>(),
    paymentId: uuid('payment_id'),
    receiptNo: text('receipt_no'),
    refundReference: text('refund_reference'),
  },
  (t) => [
    unique('suspense_items_reference_unique').on(t.provider, t.reference),
    index('suspense_items_status_idx').on(t.status, t.receivedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('suspense_items_received_idx').on(t.receivedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('suspense_items_open_idx')
      .on(t.receivedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`status = 'open'`),
  ],
);
