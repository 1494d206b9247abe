import { and, asc, between, count, desc, eq, sql, sum } from 'drizzle-orm';
import { ALLOCATION_PERCENT, type VehicleType } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import { PreparedStatements } from '../../lists/prepared.ts';
import { dailyActivity, stakeholderPayouts, stakeholders, users } from '../../db/schema.ts';
import { auditWriter, type AuditWriter } from '../../platform/audit.ts';
import { koboOf, type Kobo } from '../../domain/money.ts';

/** Serialises every change of a percentage, so the 100 % rule holds under concurrent assignments. */
const ALLOCATION_LOCK_ID = 727_274_005;
/** The rule in tenths of a percent. */
export const TOTAL_TENTHS = ALLOCATION_PERCENT.total * 10;
/** At most this many rows can exist (each holds at least 0.1 % of at most 100 %). */
const MAX_STAKEHOLDERS = TOTAL_TENTHS;

export class OverAllocatedError extends Error {
  constructor(readonly allocatedTenths: number) {
    super('over-allocated');
  }
}

const stakeholderColumns = {
  id: stakeholders.id,
  unionId: stakeholders.unionId,
  percentageTenths: stakeholders.percentageTenths,
  bankCode: stakeholders.bankCode,
  bankName: stakeholders.bankName,
  accountNumber: stakeholders.accountNumber,
  accountName: stakeholders.accountName,
  createdAt: stakeholders.createdAt,
  updatedAt: stakeholders.updatedAt,
  unionFullName: users.fullName,
  unionName: users.unionName,
  unionRole: users.unionRole,
};

/** A person who may be a partner union, as the allocation reads one (the union dashboard reads the same). */
const unionColumns = {
  id: users.id,
  fullName: users.fullName,
  unionName: users.unionName,
  unionRole: users.unionRole,
  role: users.role,
  registrationStatus: users.registrationStatus,
  isDeleted: users.isDeleted,
};

export interface NewStakeholder {
  unionId: string;
  percentageTenths: number;
  bankCode: string;
  bankName: string;
  accountNumber: string;
  accountName: string;
  createdBy: string;
  at: Date;
}

export interface NewPayout {
  stakeholderId: string;
  amountKobo: Kobo;
  paidOn: string;
  reference: string;
  recordedBy: string;
  at: Date;
}

const payoutColumns = {
  id: stakeholderPayouts.id,
  stakeholderId: stakeholderPayouts.stakeholderId,
  amountKobo: stakeholderPayouts.amountKobo,
  paidOn: sql<string>`${stakeholderPayouts.paidOn}::text`,
  reference: stakeholderPayouts.reference,
  createdAt: stakeholderPayouts.createdAt,
  recordedById: stakeholderPayouts.recordedBy,
  recordedByName: users.fullName,
};

export function createAllocationRepository(db: Database) {
  return {
    ...allocationQueries(db),
    /** Runs `work` in one transaction, with an audit writer and its handle (the ledger's postings) on it (the changes below nest as savepoints). */
    transaction<T>(work: (repo: AllocationQueries, audit: AuditWriter, tx: Database) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(allocationQueries(tx), auditWriter(tx), tx));
    },
  };
}
export type AllocationRepository = ReturnType<typeof createAllocationRepository>;
export type AllocationQueries = ReturnType<typeof allocationQueries>;

/** The queries, on a database or inside a transaction. */
export function allocationQueries(db: Database) {
  type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

  /** Takes the allocation lock and answers the tenths allocated to everyone but `exceptId`. */
  async function lockAndSum(tx: Tx, exceptId?: string): Promise<number> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ALLOCATION_LOCK_ID})`);
    const [row] = await tx
      .select({ total: sql<string | number | null>`coalesce(sum(${stakeholders.percentageTenths}), 0)` })
      .from(stakeholders)
      .where(exceptId ? sql`${stakeholders.id} <> ${exceptId}` : undefined);
    return Number(row?.total ?? 0);
  }

  // The reads are built once and run with each call's values (see lists/prepared.ts).
  const statements = new PreparedStatements(db);
  const p = (name: string) => sql.placeholder(name);

  return {
    /** A person who may be a partner union: role union and not deleted. */
    async findUnion(id: string) {
      const [row] = await statements.run('findUnion', { id }, () =>
        db
          .select(unionColumns)
          .from(users)
          .where(eq(users.id, p('id')))
          .limit(1),
      );
      return row ?? null;
    },

    async list() {
      return statements.run('list', {}, () =>
        db
          .select(stakeholderColumns)
          .from(stakeholders)
          .innerJoin(users, eq(users.id, stakeholders.unionId))
          .orderBy(asc(stakeholders.createdAt), asc(stakeholders.id))
          .limit(MAX_STAKEHOLDERS),
      );
    },

    async find(id: string) {
      const [row] = await statements.run('find', { id }, () =>
        db
          .select(stakeholderColumns)
          .from(stakeholders)
          .innerJoin(users, eq(users.id, stakeholders.unionId))
          .where(eq(stakeholders.id, p('id')))
          .limit(1),
      );
      return row ?? null;
    },

    async findByUnion(unionId: string) {
      const [row] = await statements.run('findByUnion', { unionId }, () =>
        db
          .select(stakeholderColumns)
          .from(stakeholders)
          .innerJoin(users, eq(users.id, stakeholders.unionId))
          .where(eq(stakeholders.unionId, p('unionId')))
          .limit(1),
      );
      return row ?? null;
    },

    async allocatedTenths(): Promise<number> {
      const [row] = await db.select({ total: sql<string | number | null>`coalesce(sum(${stakeholders.percentageTenths}), 0)` }).from(stakeholders);
      return Number(row?.total ?? 0);
    },

    /** Inserts under the allocation lock; throws OverAllocatedError when the total would pass 100 %. */
    async create(values: NewStakeholder): Promise<string> {
      return db.transaction(async (tx) => {
        const others = await lockAndSum(tx);
        if (others + values.percentageTenths > TOTAL_TENTHS) throw new OverAllocatedError(others);
        const [row] = await tx
          .insert(stakeholders)
          .values({
            unionId: values.unionId,
            percentageTenths: values.percentageTenths,
            bankCode: values.bankCode,
            bankName: values.bankName,
            accountNumber: values.accountNumber,
            accountName: values.accountName,
            createdBy: values.createdBy,
            createdAt: values.at,
            updatedAt: values.at,
          })
          .returning({ id: stakeholders.id });
        return row.id;
      });
    },

    /**
     * Changes the percentage under the allocation lock; answers the percentage it had (tenths), or
     * null when there is no such stakeholder.
     */
    async updatePercentage(id: string, percentageTenths: number, at: Date): Promise<number | null> {
      return db.transaction(async (tx) => {
        const others = await lockAndSum(tx, id);
        const [current] = await tx
          .select({ percentageTenths: stakeholders.percentageTenths })
          .from(stakeholders)
          .where(eq(stakeholders.id, id))
          .limit(1)
          .for('update');
        if (!current) return null;
        if (others + percentageTenths > TOTAL_TENTHS) throw new OverAllocatedError(others);
        await tx.update(stakeholders).set({ percentageTenths, updatedAt: at }).where(eq(stakeholders.id, id));
        return current.percentageTenths;
      });
    },

    /** Successful subscription revenue per vehicle type for whole Lagos days [startDay, endDay], in kobo. */
    async subscriptionRevenue(startDay: string, endDay: string): Promise<Record<VehicleType, Kobo>> {
      const rows = await statements.run('subscriptionRevenue', { startDay, endDay }, () =>
        db
          .select({ vehicleType: dailyActivity.vehicleType, kobo: sum(dailyActivity.subscriptionKobo) })
          .from(dailyActivity)
          .where(between(dailyActivity.day, p('startDay'), p('endDay')))
          .groupBy(dailyActivity.vehicleType),
      );
      const revenue: Record<VehicleType, Kobo> = { keke: 0, bus: 0, bike: 0 };
      for (const row of rows) if (row.vehicleType in revenue) revenue[row.vehicleType] = koboOf(row.kobo);
      return revenue;
    },

    /** Payouts dated in [startDay, endDay], summed per stakeholder, in kobo. */
    async payoutTotals(startDay: string, endDay: string): Promise<Map<string, Kobo>> {
      const rows = await statements.run('payoutTotals', { startDay, endDay }, () =>
        db
          .select({ stakeholderId: stakeholderPayouts.stakeholderId, kobo: sum(stakeholderPayouts.amountKobo) })
          .from(stakeholderPayouts)
          .where(between(stakeholderPayouts.paidOn, p('startDay'), p('endDay')))
          .groupBy(stakeholderPayouts.stakeholderId),
      );
      return new Map(rows.map((row) => [row.stakeholderId, koboOf(row.kobo)]));
    },

    /** One stakeholder's payouts dated in [startDay, endDay]: their sum and count. */
    async payoutTotal(stakeholderId: string, startDay: string, endDay: string): Promise<{ kobo: Kobo; count: number }> {
      const [row] = await statements.run('payoutTotal', { stakeholderId, startDay, endDay }, () =>
        db
          .select({ kobo: sum(stakeholderPayouts.amountKobo), count: count() })
          .from(stakeholderPayouts)
          .where(and(eq(stakeholderPayouts.stakeholderId, p('stakeholderId')), between(stakeholderPayouts.paidOn, p('startDay'), p('endDay')))),
      );
      return { kobo: koboOf(row?.kobo), count: Number(row?.count ?? 0) };
    },

    /** A page of one stakeholder's payouts dated in the range, newest first. */
    async payouts(stakeholderId: string, startDay: string, endDay: string, limit: number, offset = 0) {
      return statements.run('payouts', { stakeholderId, startDay, endDay, limit, offset }, () =>
        db
          .select(payoutColumns)
          .from(stakeholderPayouts)
          .innerJoin(users, eq(users.id, stakeholderPayouts.recordedBy))
          .where(and(eq(stakeholderPayouts.stakeholderId, p('stakeholderId')), between(stakeholderPayouts.paidOn, p('startDay'), p('endDay'))))
          .orderBy(desc(stakeholderPayouts.paidOn), desc(stakeholderPayouts.createdAt))
          .limit(p('limit'))
          .offset(p('offset')),
      );
    },

    /** Inserts the payout and answers it with who recorded it (call inside a transaction with its audit). */
    async insertPayout(values: NewPayout) {
      const [row] = await db
        .insert(stakeholderPayouts)
        .values({
          stakeholderId: values.stakeholderId,
          amountKobo: values.amountKobo,
          paidOn: values.paidOn,
          reference: values.reference,
          recordedBy: values.recordedBy,
          createdAt: values.at,
        })
        .returning({ id: stakeholderPayouts.id });
      const [payout] = await db
        .select(payoutColumns)
        .from(stakeholderPayouts)
        .innerJoin(users, eq(users.id, stakeholderPayouts.recordedBy))
        .where(eq(stakeholderPayouts.id, row.id))
        .limit(1);
      return payout;
    },
  };
}
export type StakeholderRecord = NonNullable<Awaited<ReturnType<AllocationQueries['find']>>>;
export type PayoutRecord = Awaited<ReturnType<AllocationQueries['payouts']>>[number];
