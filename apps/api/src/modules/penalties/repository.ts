import { asc, eq } from 'drizzle-orm';
import type { VehicleType } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import { PreparedStatements } from '../../lists/prepared.ts';
import { penaltyAdjustments, penaltyCharges } from '../../db/schema.ts';
import { auditWriter, type AuditWriter } from '../../platform/audit.ts';
import { koboOf, type Kobo } from '../../domain/money.ts';
import { subscriptionQueries, type SubscriptionQueries } from '../subscriptions/repository.ts';

export interface PenaltyChargeRecord {
  id: string;
  vehicleType: VehicleType;
  priceKobo: Kobo;
  createdAt: Date;
  updatedAt: Date;
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

    async recordAdjustment(values: { subscriptionId: string; previousKobo: Kobo; newKobo: Kobo; adjustedBy: string; at: Date }): Promise<void> {
      await db.insert(penaltyAdjustments).values({
        subscriptionId: values.subscriptionId,
        previousKobo: values.previousKobo,
        newKobo: values.newKobo,
        adjustedBy: values.adjustedBy,
        createdAt: values.at,
      });
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

    /** Runs `work` in one transaction, with the queries and an audit writer on it. */
    transaction<T>(work: (repos: { penalties: PenaltyQueries; subscriptions: SubscriptionQueries; audit: AuditWriter }) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work({ penalties: penaltyQueries(tx), subscriptions: subscriptionQueries(tx), audit: auditWriter(tx) }));
    },
  };
}
export type PenaltiesRepository = ReturnType<typeof createPenaltiesRepository>;
