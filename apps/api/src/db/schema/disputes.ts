import { sql } from 'drizzle-orm';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { DisputeOutcome, DisputeReason, DisputeSource, DisputeState, TextLanguage } from '@eticket/contracts';
import { at } from './columns.ts';

// ---- Disputes from the public (migrations/0056_disputes.sql; docs/disputes.md).

export const disputes = pgTable(
  'disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique('disputes_reference_key'),
    source: text('source').$type<DisputeSource>().notNull(),
    sourceCode: text('source_code').notNull(),
    motoristId: uuid('motorist_id'),
    agentId: uuid('agent_id'),
    receiptNo: text('receipt_no'),
    scanId: uuid('scan_id'),
    reason: text('reason').$type<DisputeReason>().notNull(),
    description: text('description').notNull(),
    /** Personal data (contact): 234XXXXXXXXXX; masked in lists. */
    phone: text('phone'),
    /** The language of the page it was sent from, the outcome text's (migration 0061; issue 45). */
    language: text('language').$type<TextLanguage>().notNull().default('en'),
    state: text('state').$type<DisputeState>().notNull().default('open'),
    assigneeId: uuid('assignee_id'),
    assignedAt: at('assigned_at'),
    outcome: text('outcome').$type<DisputeOutcome>(),
    outcomeText: text('outcome_text'),
    resolvedBy: uuid('resolved_by'),
    resolvedAt: at('resolved_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('disputes_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('disputes_state_created_idx').on(t.state, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('disputes_reason_created_idx').on(t.reason, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('disputes_unresolved_idx')
      .on(t.createdAt)
      .where(sql`state <> 'resolved'`),
  ],
);

export const disputeNotes = pgTable(
  'dispute_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    disputeId: uuid('dispute_id').notNull(),
    authorId: uuid('author_id').notNull(),
    body: text('body').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('dispute_notes_dispute_idx').on(t.disputeId, t.createdAt)],
);
