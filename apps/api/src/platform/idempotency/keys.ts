import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { idempotencyKeys } from '../../db/schema.ts';

/** What a caller's Idempotency-Key holds: the request it came with and the answer given. */
export interface StoredAnswer {
  operation: string;
  requestHash: string;
  statusCode: number | null;
  response: unknown;
}

export interface AnswerToKeep {
  agentId: string;
  key: string;
  operation: string;
  requestHash: string;
  statusCode: number;
  response: unknown;
  at: Date;
}

/** The idempotency_keys table (migration 0003), on a database or inside the transaction doing the work. */
export function idempotencyKeyQueries(db: Database) {
  return {
    /**
     * Stores the answer under the caller's key, in the transaction that did the work. False when the
     * key is taken (after waiting for a transaction that holds it to end): the caller rolls back.
     */
    async save(values: AnswerToKeep): Promise<boolean> {
      const rows = await db
        .insert(idempotencyKeys)
        .values({
          agentId: values.agentId,
          key: values.key,
          operation: values.operation,
          requestHash: values.requestHash,
          statusCode: values.statusCode,
          response: values.response,
          createdAt: values.at,
        })
        .onConflictDoNothing({ target: [idempotencyKeys.agentId, idempotencyKeys.key] })
        .returning({ key: idempotencyKeys.key });
      return rows.length > 0;
    },

    /** The answers stored under any of the caller's keys, in one statement (a field batch's items). */
    async findMany(agentId: string, keys: readonly string[]): Promise<Map<string, StoredAnswer>> {
      if (keys.length === 0) return new Map();
      const rows = await db
        .select({
          key: idempotencyKeys.key,
          operation: idempotencyKeys.operation,
          requestHash: idempotencyKeys.requestHash,
          statusCode: idempotencyKeys.statusCode,
          response: idempotencyKeys.response,
        })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.agentId, agentId), inArray(idempotencyKeys.key, [...keys])));
      return new Map(rows.map(({ key, ...answer }) => [key, answer]));
    },

    async find(agentId: string, key: string): Promise<StoredAnswer | null> {
      const [row] = await db
        .select({
          operation: idempotencyKeys.operation,
          requestHash: idempotencyKeys.requestHash,
          statusCode: idempotencyKeys.statusCode,
          response: idempotencyKeys.response,
        })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.agentId, agentId), eq(idempotencyKeys.key, key)))
        .limit(1);
      return row ?? null;
    },
  };
}
export type IdempotencyKeyQueries = ReturnType<typeof idempotencyKeyQueries>;
