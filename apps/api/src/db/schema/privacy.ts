import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';

// ---- The person's rights (migrations/0049_personal_data_retention.sql).

export type PrivacyRequestKind = 'access' | 'correction' | 'erasure';
export type PrivacyRequestStatus = 'open' | 'done' | 'refused';

export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    personId: uuid('person_id').notNull(),
    kind: text('kind').$type<PrivacyRequestKind>().notNull(),
    details: text('details').notNull(),
    status: text('status').$type<PrivacyRequestStatus>().notNull().default('open'),
    outcome: text('outcome'),
    receivedAt: at('received_at').notNull(),
    recordedBy: uuid('recorded_by').notNull(),
    decidedAt: at('decided_at'),
    decidedBy: uuid('decided_by'),
  },
  (t) => [
    index('privacy_requests_person_idx').on(t.personId, t.receivedAt.desc().nullsFirst()),
    index('privacy_requests_received_idx').on(t.receivedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
