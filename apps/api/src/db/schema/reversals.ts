import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, kobo } from './columns.ts';

/** A payment recorded in error, reversed (migrations/0055_payment_reversals.sql; docs/ledger.md): once per payment. */
export const paymentReversals = pgTable('payment_reversals', {
  id: uuid('id').primaryKey().defaultRandom(),
  paymentKind: text('payment_kind').$type<'subscription' | 'penalty'>().notNull(),
  paymentId: uuid('payment_id').notNull().unique('payment_reversals_payment_once'),
  receiptNo: text('receipt_no').notNull(),
  amountKobo: kobo('amount_kobo').notNull(),
  reason: text('reason').notNull(),
  reversedBy: uuid('reversed_by').notNull(),
  reversedAt: at('reversed_at').notNull(),
  /** The payment's ledger entry, and the entry reversing it. */
  entryId: uuid('entry_id').notNull(),
  reversalEntryId: uuid('reversal_entry_id').notNull(),
  /** A subscription payment's: the subscription's expiry before and after the reversal. */
  expiresBefore: at('expires_before'),
  expiresAfter: at('expires_after'),
  /** A penalty payment's: the outstanding penalty before and after the reversal. */
  outstandingBeforeKobo: kobo('outstanding_before_kobo'),
  outstandingAfterKobo: kobo('outstanding_after_kobo'),
});
