import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_PENALTY_CEILING_MULTIPLE, type VehicleType } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import { PreparedStatements } from '../../lists/prepared.ts';
import { penaltyAdjustments, penaltyCharges, settings, ticketSubscriptions, users, vehicles } from '../../db/schema.ts';
import { auditWriter, type AuditWriter } from '../../platform/audit.ts';
import { koboOf, type Kobo } from '../../domain/money.ts';
import { lockSubscription, updateSubscription } from '../subscriptions/index.ts';

/** The subscription steps a penalty change takes, on its transaction. */
interface SubscriptionSteps {
  lock: (idOrUserId: string) => ReturnType<typeof lockSubscription>;
  update: (id: string, changes: Parameters<typeof updateSubscription>[2]) => Promise<void>;
}

export interface PenaltyChargeRecord {
  id: string;
  vehicleType: VehicleType;
  priceKobo: Kobo;
  createdAt: Date;
  updatedAt: Date;
}

export interface PenaltyAdjustmentRow {
  id: string;
  createdAt: Date;
  previousKobo: Kobo;
  newKobo: Kobo;
  reason: string | null;
  changedBy: { id: string; fullName: string; userCode: string };
}

export const PENALTY_CEILING_SETTING_KEY = 'penalty_ceiling_multiple';

export interface PenaltyCeiling {
  vehicleType: VehicleType | null;
  multiple: number;
  chargeKobo: Kobo | null;
  /** null: no penalty charge for the vehicle type, so no ceiling. */
  ceilingKobo: Kobo | null;
}

const chargeColumns = {
  id: penaltyCharges.id,
  vehicleType: penaltyCharges.vehicleType,
  priceKobo: penaltyCharges.priceKobo,
  createdAt: penaltyCharges.createdAt,
  updatedAt: penaltyCharges.updatedAt,
};

const normalise = (row: PenaltyChargeRecord): PenaltyChargeRecord => ({ ...row, priceKobo: koboOf(row.priceKobo) });

export function penaltyQueries(db: Database) {
  return {
    async insertCharge(values: { vehicleType: VehicleType; priceKobo: Kobo; at: Date }): Promise<PenaltyChargeRecord> {
      const [row] = await db
        .insert(penaltyCharges)
        .values({ vehicleType: values.vehicleType, priceKobo: values.priceKobo, createdAt: values.at, updatedAt: values.at })
        .returning(chargeColumns);
      return normalise(row);
    },

    async chargeForType(vehicleType: VehicleType): Promise<PenaltyChargeRecord | null> {
      const [row] = await db.select(chargeColumns).from(penaltyCharges).where(eq(penaltyCharges.vehicleType, vehicleType)).limit(1);
      return row ? normalise(row) : null;
    },

    /** The charge, locked until the transaction ends. */
    async lockCharge(id: string): Promise<PenaltyChargeRecord | null> {
      const [row] = await db.select(chargeColumns).from(penaltyCharges).where(eq(penaltyCharges.id, id)).limit(1).for('update');
      return row ? normalise(row) : null;
    },

    async updateCharge(id: string, changes: { vehicleType?: VehicleType; priceKobo?: Kobo; at: Date }): Promise<PenaltyChargeRecord | null> {
      const [row] = await db
        .update(penaltyCharges)
        .set({ vehicleType: changes.vehicleType, priceKobo: changes.priceKobo, updatedAt: changes.at })
        .where(eq(penaltyCharges.id, id))
        .returning(chargeColumns);
      return row ? normalise(row) : null;
    },

    async recordAdjustment(values: {
      subscriptionId: string;
      previousKobo: Kobo;
      newKobo: Kobo;
      adjustedBy: string;
      reason: string | null;
      at: Date;
    }): Promise<void> {
      await db.insert(penaltyAdjustments).values({
        subscriptionId: values.subscriptionId,
        previousKobo: values.previousKobo,
        newKobo: values.newKobo,
        adjustedBy: values.adjustedBy,
        reason: values.reason,
        createdAt: values.at,
      });
    },

    /**
     * The most a motorist may be set to owe: the ceiling setting's multiple of the penalty charge of
     * the motorist's vehicle type. No charge for that type (or no vehicle): chargeKobo null, no ceiling.
     */
    async ceilingFor(motoristId: string): Promise<PenaltyCeiling> {
      const [row] = await db
        .select({
          vehicleType: vehicles.vehicleType,
          chargeKobo: penaltyCharges.priceKobo,
          multiple: sql<unknown>`(SELECT ${settings.value} FROM ${settings} WHERE ${settings.key} = ${PENALTY_CEILING_SETTING_KEY})`,
        })
        .from(vehicles)
        .leftJoin(penaltyCharges, eq(penaltyCharges.vehicleType, vehicles.vehicleType))
        .where(eq(vehicles.userId, motoristId))
        .limit(1);
      const multiple = typeof row?.multiple === 'number' && row.multiple > 0 ? row.multiple : DEFAULT_PENALTY_CEILING_MULTIPLE;
      if (!row || row.chargeKobo === null) return { vehicleType: row?.vehicleType ?? null, multiple, chargeKobo: null, ceilingKobo: null };
      const chargeKobo = koboOf(row.chargeKobo);
      return { vehicleType: row.vehicleType, multiple, chargeKobo, ceilingKobo: koboOf(Math.round(chargeKobo * multiple)) };
    },
  };
}
export type PenaltyQueries = ReturnType<typeof penaltyQueries>;

export function createPenaltiesRepository(db: Database) {
  // The charges list is built once and then only run (see lists/prepared.ts).
  const statements = new PreparedStatements(db);
  return {
    ...penaltyQueries(db),

    /** The penalty charge of each vehicle type, by vehicle type. */
    async listCharges(): Promise<PenaltyChargeRecord[]> {
      const rows = await statements.run('charges', {}, () => db.select(chargeColumns).from(penaltyCharges).orderBy(asc(penaltyCharges.vehicleType)));
      return rows.map(normalise);
    },

    /**
     * One motorist's penalty changes, newest first, and how many there are (a motorist has one
     * subscription; served by penalty_adjustments_subscription_idx).
     */
    async adjustmentsOf(motoristId: string, page: { offset: number; limit: number }): Promise<{ rows: PenaltyAdjustmentRow[]; total: number }> {
      const ofMotorist = inArray(
        penaltyAdjustments.subscriptionId,
        db.select({ id: ticketSubscriptions.id }).from(ticketSubscriptions).where(eq(ticketSubscriptions.userId, motoristId)),
      );
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({
            id: penaltyAdjustments.id,
            createdAt: penaltyAdjustments.createdAt,
            previousKobo: penaltyAdjustments.previousKobo,
            newKobo: penaltyAdjustments.newKobo,
            reason: penaltyAdjustments.reason,
            changedBy: { id: users.id, fullName: users.fullName, userCode: users.userCode },
          })
          .from(penaltyAdjustments)
          .innerJoin(users, eq(users.id, penaltyAdjustments.adjustedBy))
          .where(ofMotorist)
          .orderBy(desc(penaltyAdjustments.createdAt), desc(penaltyAdjustments.id))
          .offset(page.offset)
          .limit(page.limit),
        db.select({ total: count() }).from(penaltyAdjustments).where(ofMotorist),
      ]);
      return { rows: rows.map((row) => ({ ...row, previousKobo: koboOf(row.previousKobo), newKobo: koboOf(row.newKobo) })), total };
    },

    /** Runs `work` in one transaction, with the queries and an audit writer on it. */
    transaction<T>(work: (repos: { penalties: PenaltyQueries; subscriptions: SubscriptionSteps; audit: AuditWriter }) => Promise<T>): Promise<T> {
      return db.transaction((tx) =>
        work({
          penalties: penaltyQueries(tx),
          subscriptions: { lock: (id) => lockSubscription(tx, id), update: (id, changes) => updateSubscription(tx, id, changes) },
          audit: auditWriter(tx),
        }),
      );
    },
  };
}
export type PenaltiesRepository = ReturnType<typeof createPenaltiesRepository>;
