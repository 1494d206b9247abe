import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, kobo } from './columns.ts';

// ---- Dedicated accounts, their transfers and the settlement match (migrations/0060_dedicated_accounts.sql).

export type DedicatedAccountStatus = 'requested' | 'assigned' | 'failed';
export type DedicatedChargeOutcome = 'subscription' | 'penalty' | 'suspense';

export const dedicatedAccounts = pgTable(
  'dedicated_accounts',
  {
    userId: uuid('user_id').primaryKey(),
    provider: text('provider'),
    status: text('status').$type<DedicatedAccountStatus>().notNull().default('requested'),
    accountNumber: text('account_number'),
    accountName: text('account_name'),
    bankName: text('bank_name'),
    bankSlug: text('bank_slug'),
    customerCode: text('customer_code'),
    failure: text('failure'),
    tries: integer('tries').notNull().default(0),
    requestedAt: at('requested_at').notNull(),
    assignedAt: at('assigned_at'),
    requeriedOn: date('requeried_on', { mode: 'string' }),
  },
  (t) => [
    uniqueIndex('dedicated_accounts_number_once')
      .on(t.accountNumber)
      .where(sql`account_number IS NOT NULL`),
    index('dedicated_accounts_waiting_idx')
      .on(t.requestedAt)
      .where(sql`status <> 'assigned'`),
    index('dedicated_accounts_requery_idx')
      .on(t.requeriedOn.asc().nullsFirst(), t.userId)
      .where(sql`status = 'assigned'`),
  ],
);

export const dedicatedCharges = pgTable(
  'dedicated_charges',
  {
    reference: text('reference').primaryKey(),
    userId: uuid('user_id'),
    accountNumber: text('account_number').notNull(),
    amountKobo: kobo('amount_kobo').notNull(),
    outcome: text('outcome').$type<DedicatedChargeOutcome>().notNull(),
    paymentId: uuid('payment_id'),
    suspenseId: uuid('suspense_id'),
    paidAt: at('paid_at').notNull(),
    appliedAt: at('applied_at').notNull(),
  },
  (t) => [index('dedicated_charges_user_idx').on(t.userId, t.paidAt.desc().nullsFirst())],
);

export const settlementDays = pgTable('settlement_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  provider: text('provider').notNull(),
  ranAt: at('ran_at').notNull(),
  providerCount: integer('provider_count').notNull(),
  providerKobo: bigint('provider_kobo', { mode: 'number' }).notNull(),
  ledgerCount: integer('ledger_count').notNull(),
  ledgerKobo: kobo('ledger_kobo').notNull(),
  feesKobo: kobo('fees_kobo').notNull(),
  settledKobo: kobo('settled_kobo').notNull(),
  unexplainedKobo: kobo('unexplained_kobo').notNull(),
  differences: jsonb('differences')
    .notNull()
    .default(sql`'[]'`),
});
