import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { DEFAULT_GRACE_PERIOD_DAYS, type PlanName, type VehicleType } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import { PreparedStatements } from '../../lists/prepared.ts';
import { settings, subscriptionPlans, ticketSubscriptions, type TicketSubscriptionRow } from '../../db/schema.ts';
import { auditWriter, type AuditWriter } from '../../platform/audit.ts';
import { DAY_IN_MS } from '../../domain/calendar.ts';
import { koboOf, type Kobo } from '../../domain/money.ts';
import { GRACE_SETTING_KEY } from './lifecycle.ts';

const planColumns = {
  id: subscriptionPlans.id,
  name: subscriptionPlans.name,
  vehicleType: subscriptionPlans.vehicleType,
  priceKobo: subscriptionPlans.priceKobo,
  isDeleted: subscriptionPlans.isDeleted,
  createdAt: subscriptionPlans.createdAt,
  updatedAt: subscriptionPlans.updatedAt,
};
export type PlanRecord = {
  id: string;
  name: PlanName;
  vehicleType: VehicleType;
  priceKobo: Kobo;
  isDeleted: boolean;
  createdAt: Date;
  updatedAt: Date;
};

/** A subscription with the plan it names (if any). */
export interface SubscriptionWithPlan {
  subscription: TicketSubscriptionRow;
  plan: { id: string; name: PlanName; vehicleType: VehicleType; priceKobo: Kobo } | null;
}

/** A subscription with its plan and the grace period in force, as one read returns them. */
export interface SubscriptionWithPlanAndGrace extends SubscriptionWithPlan {
  graceMs: number;
}

/** The grace period a settings value gives (the default when unset or not a number of days). */
const graceMsOf = (value: unknown): number => (typeof value === 'number' && value >= 0 ? value : DEFAULT_GRACE_PERIOD_DAYS) * DAY_IN_MS;

/**
 * The subscription of each person, with its plan and the grace period in force, as plain columns of
 * another capability's query (the people lists), joined on with joinSubscriptions: all null for a
 * person who has none. Joined columns cost PostgreSQL a fifth less than a JSON subquery per row, and
 * the server parses no JSON. Read them with subscriptionFromColumns; findWithPlans reads the same.
 */
export const subscriptionColumns = {
  subscriptionId: ticketSubscriptions.id,
  subscriptionUserId: ticketSubscriptions.userId,
  subscriptionPlanId: ticketSubscriptions.planId,
  subscriptionExpiresAt: ticketSubscriptions.expiresAt,
  subscriptionPausedAt: ticketSubscriptions.pausedAt,
  subscriptionPausedRemainingMs: ticketSubscriptions.pausedRemainingMs,
  subscriptionAccumulated: ticketSubscriptions.accumulated,
  subscriptionAccumulatedAmountKobo: ticketSubscriptions.accumulatedAmountKobo,
  subscriptionOutstandingPenaltyKobo: ticketSubscriptions.outstandingPenaltyKobo,
  subscriptionCreatedAt: ticketSubscriptions.createdAt,
  subscriptionRenewedAt: ticketSubscriptions.renewedAt,
  subscriptionUpdatedAt: ticketSubscriptions.updatedAt,
  subscriptionLastReceiptNo: ticketSubscriptions.lastReceiptNo,
  planName: subscriptionPlans.name,
  planVehicleType: subscriptionPlans.vehicleType,
  planPriceKobo: subscriptionPlans.priceKobo,
  graceDays: sql<unknown>`(SELECT ${settings.value} FROM ${settings} WHERE ${settings.key} = ${GRACE_SETTING_KEY})`,
};
export type SubscriptionColumnValues = { [K in keyof typeof subscriptionColumns]: SelectResultFields<typeof subscriptionColumns>[K] | null };

/** Joins each person's subscription and its plan onto a query of people (see subscriptionColumns). */
export function joinSubscriptions<Query extends PgSelect>(query: Query, userId: AnyPgColumn) {
  return query
    .leftJoin(ticketSubscriptions, eq(ticketSubscriptions.userId, userId))
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, ticketSubscriptions.planId));
}

/** The subscription subscriptionColumns read (null when the person has none), as findWithPlans returns it. */
export function subscriptionFromColumns(row: SubscriptionColumnValues): SubscriptionWithPlanAndGrace | null {
  if (row.subscriptionId === null) return null;
  const plan =
    row.subscriptionPlanId !== null && row.planName !== null && row.planVehicleType !== null
      ? { id: row.subscriptionPlanId, name: row.planName, vehicleType: row.planVehicleType, priceKobo: koboOf(row.planPriceKobo) }
      : null;
  return {
    graceMs: graceMsOf(row.graceDays),
    subscription: normalise({
      id: row.subscriptionId,
      userId: row.subscriptionUserId!,
      planId: row.subscriptionPlanId,
      expiresAt: row.subscriptionExpiresAt!,
      pausedAt: row.subscriptionPausedAt,
      pausedRemainingMs: row.subscriptionPausedRemainingMs,
      accumulated: row.subscriptionAccumulated!,
      accumulatedAmountKobo: row.subscriptionAccumulatedAmountKobo!,
      outstandingPenaltyKobo: row.subscriptionOutstandingPenaltyKobo!,
      createdAt: row.subscriptionCreatedAt!,
      renewedAt: row.subscriptionRenewedAt,
      lastReceiptNo: row.subscriptionLastReceiptNo,
      updatedAt: row.subscriptionUpdatedAt!,
    }),
    plan,
  };
}

export function createSubscriptionsRepository(db: Database) {
  // The plans list is built once per vehicle type and then only run (see lists/prepared.ts).
  const statements = new PreparedStatements(db);
  return {
    ...subscriptionQueries(db),

    /** The plans not deleted, of one vehicle type or all, by vehicle type then price. */
    async listPlans(vehicleType?: VehicleType): Promise<PlanRecord[]> {
      return statements.run(`plans|${vehicleType ?? 'all'}`, {}, () => {
        const live = eq(subscriptionPlans.isDeleted, false);
        return db
          .select(planColumns)
          .from(subscriptionPlans)
          .where(vehicleType ? and(live, eq(subscriptionPlans.vehicleType, vehicleType)) : live)
          .orderBy(asc(subscriptionPlans.vehicleType), asc(subscriptionPlans.priceKobo));
      });
    },

    /** Runs `work` in one transaction, with an audit writer on it (a savepoint when `db` is already a transaction). */
    transaction<T>(work: (repo: SubscriptionQueries, audit: AuditWriter) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(subscriptionQueries(tx), auditWriter(tx)));
    },
  };
}
export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;
export type SubscriptionQueries = ReturnType<typeof subscriptionQueries>;

/** The queries, on a database or inside a transaction. */
export function subscriptionQueries(db: Database) {
  return {
    // ---- settings

    async setGraceDays(days: number): Promise<void> {
      await db
        .insert(settings)
        .values({ key: GRACE_SETTING_KEY, value: days })
        .onConflictDoUpdate({ target: settings.key, set: { value: days } });
    },

    // ---- plans

    async insertPlan(values: { name: PlanName; vehicleType: VehicleType; priceKobo: Kobo; at: Date }): Promise<PlanRecord> {
      const [row] = await db
        .insert(subscriptionPlans)
        .values({ name: values.name, vehicleType: values.vehicleType, priceKobo: values.priceKobo, createdAt: values.at, updatedAt: values.at })
        .returning(planColumns);
      return row;
    },

    async findPlan(id: string): Promise<PlanRecord | null> {
      const [row] = await db.select(planColumns).from(subscriptionPlans).where(eq(subscriptionPlans.id, id)).limit(1);
      return row ?? null;
    },

    /** The plan, locked until the transaction ends. */
    async lockPlan(id: string): Promise<PlanRecord | null> {
      const [row] = await db.select(planColumns).from(subscriptionPlans).where(eq(subscriptionPlans.id, id)).limit(1).for('update');
      return row ?? null;
    },

    async updatePlan(id: string, changes: { name?: PlanName; vehicleType?: VehicleType; priceKobo?: Kobo; at: Date }): Promise<PlanRecord | null> {
      const [row] = await db
        .update(subscriptionPlans)
        .set({ name: changes.name, vehicleType: changes.vehicleType, priceKobo: changes.priceKobo, updatedAt: changes.at })
        .where(and(eq(subscriptionPlans.id, id), eq(subscriptionPlans.isDeleted, false)))
        .returning(planColumns);
      return row ?? null;
    },

    async softDeletePlan(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(subscriptionPlans)
        .set({ isDeleted: true, deletedAt: at, updatedAt: at })
        .where(and(eq(subscriptionPlans.id, id), eq(subscriptionPlans.isDeleted, false)))
        .returning({ id: subscriptionPlans.id });
      return rows.length > 0;
    },

    // ---- ticket subscriptions

    /**
     * Opens the subscriptions of these motorists that have none. Nothing is paid yet: each expires
     * at `at` (by default when the motorist registered). The plan is `planId`, else the live plan of
     * the name the motorist asked for at registration (vehicles.requested_plan) for its vehicle type.
     * People other than motorists are skipped. Safe to call concurrently. Returns how many it opened.
     */
    async ensureForMotorists(userIds: string[], options: { planId?: string | null; at?: Date } = {}): Promise<number> {
      if (userIds.length === 0) return 0;
      const planId = options.planId ?? null;
      const at = options.at?.toISOString() ?? null;
      const opened = await db.execute<{ id: string }>(sql`
        INSERT INTO ticket_subscriptions (user_id, plan_id, expires_at, created_at, updated_at)
        SELECT u.id,
               coalesce(${planId}::uuid, (
                 SELECT p.id FROM subscription_plans p
                 WHERE p.name = v.requested_plan AND p.vehicle_type = v.vehicle_type AND NOT p.is_deleted
                 LIMIT 1)),
               coalesce(${at}::timestamptz, u.created_at),
               coalesce(${at}::timestamptz, u.created_at),
               coalesce(${at}::timestamptz, u.created_at)
        FROM users u
        LEFT JOIN vehicles v ON v.user_id = u.id
        WHERE u.id IN (${sql.join(
          userIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) AND u.role = 'motorist'
        ON CONFLICT (user_id) DO NOTHING
        RETURNING id`);
      return rowsOf(opened).length;
    },

    /** The subscription by its id or by its motorist's id, locked until the transaction ends. */
    async lock(idOrUserId: string): Promise<TicketSubscriptionRow | null> {
      const [row] = await db
        .select()
        .from(ticketSubscriptions)
        .where(or(eq(ticketSubscriptions.id, idOrUserId), eq(ticketSubscriptions.userId, idOrUserId)))
        .limit(1)
        .for('update');
      return row ? normalise(row) : null;
    },

    async update(id: string, changes: Partial<Omit<TicketSubscriptionRow, 'id' | 'userId' | 'createdAt'>> & { updatedAt: Date }): Promise<void> {
      await db.update(ticketSubscriptions).set(changes).where(eq(ticketSubscriptions.id, id));
    },

    /** Adds to the outstanding penalty in one statement; returns the new amount. */
    async addPenalty(id: string, amountKobo: Kobo, at: Date): Promise<Kobo> {
      const [row] = await db
        .update(ticketSubscriptions)
        .set({ outstandingPenaltyKobo: sql`${ticketSubscriptions.outstandingPenaltyKobo} + ${amountKobo}`, updatedAt: at })
        .where(eq(ticketSubscriptions.id, id))
        .returning({ outstanding: ticketSubscriptions.outstandingPenaltyKobo });
      return koboOf(row.outstanding);
    },

    /** Subscriptions with their plans and the grace period, of these subscription ids or motorist ids. One query. */
    async findWithPlans(by: { ids?: string[]; userIds?: string[] }): Promise<SubscriptionWithPlanAndGrace[]> {
      const conditions = [
        by.ids?.length ? inArray(ticketSubscriptions.id, by.ids) : undefined,
        by.userIds?.length ? inArray(ticketSubscriptions.userId, by.userIds) : undefined,
      ].filter((c) => c !== undefined);
      if (conditions.length === 0) return [];
      const rows = await db
        .select(subscriptionColumns)
        .from(ticketSubscriptions)
        .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, ticketSubscriptions.planId))
        .where(or(...conditions));
      return rows.map((row) => subscriptionFromColumns(row)!);
    },
  };
}

/** int8 columns as safe numbers whatever the driver gave. */
function normalise(row: TicketSubscriptionRow): TicketSubscriptionRow {
  return {
    ...row,
    accumulatedAmountKobo: koboOf(row.accumulatedAmountKobo),
    outstandingPenaltyKobo: koboOf(row.outstandingPenaltyKobo),
    pausedRemainingMs: row.pausedRemainingMs === null ? null : Number(row.pausedRemainingMs),
  };
}

/** Rows of a db.execute result: node-postgres and PGlite both return { rows }. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
