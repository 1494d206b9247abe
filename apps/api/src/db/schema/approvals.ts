import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { ApprovalState } from '@eticket/contracts';
import { at } from './columns.ts';

// ---- Second approvals (migrations/0054_approvals.sql; docs/approvals.md).

export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    subject: text('subject').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>().notNull(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
    makerId: uuid('maker_id').notNull(),
    reason: text('reason'),
    state: text('state').$type<ApprovalState>().notNull().default('pending'),
    checkerId: uuid('checker_id'),
    comment: text('comment'),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    decidedAt: at('decided_at'),
  },
  (t) => [
    index('approval_requests_pending_idx')
      .on(t.createdAt, t.id)
      .where(sql`state = 'pending'`),
    index('approval_requests_decided_idx')
      .on(t.decidedAt.desc().nullsFirst(), t.id)
      .where(sql`state <> 'pending'`),
    index('approval_requests_maker_idx').on(t.makerId, t.createdAt.desc().nullsFirst()),
  ],
);
