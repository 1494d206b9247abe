import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { FlagRule, FlagStatus } from '@eticket/contracts';
import { at } from './columns.ts';
import { users } from './people.ts';

/** Flags on field activity (0057; docs/flags.md): one per (rule, agent, subject), for a person to review. */
export const fieldFlags = pgTable(
  'field_flags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rule: text('rule').$type<FlagRule>().notNull(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => users.id),
    subject: text('subject').notNull(),
    scanId: uuid('scan_id'),
    paymentId: uuid('payment_id'),
    motoristId: uuid('motorist_id'),
    capturedAt: at('captured_at').notNull(),
    receivedAt: at('received_at').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').$type<FlagStatus>().notNull().default('open'),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    reviewedAt: at('reviewed_at'),
    reviewNote: text('review_note'),
  },
  (t) => [
    uniqueIndex('field_flags_subject_idx').on(t.rule, t.agentId, t.subject),
    index('field_flags_received_idx').on(t.receivedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('field_flags_status_received_idx').on(t.status, t.receivedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('field_flags_rule_received_idx').on(t.rule, t.receivedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('field_flags_agent_received_idx').on(t.agentId, t.receivedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** Each field agent's last request seen by the server and the one before the present sitting (0057). */
export const agentContacts = pgTable('agent_contacts', {
  agentId: uuid('agent_id')
    .primaryKey()
    .references(() => users.id),
  contactAt: at('contact_at').notNull(),
  previousContactAt: at('previous_contact_at'),
});
