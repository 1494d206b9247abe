import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { TextLanguage, VehicleType } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import { idempotencyKeyQueries, type IdempotencyKeyQueries } from '../../platform/idempotency/index.ts';
import {
  penaltyCharges,
  penaltyPayments,
  scans,
  settings,
  subscriptionPayments,
  ticketSubscriptions,
  users,
  vehicles,
  type TicketSubscriptionRow,
} from '../../db/schema.ts';
import { DEFAULT_GRACE_PERIOD_DAYS, newReceiptNo, type PlanName, type ReceiptKind } from '@eticket/contracts';
import { DAY_IN_MS } from '../../domain/calendar.ts';
import { koboOf, type Kobo } from '../../domain/money.ts';
import { GRACE_SETTING_KEY, type toTicketSubscription } from '../subscriptions/index.ts';

/** A subscription with the plan it names, as the subscriptions module shows it. */
type SubscriptionWithPlan = Parameters<typeof toTicketSubscription>[0];

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

/**
 * Everything a field operation needs about one motorist, read in one statement with the
 * subscription row locked: the motorist and vehicle, the subscription and its plan, the vehicle
 * type's penalty charge, the grace period, and the calling agent's name.
 */
export interface FieldContext {
  motorist: FieldMotoristRow & { vehicleType: VehicleType; textLanguage: TextLanguage };
  current: SubscriptionWithPlan;
  penaltyChargeKobo: Kobo | null;
  graceMs: number;
  agent: { id: string; fullName: string; userCode: string };
  /** The plan asked for by id (a payment's subscriptionId), when one was asked for and exists. */
  requestedPlan: { id: string; name: PlanName; vehicleType: VehicleType; priceKobo: Kobo; isDeleted: boolean } | null;
  /** The stored key of the motorist's portrait, if any. */
  portraitFile: string | null;
}

/** A plate as the field app types it, against vehicles_plate_key_idx (0022). */
export const plateKeyOf = (column: typeof vehicles.plateNumber) => sql<string>`upper(regexp_replace(${column}, '[[:space:]-]+', '', 'g'))`;

type PlanJson = Omit<NonNullable<SubscriptionWithPlan['plan']>, 'priceKobo'> & { priceKobo: number | string };
type RequestedPlanJson = PlanJson & { isDeleted: boolean };

/**
 * The plan a payment asks for, as one JSON value. lockContext's one-row reads are subqueries rather
 * than joins: with eight tables joined PostgreSQL spent several times the statement's run planning
 * it, on every call (issue 49: 7 ms of the field batch's 10–17 ms per item on PGlite).
 */
const requestedPlanOf = (planId: string) =>
  sql<RequestedPlanJson | null>`(SELECT json_build_object('id', rp.id, 'name', rp.name, 'vehicleType', rp.vehicle_type, 'priceKobo', rp.price_kobo, 'isDeleted', rp.is_deleted) FROM subscription_plans rp WHERE rp.id = ${planId})`;

export type NewScan = Omit<typeof scans.$inferInsert, 'id'>;
export type ScanRow = typeof scans.$inferSelect;
export type NewSubscriptionPayment = Omit<typeof subscriptionPayments.$inferInsert, 'id' | 'status' | 'receiptNo'>;
export type NewPenaltyPayment = Omit<typeof penaltyPayments.$inferInsert, 'id' | 'status' | 'receiptNo'>;
export interface InsertedPayment {
  id: string;
  receiptNo: string;
}

/**
 * Inserts a payment under a new random receipt number. The unique index on receipt_no decides: a
 * number already taken (about 1 in 10^8 at ten million payments) inserts nothing (ON CONFLICT DO
 * NOTHING keeps the transaction usable), and a new number is drawn.
 */
async function withReceiptNo(kind: ReceiptKind, insert: (receiptNo: string) => Promise<InsertedPayment[]>): Promise<InsertedPayment> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [row] = await insert(newReceiptNo(kind));
    if (row) return row;
  }
  throw new Error('no free receipt number after 5 draws');
}

export function fieldQueries(db: Database) {
  return {
    /** A motorist (not deleted) by Unique ID, with the vehicle. */
    /** Whether the Unique ID is a motorist's whose account was deleted (and no live one holds it). */
    async isDeletedMotorist(userCode: string): Promise<boolean> {
      const rows = await db
        .select({ isDeleted: users.isDeleted })
        .from(users)
        .where(and(eq(users.userCode, userCode), eq(users.role, 'motorist')));
      return rows.length > 0 && rows.every((row) => row.isDeleted);
    },

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

    /** The Unique ID of the motorist (not deleted) whose plate, typed in any case and spacing, is this one. */
    async findUserCodeByPlate(key: string): Promise<string | null> {
      if (!key) return null;
      const [row] = await db
        .select({ userCode: users.userCode })
        .from(vehicles)
        .innerJoin(users, eq(users.id, vehicles.userId))
        .where(and(eq(plateKeyOf(vehicles.plateNumber), key), eq(users.role, 'motorist'), eq(users.isDeleted, false)))
        .limit(1);
      return row?.userCode ?? null;
    },

    /** See FieldContext. Null when the motorist, its vehicle or its subscription is missing. */
    async lockContext(userCode: string, agentId: string, planId?: string): Promise<FieldContext | null> {
      const [row] = await db
        .select({
          motorist: {
            id: users.id,
            userCode: users.userCode,
            fullName: users.fullName,
            phone: users.phone,
            registrationStatus: users.registrationStatus,
            plateNumber: vehicles.plateNumber,
            vehicleModel: vehicles.vehicleModel,
            vehicleType: vehicles.vehicleType,
            textLanguage: users.textLanguage,
          },
          subscription: ticketSubscriptions,
          plan: sql<PlanJson | null>`(SELECT json_build_object('id', p.id, 'name', p.name, 'vehicleType', p.vehicle_type, 'priceKobo', p.price_kobo) FROM subscription_plans p WHERE p.id = ${ticketSubscriptions.planId})`,
          penaltyChargeKobo: sql<Kobo | null>`(SELECT pc.price_kobo FROM penalty_charges pc WHERE pc.vehicle_type = ${vehicles.vehicleType})`.mapWith(
            penaltyCharges.priceKobo,
          ),
          portraitFile: sql<string | null>`(SELECT up.portrait_file FROM user_profiles up WHERE up.user_id = ${users.id})`,
          graceDays: sql<unknown>`(SELECT ${settings.value} FROM ${settings} WHERE ${settings.key} = ${GRACE_SETTING_KEY})`,
          agent: sql<
            FieldContext['agent'] | null
          >`(SELECT json_build_object('id', a.id, 'fullName', a.full_name, 'userCode', a.user_code) FROM users a WHERE a.id = ${agentId})`,
          requested: planId ? requestedPlanOf(planId) : sql<RequestedPlanJson | null>`NULL`,
        })
        .from(users)
        .innerJoin(vehicles, eq(vehicles.userId, users.id))
        .innerJoin(ticketSubscriptions, eq(ticketSubscriptions.userId, users.id))
        .where(and(eq(users.userCode, userCode), eq(users.role, 'motorist'), eq(users.isDeleted, false)))
        .limit(1)
        .for('update', { of: ticketSubscriptions });
      if (!row?.agent) return null;
      const graceDays = typeof row.graceDays === 'number' && row.graceDays >= 0 ? row.graceDays : DEFAULT_GRACE_PERIOD_DAYS;
      const subscription: TicketSubscriptionRow = {
        ...row.subscription,
        accumulatedAmountKobo: koboOf(row.subscription.accumulatedAmountKobo),
        outstandingPenaltyKobo: koboOf(row.subscription.outstandingPenaltyKobo),
        pausedRemainingMs: row.subscription.pausedRemainingMs === null ? null : Number(row.subscription.pausedRemainingMs),
      };
      return {
        motorist: row.motorist,
        current: {
          subscription,
          plan: row.plan ? { ...row.plan, priceKobo: koboOf(Number(row.plan.priceKobo)) } : null,
        },
        penaltyChargeKobo: row.penaltyChargeKobo === null ? null : koboOf(row.penaltyChargeKobo),
        graceMs: graceDays * DAY_IN_MS,
        agent: row.agent,
        requestedPlan: row.requested ? { ...row.requested, priceKobo: koboOf(Number(row.requested.priceKobo)) } : null,
        portraitFile: row.portraitFile,
      };
    },

    /**
     * Writes a scan. One that adds a penalty carries its Lagos day: the unique index
     * scans_penalty_once_per_day lets one such scan per motorist per day in; for a second one
     * nothing is written and null is returned.
     */
    async insertScan(values: NewScan): Promise<string | null> {
      const insert = db.insert(scans).values(values);
      const rows = values.penaltyDay
        ? await insert.onConflictDoNothing({ target: [scans.motoristId, scans.penaltyDay], where: sql`penalty_day IS NOT NULL` }).returning({ id: scans.id })
        : await insert.returning({ id: scans.id });
      return rows[0]?.id ?? null;
    },

    /**
     * The earliest scan of this motorist by this agent captured between `from` and `to` (served by
     * scans_motorist_created_idx: a motorist has a handful of scans in a few minutes).
     */
    async findScanBetween(motoristId: string, agentId: string, from: Date, to: Date): Promise<ScanRow | null> {
      const [row] = await db
        .select()
        .from(scans)
        .where(and(eq(scans.motoristId, motoristId), eq(scans.agentId, agentId), gte(scans.createdAt, from), lte(scans.createdAt, to)))
        .orderBy(asc(scans.createdAt))
        .limit(1);
      return row ?? null;
    },

    /** Writes a subscription payment under a new receipt number (see withReceiptNo). */
    insertSubscriptionPayment(values: NewSubscriptionPayment): Promise<InsertedPayment> {
      return withReceiptNo('subscription', (receiptNo) =>
        db
          .insert(subscriptionPayments)
          .values({ ...values, receiptNo, status: 'success' })
          .onConflictDoNothing({ target: subscriptionPayments.receiptNo })
          .returning({ id: subscriptionPayments.id, receiptNo: subscriptionPayments.receiptNo }),
      );
    },

    insertPenaltyPayment(values: NewPenaltyPayment): Promise<InsertedPayment> {
      return withReceiptNo('penalty', (receiptNo) =>
        db
          .insert(penaltyPayments)
          .values({ ...values, receiptNo, status: 'success' })
          .onConflictDoNothing({ target: penaltyPayments.receiptNo })
          .returning({ id: penaltyPayments.id, receiptNo: penaltyPayments.receiptNo }),
      );
    },
  };
}
export type FieldQueries = ReturnType<typeof fieldQueries>;

/**
 * A field operation's transaction: its own queries bound to it, and the handle other modules'
 * steps run on (the subscription's update, the tills' takeMoney, the receipt text), in the same transaction.
 */
export interface FieldUnit {
  field: FieldQueries;
  keys: IdempotencyKeyQueries;
  tx: Database;
}

export function createFieldRepository(db: Database) {
  return {
    findKey: idempotencyKeyQueries(db).find,
    findKeys: idempotencyKeyQueries(db).findMany,
    transaction<T>(work: (unit: FieldUnit) => Promise<T>): Promise<T> {
      return db.transaction((tx) =>
        work({
          field: fieldQueries(tx),
          keys: idempotencyKeyQueries(tx),
          tx,
        }),
      );
    },
  };
}
export type FieldRepository = ReturnType<typeof createFieldRepository>;
export type { Kobo };
