import { sql } from 'drizzle-orm';
import {
  type ExtraConfigColumn,
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { VehicleType, ModeOfPayment, PaymentStatus, PlanName, SubscriptionStatus } from '@eticket/contracts';
import { at, kobo } from './columns.ts';

export const scans = pgTable(
  'scans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    motoristId: uuid('motorist_id').notNull(),
    agentId: uuid('agent_id').notNull(),
    subscriptionId: uuid('subscription_id').notNull(),
    vehicleType: text('vehicle_type').$type<VehicleType>().notNull(),
    plateNumber: text('plate_number'),
    subscriptionStatus: text('subscription_status').$type<SubscriptionStatus>().notNull(),
    expiresAt: at('expires_at').notNull(),
    outstandingKobo: kobo('outstanding_kobo').notNull(),
    penaltyAddedKobo: kobo('penalty_added_kobo').notNull().default(0),
    /** Lagos day (YYYY-MM-DD) when this scan added a penalty; unique per motorist. */
    penaltyDay: date('penalty_day'),
    /** When the scan was made (the phone's capture time, 0022); the rules apply at this time. */
    createdAt: at('created_at').notNull(),
    /** When the server recorded it (0022); null for scans recorded before. */
    receivedAt: at('received_at'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    locationAccuracy: real('location_accuracy'),
    /** The location was rounded to about 1 km after its retention (0049). */
    locationCoarse: boolean('location_coarse').notNull().default(false),
  },
  (t) => [
    index('scans_location_fine_idx')
      .on(t.createdAt, t.id)
      .where(sql`latitude IS NOT NULL AND NOT location_coarse`),
    index('scans_agent_created_idx').on(t.agentId, t.createdAt.desc().nullsFirst()),
    index('scans_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('scans_motorist_created_idx').on(t.motoristId, t.createdAt.desc().nullsFirst()),
    uniqueIndex('scans_penalty_once_per_day')
      .on(t.motoristId, t.penaltyDay)
      .where(sql`penalty_day IS NOT NULL`),
    index('scans_status_created_idx').on(t.subscriptionStatus, t.createdAt.desc().nullsFirst()),
    index('scans_type_created_idx').on(t.vehicleType, t.createdAt.desc().nullsFirst()),
  ],
);

/** The indexes both payment tables have (0003_tickets.sql). */
const paymentIndexes = (
  table: 'subscription_payments' | 'penalty_payments',
  t: { createdAt: ExtraConfigColumn; id: ExtraConfigColumn; motoristId: ExtraConfigColumn; remitterId: ExtraConfigColumn; vehicleType: ExtraConfigColumn },
) => [
  index(`${table}_created_idx`).on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  index(`${table}_motorist_created_idx`).on(t.motoristId, t.createdAt.desc().nullsFirst()),
  index(`${table}_remitter_created_idx`).on(t.remitterId, t.createdAt.desc().nullsFirst()),
  index(`${table}_type_created_idx`).on(t.vehicleType, t.createdAt.desc().nullsFirst()),
];

export const subscriptionPayments = pgTable(
  'subscription_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    motoristId: uuid('motorist_id').notNull(),
    remitterId: uuid('remitter_id').notNull(),
    subscriptionId: uuid('subscription_id').notNull(),
    planId: uuid('plan_id').notNull(),
    planName: text('plan_name').$type<PlanName>().notNull(),
    vehicleType: text('vehicle_type').$type<VehicleType>().notNull(),
    amountKobo: kobo('amount_kobo').notNull(),
    modeOfPayment: text('mode_of_payment').$type<ModeOfPayment>().notNull(),
    bankName: text('bank_name'),
    status: text('status').$type<PaymentStatus>().notNull().default('success'),
    expiresBefore: at('expires_before').notNull(),
    expiresAfter: at('expires_after').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** When the money was taken (the phone's capture time, 0022). */
    createdAt: at('created_at').notNull(),
    /** See packages/contracts/src/receipts.ts; the default is for bulk inserts (0018_receipt_numbers.sql). */
    receiptNo: text('receipt_no')
      .notNull()
      .default(sql`new_receipt_no('S')`),
    /** When the server recorded it (0022); null for payments recorded before. */
    receivedAt: at('received_at'),
    /** A cash payment's till (0043_tills.sql), set under the till row's lock. */
    tillId: uuid('till_id'),
    /** A non-cash payment's reference (transfer, POS, card), as typed. */
    reference: text('reference'),
  },
  (t) => [
    ...paymentIndexes('subscription_payments', t),
    uniqueIndex('subscription_payments_receipt_no_unique').on(t.receiptNo),
    index('subscription_payments_till_idx')
      .on(t.tillId)
      .where(sql`till_id IS NOT NULL`),
  ],
);

export const penaltyPayments = pgTable(
  'penalty_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    motoristId: uuid('motorist_id').notNull(),
    remitterId: uuid('remitter_id').notNull(),
    subscriptionId: uuid('subscription_id').notNull(),
    planId: uuid('plan_id'),
    planName: text('plan_name').$type<PlanName>(),
    vehicleType: text('vehicle_type').$type<VehicleType>().notNull(),
    amountKobo: kobo('amount_kobo').notNull(),
    modeOfPayment: text('mode_of_payment').$type<ModeOfPayment>().notNull(),
    bankName: text('bank_name'),
    status: text('status').$type<PaymentStatus>().notNull().default('success'),
    outstandingBeforeKobo: kobo('outstanding_before_kobo').notNull(),
    outstandingAfterKobo: kobo('outstanding_after_kobo').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** When the money was taken (the phone's capture time, 0022). */
    createdAt: at('created_at').notNull(),
    receiptNo: text('receipt_no')
      .notNull()
      .default(sql`new_receipt_no('P')`),
    /** When the server recorded it (0022); null for payments recorded before. */
    receivedAt: at('received_at'),
    /** A cash payment's till (0043_tills.sql), set under the till row's lock. */
    tillId: uuid('till_id'),
    /** A non-cash payment's reference (transfer, POS, card), as typed. */
    reference: text('reference'),
  },
  (t) => [
    ...paymentIndexes('penalty_payments', t),
    uniqueIndex('penalty_payments_receipt_no_unique').on(t.receiptNo),
    index('penalty_payments_till_idx')
      .on(t.tillId)
      .where(sql`till_id IS NOT NULL`),
  ],
);

/** Per Lagos day, vehicle type, subscription status found and shard: scans (0006_list_counts.sql); the month twin per month (0014). */
const scanCountsTable = (name: string) =>
  pgTable(
    name,
    {
      day: date('day', { mode: 'string' }).notNull(),
      vehicleType: text('vehicle_type').$type<VehicleType>().notNull(),
      subscriptionStatus: text('subscription_status').$type<SubscriptionStatus>().notNull(),
      shard: smallint('shard').notNull(),
      scans: bigint('scans', { mode: 'number' }).notNull(),
    },
    (table) => [primaryKey({ columns: [table.day, table.vehicleType, table.subscriptionStatus, table.shard] })],
  );
export const scanCounts = scanCountsTable('scan_counts');
export const scanMonthCounts = scanCountsTable('scan_month_counts');

/**
 * Per payment table, filter and its value, Lagos day and shard: payments (0010_payment_counts_by_filter.sql);
 * the month twin per month (0014). Each payment counts under ('', ''), ('vehicle_type', …),
 * ('plan_name', … or ''), ('mode_of_payment', …) and ('status', …) (0040).
 */
const paymentCountsTable = (name: string) =>
  pgTable(
    name,
    {
      paymentTable: text('payment_table').$type<'subscription_payments' | 'penalty_payments'>().notNull(),
      filter: text('filter').$type<'' | 'vehicle_type' | 'plan_name' | 'mode_of_payment' | 'status'>().notNull(),
      value: text('value').notNull(),
      day: date('day', { mode: 'string' }).notNull(),
      shard: smallint('shard').notNull(),
      payments: bigint('payments', { mode: 'number' }).notNull(),
      /** The payments' amount (0040), for a list's summary. */
      amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull().default(0),
    },
    (table) => [primaryKey({ columns: [table.paymentTable, table.filter, table.value, table.day, table.shard] })],
  );
export const paymentCounts = paymentCountsTable('payment_counts');
export const paymentMonthCounts = paymentCountsTable('payment_month_counts');
