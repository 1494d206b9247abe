import { and, eq, sql } from 'drizzle-orm';
import type { VehicleType } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import { idempotencyKeys, penaltyPayments, scans, subscriptionPayments, users, vehicles } from '../../db/schema.ts';
import type { Kobo } from '../../platform/money.ts';
import { penaltyQueries, type PenaltyQueries } from '../penalties/repository.ts';
import { recordQueries, type RecordQueries } from '../records/repository.ts';
import { subscriptionQueries, type SubscriptionQueries } from '../subscriptions/repository.ts';

export interface FieldMotoristRow {
  id: string;
  userCode: string;
  fullName: string;
  phone: string;
  registrationStatus: string;
  plateNumber: string | null;
  vehicleModel: string | null;
  vehicleType: VehicleType | null;
}

export interface StoredIdempotency {
  operation: string;
  requestHash: string;
  statusCode: number | null;
  response: unknown;
}

export type NewScan = Omit<typeof scans.$inferInsert, 'id'>;
export type NewSubscriptionPayment = Omit<typeof subscriptionPayments.$inferInsert, 'id' | 'status'>;
export type NewPenaltyPayment = Omit<typeof penaltyPayments.$inferInsert, 'id' | 'status'>;

export function fieldQueries(db: Database) {
  return {
    /** A motorist (not deleted) by Unique ID, with the vehicle. */
    async findMotorist(userCode: string): Promise<FieldMotoristRow | null> {
      const [row] = await db
        .select({
          id: users.id,
          userCode: users.userCode,
          fullName: users.fullName,
          phone: users.phone,
          registrationStatus: users.registrationStatus,
          plateNumber: vehicles.plateNumber,
          vehicleModel: vehicles.vehicleModel,
          vehicleType: vehicles.vehicleType,
        })
        .from(users)
        .leftJoin(vehicles, eq(vehicles.userId, users.id))
        .where(and(eq(users.userCode, userCode), eq(users.role, 'motorist'), eq(users.isDeleted, false)))
        .limit(1);
      return row ?? null;
    },

    /**
     * Writes a scan. One that adds a penalty carries its Lagos day: the unique index
     * scans_penalty_once_per_day lets one such scan per motorist per day in; for a second one
     * nothing is written and null is returned.
     */
    async insertScan(values: NewScan): Promise<string | null> {
      const insert = db.insert(scans).values(values);
      const rows = values.penaltyDay
        ? await insert
            .onConflictDoNothing({ target: [scans.motoristId, scans.penaltyDay], where: sql`penalty_day IS NOT NULL` })
            .returning({ id: scans.id })
        : await insert.returning({ id: scans.id });
      return rows[0]?.id ?? null;
    },

    async insertSubscriptionPayment(values: NewSubscriptionPayment): Promise<string> {
      const [row] = await db.insert(subscriptionPayments).values({ ...values, status: 'success' }).returning({ id: subscriptionPayments.id });
      return row.id;
    },

    async insertPenaltyPayment(values: NewPenaltyPayment): Promise<string> {
      const [row] = await db.insert(penaltyPayments).values({ ...values, status: 'success' }).returning({ id: penaltyPayments.id });
      return row.id;
    },

    // ---- idempotency keys

    /**
     * Claims the key for this request. Waits while another transaction holds a claim on it; true
     * when this transaction now owns it, false when a committed claim exists.
     */
    async claimKey(values: { agentId: string; key: string; operation: string; requestHash: string; at: Date }): Promise<boolean> {
      const rows = await db
        .insert(idempotencyKeys)
        .values({ agentId: values.agentId, key: values.key, operation: values.operation, requestHash: values.requestHash, createdAt: values.at })
        .onConflictDoNothing({ target: [idempotencyKeys.agentId, idempotencyKeys.key] })
        .returning({ key: idempotencyKeys.key });
      return rows.length > 0;
    },

    async findKey(agentId: string, key: string): Promise<StoredIdempotency | null> {
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

    async completeKey(agentId: string, key: string, statusCode: number, response: unknown): Promise<void> {
      await db
        .update(idempotencyKeys)
        .set({ statusCode, response })
        .where(and(eq(idempotencyKeys.agentId, agentId), eq(idempotencyKeys.key, key)));
    },
  };
}
export type FieldQueries = ReturnType<typeof fieldQueries>;

/** Every query a field operation needs, bound to one transaction. */
export interface FieldUnit {
  field: FieldQueries;
  subscriptions: SubscriptionQueries;
  penalties: PenaltyQueries;
  records: RecordQueries;
}

export function createFieldRepository(db: Database) {
  return {
    transaction<T>(work: (unit: FieldUnit) => Promise<T>): Promise<T> {
      return db.transaction((tx) =>
        work({ field: fieldQueries(tx), subscriptions: subscriptionQueries(tx), penalties: penaltyQueries(tx), records: recordQueries(tx) }),
      );
    },
  };
}
export type FieldRepository = ReturnType<typeof createFieldRepository>;
export type { Kobo };
