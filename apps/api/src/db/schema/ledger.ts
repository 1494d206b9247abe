import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LedgerAccountKind } from '@eticket/contracts';
import { at, kobo } from './columns.ts';

// ---- The money ledger (migrations/0042_ledger.sql; docs/ledger.md): append-only, integer kobo.

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    code: text('code').primaryKey(),
    kind: text('kind').$type<LedgerAccountKind>().notNull(),
    ownerId: uuid('owner_id'),
    createdAt: at('created_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('ledger_accounts_kind_idx').on(t.kind, t.code)],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    sourceId: uuid('source_id'),
    reversesId: uuid('reverses_id').unique(),
    memo: text('memo').notNull().default(''),
    occurredAt: at('occurred_at').notNull(),
    postedAt: at('posted_at')
      .notNull()
      .default(sql`now()`),
    postedBy: uuid('posted_by'),
  },
  (t) => [
    uniqueIndex('ledger_entries_source_once')
      .on(t.kind, t.sourceId)
      .where(sql`source_id IS NOT NULL`),
  ],
);

/** A line's amount: a debit is positive, a credit negative; an entry's lines sum to zero. */
export const ledgerLines = pgTable(
  'ledger_lines',
  {
    entryId: uuid('entry_id').notNull(),
    lineNo: smallint('line_no').notNull(),
    accountCode: text('account_code').notNull(),
    amountKobo: kobo('amount_kobo').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.lineNo] }),
    // 0060: the settlement match's lines on the provider's clearing account.
    index('ledger_lines_online_idx')
      .on(t.entryId)
      .where(sql`account_code = 'clearing:online'`),
  ],
);

/** Per account and shard, kept by the lines' trigger; the integrity check compares them with the lines. */
export const ledgerBalances = pgTable(
  'ledger_balances',
  {
    accountCode: text('account_code').notNull(),
    shard: smallint('shard').notNull(),
    debitsKobo: kobo('debits_kobo').notNull(),
    creditsKobo: kobo('credits_kobo').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountCode, t.shard] })],
);

/** Each Lagos day's debits and credits per account group and entry kind, on shards, kept by the lines' trigger (0044): the Books report reads these. */
export const ledgerDayTotals = pgTable(
  'ledger_day_totals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    accountGroup: text('account_group').notNull(),
    entryKind: text('entry_kind').notNull(),
    shard: smallint('shard').notNull(),
    debitsKobo: kobo('debits_kobo').notNull(),
    creditsKobo: kobo('credits_kobo').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.accountGroup, t.entryKind, t.shard] })],
);

export const ledgerChecks = pgTable('ledger_checks', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  startedAt: at('started_at').notNull(),
  finishedAt: at('finished_at').notNull(),
  trigger: text('trigger').$type<'nightly' | 'on-demand'>().notNull(),
  requestedBy: uuid('requested_by'),
  ok: boolean('ok').notNull(),
  entries: kobo('entries').notNull(),
  lines: kobo('lines').notNull(),
  differences: jsonb('differences').$type<unknown[]>().notNull(),
  differenceCount: integer('difference_count').notNull(),
});
