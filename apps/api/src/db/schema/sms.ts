import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';

// ---- Text messages to motorists (migrations/0041_sms_messages.sql).

export type SmsKind = 'receipt' | 'expiry_reminder' | 'dispute_outcome' | 'dedicated_account';
export type SmsState = 'pending' | 'sent' | 'failed';

export const smsMessages = pgTable(
  'sms_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<SmsKind>().notNull(),
    /** Null for a dispute's outcome (0056): the reporter need be nobody registered. */
    motoristId: uuid('motorist_id'),
    toPhone: text('to_phone').notNull(),
    body: text('body').notNull(),
    receiptNo: text('receipt_no'),
    subscriptionId: uuid('subscription_id'),
    expiresAt: at('expires_at'),
    /** A dispute's outcome text (0056): one per dispute. */
    disputeId: uuid('dispute_id'),
    state: text('state').$type<SmsState>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull(),
    lastError: text('last_error'),
    provider: text('provider'),
    providerId: text('provider_id'),
    createdAt: at('created_at').notNull(),
    sentAt: at('sent_at'),
  },
  (t) => [
    uniqueIndex('sms_messages_receipt_once')
      .on(t.receiptNo)
      .where(sql`kind = 'receipt'`),
    uniqueIndex('sms_messages_reminder_once')
      .on(t.subscriptionId, t.expiresAt)
      .where(sql`kind = 'expiry_reminder'`),
    uniqueIndex('sms_messages_dispute_once')
      .on(t.disputeId)
      .where(sql`kind = 'dispute_outcome'`),
    uniqueIndex('sms_messages_account_once')
      .on(t.motoristId)
      .where(sql`kind = 'dedicated_account'`),
    index('sms_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`state = 'pending'`),
    index('sms_messages_motorist_idx').on(t.motoristId, t.createdAt),
  ],
);
export type SmsMessageRow = typeof smsMessages.$inferSelect;
