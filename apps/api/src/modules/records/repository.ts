import { type SQL, and, asc, count, desc, eq, gte, inArray, like, lt, lte, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ModeOfPayment, PaymentStatus, PlanName, SubscriptionStatus, VehicleType } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import { penaltyPayments, scans, subscriptionPayments, users } from '../../db/schema.ts';
import { koboOf, type Kobo } from '../../platform/money.ts';

/** What a record list is filtered by; every filter is served by an index ending in created_at DESC. */
export interface RecordFilter {
  from?: Date;
  /** Exclusive when `toExclusive`, else inclusive. */
  to?: Date;
  toExclusive?: boolean;
  vehicleType?: VehicleType;
  subscriptionStatus?: SubscriptionStatus;
  paymentStatus?: PaymentStatus;
  planName?: PlanName;
  modeOfPayment?: ModeOfPayment;
  /** The start of the Unique ID of the motorist or of the agent. */
  userCodePrefix?: string;
}

export interface Page {
  offset: number;
  limit: number;
}

export interface PersonRefRow {
  id: string;
  fullName: string;
  userCode: string;
}

export interface ScanRow {
  id: string;
  createdAt: Date;
  vehicleType: VehicleType;
  plateNumber: string | null;
  subscriptionStatus: SubscriptionStatus;
  expiresAt: Date;
  outstandingKobo: Kobo;
  penaltyAddedKobo: Kobo;
  motorist: PersonRefRow;
  agent: PersonRefRow;
}

export interface PaymentRow {
  id: string;
  createdAt: Date;
  bankName: string | null;
  modeOfPayment: ModeOfPayment;
  planId: string | null;
  planName: PlanName | null;
  vehicleType: VehicleType;
  amountKobo: Kobo;
  status: PaymentStatus;
  motorist: PersonRefRow;
  remitter: PersonRefRow;
}

const motorist = alias(users, 'motorist');
const agent = alias(users, 'agent');

/** Ids of people whose Unique ID starts with `prefix` (served by users_user_code_pattern_idx). */
function peopleWithCodePrefix(db: Database, prefix: string) {
  const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
  return db.select({ id: users.id }).from(users).where(like(users.userCode, `${escaped}%`));
}

/**
 * A page of a list ordered newest first, and its total. Pages past the middle are read from the
 * oldest end (ascending, then reversed), so the last page costs what the first does.
 */
async function pageOf<T>(
  total: number,
  page: Page,
  read: (order: 'newest' | 'oldest', offset: number, limit: number) => Promise<T[]>,
): Promise<T[]> {
  if (page.offset >= total) return [];
  const limit = Math.min(page.limit, total - page.offset);
  if (page.offset <= total / 2) return read('newest', page.offset, limit);
  const fromOldest = total - page.offset - limit;
  return (await read('oldest', fromOldest, limit)).reverse();
}

export function recordQueries(db: Database) {
  function scanConditions(filter: RecordFilter): SQL | undefined {
    return and(
      filter.from ? gte(scans.createdAt, filter.from) : undefined,
      filter.to ? (filter.toExclusive ? lt(scans.createdAt, filter.to) : lte(scans.createdAt, filter.to)) : undefined,
      filter.vehicleType ? eq(scans.vehicleType, filter.vehicleType) : undefined,
      filter.subscriptionStatus ? eq(scans.subscriptionStatus, filter.subscriptionStatus) : undefined,
      filter.userCodePrefix
        ? or(
            inArray(scans.motoristId, peopleWithCodePrefix(db, filter.userCodePrefix)),
            inArray(scans.agentId, peopleWithCodePrefix(db, filter.userCodePrefix)),
          )
        : undefined,
    );
  }

  function selectScans(where: SQL | undefined) {
    return db
      .select({
        id: scans.id,
        createdAt: scans.createdAt,
        vehicleType: scans.vehicleType,
        plateNumber: scans.plateNumber,
        subscriptionStatus: scans.subscriptionStatus,
        expiresAt: scans.expiresAt,
        outstandingKobo: scans.outstandingKobo,
        penaltyAddedKobo: scans.penaltyAddedKobo,
        motorist: { id: motorist.id, fullName: motorist.fullName, userCode: motorist.userCode },
        agent: { id: agent.id, fullName: agent.fullName, userCode: agent.userCode },
      })
      .from(scans)
      .innerJoin(motorist, eq(motorist.id, scans.motoristId))
      .innerJoin(agent, eq(agent.id, scans.agentId))
      .where(where);
  }

  const normaliseScan = (row: ScanRow): ScanRow => ({
    ...row,
    outstandingKobo: koboOf(row.outstandingKobo),
    penaltyAddedKobo: koboOf(row.penaltyAddedKobo),
  });

  /** The two payment tables have the same shape for the lists. */
  function paymentQueries(table: typeof subscriptionPayments | typeof penaltyPayments) {
    function conditions(filter: RecordFilter): SQL | undefined {
      return and(
        filter.from ? gte(table.createdAt, filter.from) : undefined,
        filter.to ? (filter.toExclusive ? lt(table.createdAt, filter.to) : lte(table.createdAt, filter.to)) : undefined,
        filter.vehicleType ? eq(table.vehicleType, filter.vehicleType) : undefined,
        filter.paymentStatus ? eq(table.status, filter.paymentStatus) : undefined,
        filter.planName ? eq(table.planName, filter.planName) : undefined,
        filter.modeOfPayment ? eq(table.modeOfPayment, filter.modeOfPayment) : undefined,
        filter.userCodePrefix
          ? or(
              inArray(table.motoristId, peopleWithCodePrefix(db, filter.userCodePrefix)),
              inArray(table.remitterId, peopleWithCodePrefix(db, filter.userCodePrefix)),
            )
          : undefined,
      );
    }
    function select(where: SQL | undefined) {
      return db
        .select({
          id: table.id,
          createdAt: table.createdAt,
          bankName: table.bankName,
          modeOfPayment: table.modeOfPayment,
          planId: table.planId,
          planName: table.planName,
          vehicleType: table.vehicleType,
          amountKobo: table.amountKobo,
          status: table.status,
          motorist: { id: motorist.id, fullName: motorist.fullName, userCode: motorist.userCode },
          remitter: { id: agent.id, fullName: agent.fullName, userCode: agent.userCode },
        })
        .from(table)
        .innerJoin(motorist, eq(motorist.id, table.motoristId))
        .innerJoin(agent, eq(agent.id, table.remitterId))
        .where(where);
    }
    const normalise = (row: PaymentRow): PaymentRow => ({ ...row, amountKobo: koboOf(row.amountKobo) });
    return {
      async list(filter: RecordFilter, page: Page): Promise<{ rows: PaymentRow[]; total: number }> {
        const where = conditions(filter);
        const [{ value: total }] = await db.select({ value: count() }).from(table).where(where);
        const rows = await pageOf(total, page, (order, offset, limit) =>
          select(where)
            .orderBy(...(order === 'newest' ? [desc(table.createdAt), desc(table.id)] : [asc(table.createdAt), asc(table.id)]))
            .limit(limit)
            .offset(offset),
        );
        return { rows: rows.map(normalise), total };
      },
      async byId(id: string): Promise<PaymentRow | null> {
        const [row] = await select(eq(table.id, id)).limit(1);
        return row ? normalise(row) : null;
      },
    };
  }

  const subscriptionPaymentQueries = paymentQueries(subscriptionPayments);
  const penaltyPaymentQueries = paymentQueries(penaltyPayments);

  return {
    async listScans(filter: RecordFilter, page: Page): Promise<{ rows: ScanRow[]; total: number }> {
      const where = scanConditions(filter);
      const [{ value: total }] = await db.select({ value: count() }).from(scans).where(where);
      const rows = await pageOf(total, page, (order, offset, limit) =>
        selectScans(where)
          .orderBy(...(order === 'newest' ? [desc(scans.createdAt), desc(scans.id)] : [asc(scans.createdAt), asc(scans.id)]))
          .limit(limit)
          .offset(offset),
      );
      return { rows: rows.map(normaliseScan), total };
    },

    async scanById(id: string): Promise<ScanRow | null> {
      const [row] = await selectScans(eq(scans.id, id)).limit(1);
      return row ? normaliseScan(row) : null;
    },

    listSubscriptionPayments: subscriptionPaymentQueries.list,
    subscriptionPaymentById: subscriptionPaymentQueries.byId,
    listPenaltyPayments: penaltyPaymentQueries.list,
    penaltyPaymentById: penaltyPaymentQueries.byId,
  };
}
export type RecordQueries = ReturnType<typeof recordQueries>;
