import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';

/** Every look at a person's personal data: who, when, which person and fields, from where (0048_personal_data_access.sql; append-only). */
export const personalDataAccess = pgTable(
  'personal_data_access',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: at('at').notNull().defaultNow(),
    staffId: uuid('staff_id').notNull(),
    /** Null for an export of a list (its subject names the list). */
    personId: uuid('person_id'),
    action: text('action').$type<import('@eticket/contracts').PersonalDataAccessAction>().notNull(),
    fields: text('fields').array().$type<import('@eticket/contracts').PersonalField[]>().notNull(),
    subject: text('subject'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('personal_data_access_at_idx').on(t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('personal_data_access_person_idx').on(t.personId, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('personal_data_access_staff_idx').on(t.staffId, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
