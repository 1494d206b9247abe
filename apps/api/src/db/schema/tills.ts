import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LodgementKind, ModeOfPayment, TillCloseStatus, TillStatus } from '@eticket/contracts';
import { at, kobo } from './columns.ts';

// ---- Remitters' tills (migrations/0043_tills.sql; docs/tills.md).

export const tills = pgTable(
  'tills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    remitterId: uuid('remitter_id').notNull(),
    openedAt: at('opened_at').notNull(),
    status: text('status').$type<TillStatus>().notNull().default('open'),
    isCurrent: boolean('is_current').notNull().default(true),
    closeId: uuid('close_id'),
    openedBy: text('opened_by').$type<'collection' | 'explicit'>().notNull().default('collection'),
    // 0047_till_totals.sql: derived counters of its cash payments, kept under the till's lock.
    cashKobo: kobo('cash_kobo').notNull().default(0),
    firstCashAt: at('first_cash_at'),
  },
  (t) => [
    uniqueIndex('tills_current_once')
      .on(t.remitterId)
      .where(sql`is_current`),
    index('tills_status_opened_idx').on(t.status, t.openedAt),
    index('tills_remitter_opened_idx').on(t.remitterId, t.openedAt.desc().nullsFirst()),
    index('tills_close_idx')
      .on(t.closeId)
      .where(sql`close_id IS NOT NULL`),
    index('tills_open_cash_idx')
      .on(t.remitterId)
      .where(sql`status = 'open'`),
  ],
);

/** Amounts are written once: expected and counted at insert, the variance at approval. */
export const tillCloses = pgTable(
  'till_closes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    remitterId: uuid('remitter_id').notNull(),
    status: text('status').$type<TillCloseStatus>().notNull().default('pending'),
    expectedKobo: kobo('expected_kobo').notNull(),
    countedKobo: kobo('counted_kobo').notNull(),
    lodgementKind: text('lodgement_kind').$type<LodgementKind>().notNull(),
    bankName: text('bank_name'),
    tellerNo: text('teller_no'),
    lodgedOn: date('lodged_on', { mode: 'string' }).notNull(),
    slipFile: text('slip_file'),
    transferReference: text('transfer_reference'),
    capturedAt: at('captured_at').notNull(),
    receivedAt: at('received_at').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    decidedBy: uuid('decided_by'),
    decidedAt: at('decided_at'),
    reason: text('reason'),
    varianceKobo: kobo('variance_kobo'),
  },
  (t) => [
    index('till_closes_status_idx').on(t.status, t.receivedAt.desc().nullsFirst()),
    index('till_closes_remitter_idx').on(t.remitterId, t.receivedAt.desc().nullsFirst()),
    // 0045_till_lists.sql: the Variances tab and the dashboard's variances this month.
    index('till_closes_variance_idx')
      .on(t.receivedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`status = 'approved' AND variance_kobo <> 0`),
    index('till_closes_variance_decided_idx')
      .on(t.decidedAt)
      .where(sql`status = 'approved' AND variance_kobo <> 0`),
    uniqueIndex('till_closes_one_pending')
      .on(t.remitterId)
      .where(sql`status = 'pending'`),
  ],
);

/** One reference pays once per mode: reference_key is upper case without spaces or dashes. */
export const paymentReferences = pgTable(
  'payment_references',
  {
    modeOfPayment: text('mode_of_payment').$type<Exclude<ModeOfPayment, 'cash'>>().notNull(),
    referenceKey: text('reference_key').notNull(),
    paymentKind: text('payment_kind').$type<'subscription' | 'penalty'>().notNull(),
    paymentId: uuid('payment_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.modeOfPayment, t.referenceKey] })],
);
