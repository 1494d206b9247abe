import type { Database } from '../../db/connect.ts';
import { suspenseItems } from '../../db/schema.ts';

export type NewSuspenseItem = Omit<typeof suspenseItems.$inferInsert, 'id' | 'status'>;

export function suspenseQueries(db: Database) {
  return {
    /** Keeps an item once per (provider, reference): answers its id, or null when that reference is already held. */
    async insert(item: NewSuspenseItem): Promise<string | null> {
      const [row] = await db.insert(suspenseItems).values(item).onConflictDoNothing().returning({ id: suspenseItems.id });
      return row?.id ?? null;
    },
  };
}
