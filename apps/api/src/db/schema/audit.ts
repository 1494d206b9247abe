import { bigint, date, index, jsonb, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';

/** Every change staff make, with who, when, what, before and after (0007_audit_log.sql; see platform/audit.ts). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: at('created_at').notNull(),
    actorId: uuid('actor_id').notNull(),
    action: text('action').$type<import('@eticket/contracts').AuditAction>().notNull(),
    entityType: text('entity_type').$type<import('@eticket/contracts').AuditEntityType>().notNull(),
    entityId: uuid('entity_id'),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    /** Who acted and of whom the record is, as they were (0017_audit_search.sql): written by a trigger. */
    searchText: text('search_text').notNull().default(''),
  },
  (t) => [
    index('audit_log_action_idx').on(t.action, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_entity_idx').on(t.entityId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);
export type AuditLogRow = typeof auditLog.$inferSelect;

/** Per Lagos day, action and shard: audit log entries (0016_audit_counts.sql); the month twin per month. */
const auditCountsTable = (name: string) =>
  pgTable(
    name,
    {
      day: date('day', { mode: 'string' }).notNull(),
      action: text('action').$type<import('@eticket/contracts').AuditAction>().notNull(),
      shard: smallint('shard').notNull(),
      entries: bigint('entries', { mode: 'number' }).notNull(),
    },
    (table) => [primaryKey({ columns: [table.day, table.action, table.shard] })],
  );
export const auditCounts = auditCountsTable('audit_counts');
export const auditMonthCounts = auditCountsTable('audit_month_counts');
