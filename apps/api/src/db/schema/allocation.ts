import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

// ---- Allocation (migrations/0004_allocation.sql).

export const bankAccountsDirectory = pgTable(
  'bank_accounts_directory',
  {
    bankCode: text('bank_code').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
  },
  (table) => [primaryKey({ columns: [table.bankCode, table.accountNumber] })],
);

export const stakeholders = pgTable(
  'stakeholders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    unionId: uuid('union_id').notNull().unique(),
    /** Tenths of a percent: 125 = 12.5 %. */
    percentageTenths: integer('percentage_tenths').notNull(),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('stakeholders_created_idx').on(t.createdAt, t.id)],
);
export type StakeholderRow = typeof stakeholders.$inferSelect;

export const stakeholderPayouts = pgTable(
  'stakeholder_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stakeholderId: uuid('stakeholder_id').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    /** Lagos date, YYYY-MM-DD. */
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    reference: text('reference').notNull(),
    recordedBy: uuid('recorded_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('stakeholder_payouts_reference_unique').on(t.stakeholderId, t.reference),
    index('stakeholder_payouts_day_idx').on(t.paidOn),
    index('stakeholder_payouts_stakeholder_day_idx').on(t.stakeholderId, t.paidOn.desc().nullsFirst(), t.createdAt.desc().nullsFirst()),
  ],
);
