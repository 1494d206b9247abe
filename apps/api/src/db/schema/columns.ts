/** Column shapes every table file uses. */
import { sql } from 'drizzle-orm';
import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** The condition of indexes over rows not (soft-)deleted. */
export const live = sql`NOT is_deleted`;
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`);

/** A timestamp with time zone; money columns are integer kobo (migrations/0003_tickets.sql). */
export const at = (name: string) => timestamp(name, { withTimezone: true });
export const kobo = (name: string) => bigint(name, { mode: 'number' });
