import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    agentId: uuid('agent_id').notNull(),
    key: text('key').notNull(),
    operation: text('operation').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.agentId, table.key] }), index('idempotency_keys_created_idx').on(table.createdAt)],
);
