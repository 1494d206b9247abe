import { type AnyColumn, type Placeholder, type SQL, and, count, desc, eq, gte, like, lt, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ModeOfPayment, PaymentStatus, PlanName, SubscriptionStatus, VehicleType } from '@eticket/contracts';

/** At most this many people match a Unique ID search (a prefix of 3 characters already narrows to a handful). */
export const MAX_PEOPLE_PER_SEARCH = 500;
import type { Database } from '../../db/connect.ts';
import { paymentCounts, paymentMonthCounts, penaltyPayments, scanCounts, scanMonthCounts, scans, subscriptionPayments, users } from '../../db/schema.ts';
import {
  bindDaySplit,
  type BoundDays,
  type CounterUnit,
  type ListTotal,
  sumOf,
  totalAhead,
  totalByDays,
  type TotalQuery,
  wholeDayConditions,
} from '../../lists/day-counts.ts';
import { type Page, readPage } from '../../lists/paging.ts';
import { Binding, PreparedStatements } from '../../lists/prepared.ts';
import { after } from '../../lists/keyset.ts';
import { koboOf, type Kobo } from '../../domain/money.ts';
import { plateOwners } from '../../lists/plate-search.ts';

/** What a record list is filtered by; every filter is served by an index ending in created_at DESC. */
export interface RecordFilter {
  from?: Date;
  /** Exclusive when `toExclusive`, else inclusive. */
  to?: Date;
  toExclusive?: boolean;
  vehicleType?: VehicleType;
  subscriptionStatus?: SubscriptionStatus;
  planName?: PlanName;
  modeOfPayment?: ModeOfPayment;
  /** Payments of this status (payment lists). */
  status?: PaymentStatus;
  /** Payments this remitter recorded (payment lists; served by the (remitter, created_at) index). */
  remitterId?: string;
  /** One motorist's rows (their details page; served by the (motorist, created_at) indexes). */
  motoristId?: string;
  /** People whose Unique ID starts with the search: rows of these motorists or agents (see peopleWithCodePrefix). */
  people?: { motoristIds: string[]; agentIds: string[] };
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
  receiptNo: string;
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

/** Which filter a payment_counts row counts under ('' for the whole list). */
type PaymentCountsFilter = (typeof paymentCounts.$inferSelect)['filter'];

const motorist = alias(users, 'motorist');
const agent = alias(users, 'agent');

/** A RecordFilter bound for a prepared statement (see lists/prepared.ts): the choices as they are, the values as placeholders. */
interface BoundFilter extends Pick<RecordFilter, 'toExclusive' | 'vehicleType' | 'subscriptionStatus' | 'planName' | 'modeOfPayment' | 'status'> {
  remitterId?: Placeholder;
  motoristId?: Placeholder;
  from?: Placeholder;
  to?: Placeholder;
  /** The ids of the people a Unique ID search found (uuid arrays). */
  motoristIds?: Placeholder;
  agentIds?: Placeholder;
}

const nonEmpty = (ids: string[] | undefined) => (ids && ids.length > 0 ? ids : undefined);

function bind(filter: RecordFilter, binding: Binding): BoundFilter {
  return {
    from: binding.value('from', filter.from),
    to: binding.value('to', filter.to),
    toExclusive: binding.choice('toExclusive', filter.toExclusive),
    vehicleType: binding.choice('vehicleType', filter.vehicleType),
    subscriptionStatus: binding.choice('subscriptionStatus', filter.subscriptionStatus),
    planName: binding.choice('planName', filter.planName),
    modeOfPayment: binding.choice('modeOfPayment', filter.modeOfPayment),
    status: binding.choice('status', filter.status),
    remitterId: binding.value('remitterId', filter.remitterId),
    motoristId: binding.value('motoristId', filter.motoristId),
    motoristIds: binding.value('motoristIds', nonEmpty(filter.people?.motoristIds)),
    agentIds: binding.value('agentIds', nonEmpty(filter.people?.agentIds)),
  };
}

/** Rows of the motorists or agents found by a Unique ID search; served by the (person, created_at) indexes. */
function ofPeople(filter: BoundFilter, motoristColumn: AnyColumn, agentColumn: AnyColumn): SQL | undefined {
  return or(
    filter.motoristIds ? sql`${motoristColumn} = ANY(${filter.motoristIds})` : undefined,
    filter.agentIds ? sql`${agentColumn} = ANY(${filter.agentIds})` : undefined,
  );
}

/** The time bounds of a list's rows. */
function timeConditions(filter: BoundFilter, createdAt: AnyColumn): SQL | undefined {
  return and(
    filter.from ? gte(createdAt, filter.from) : undefined,
    filter.to ? (filter.toExclusive ? lt(createdAt, filter.to) : lte(createdAt, filter.to)) : undefined,
  );
}

/** The binding of one keyset batch of a whole-list read: the filter, the row it starts after, its size. */
function bindBatch(filter: RecordFilter, afterId: string | null, limit: number) {
  const binding = new Binding();
  const bound = bind(filter, binding);
  return { binding, bound, afterRow: binding.value('afterId', afterId ?? undefined), batchSize: binding.value('limit', limit) };
}

export function recordQueries(db: Database) {
  const scanStatements = new PreparedStatements(db);

  function scanConditions(filter: BoundFilter): SQL | undefined {
    return and(
      timeConditions(filter, scans.createdAt),
      filter.vehicleType ? eq(scans.vehicleType, filter.vehicleType) : undefined,
      filter.subscriptionStatus ? eq(scans.subscriptionStatus, filter.subscriptionStatus) : undefined,
      filter.motoristId ? eq(scans.motoristId, filter.motoristId) : undefined,
      ofPeople(filter, scans.motoristId, scans.agentId),
    );
  }

  /** How many scans match: from scan_counts, or row by row (a few pages ahead) for a Unique ID search. */
  function scanTotal(filter: RecordFilter, bound: BoundFilter, binding: Binding, page: Page): TotalQuery {
    if (filter.people || filter.motoristId) {
      return totalAhead(binding, page, () => db.select({ id: scans.id }).from(scans).where(scanConditions(bound)).$dynamic());
    }
    return totalByDays(
      binding,
      filter,
      (unit, days) => {
        const counts = unit === 'month' ? scanMonthCounts : scanCounts;
        return db
          .select({ value: sumOf(counts.scans) })
          .from(counts)
          .where(
            and(
              wholeDayConditions(counts.day, days),
              bound.vehicleType ? eq(counts.vehicleType, bound.vehicleType) : undefined,
              bound.subscriptionStatus ? eq(counts.subscriptionStatus, bound.subscriptionStatus) : undefined,
            ),
          );
      },
      (range) =>
        db
          .select({ value: count() })
          .from(scans)
          .where(scanConditions({ ...bound, ...range })),
    );
  }

  /** Scan rows with the motorist's and the agent's names (and any `extra` columns); `from` is scans itself or a page of scan ids. */
  function selectScans<Extra extends Record<string, SQL>>(extra: Extra = {} as Extra) {
    return db.select({
      ...extra,
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
    });
  }

  const normaliseScan = (row: ScanRow): ScanRow => ({
    ...row,
    outstandingKobo: koboOf(row.outstandingKobo),
    penaltyAddedKobo: koboOf(row.penaltyAddedKobo),
  });

  /** The two payment tables have the same shape for the lists. */
  function paymentQueries(table: typeof subscriptionPayments | typeof penaltyPayments, tableName: 'subscription_payments' | 'penalty_payments') {
    const statements = new PreparedStatements(db);
    function conditions(filter: BoundFilter): SQL | undefined {
      return and(
        timeConditions(filter, table.createdAt),
        filter.vehicleType ? eq(table.vehicleType, filter.vehicleType) : undefined,
        filter.planName ? eq(table.planName, filter.planName) : undefined,
        filter.modeOfPayment ? eq(table.modeOfPayment, filter.modeOfPayment) : undefined,
        filter.status ? eq(table.status, filter.status) : undefined,
        filter.remitterId ? eq(table.remitterId, filter.remitterId) : undefined,
        filter.motoristId ? eq(table.motoristId, filter.motoristId) : undefined,
        ofPeople(filter, table.motoristId, table.remitterId),
      );
    }
    /**
     * How many payments match and their amount. A filter the counters keep (none, or one of vehicle
     * type, plan, mode, status, over any range) sums counter rows: a row per whole month, per other
     * whole day, and the payments of the partial days at the range's edges. Otherwise (a Unique ID
     * search, a remitter, a motorist, or several filters at once) the matching payments are summed, through the
     * index of the person or of the first filter. Built once per shape, as the page's statements are.
     */
    async function summary(filter: RecordFilter): Promise<{ count: number; amountKobo: Kobo }> {
      const binding = new Binding();
      const bound = bind(filter, binding);
      const counted = filter.people || filter.remitterId || filter.motoristId ? null : countedFilter(filter);
      const split = counted ? bindDaySplit(binding, filter) : null;
      const rowsSum = (where: SQL | undefined) =>
        sql`SELECT count(*) AS payments, coalesce(sum(${table.amountKobo}), 0) AS kobo FROM ${table} WHERE ${where ?? sql`true`}`;
      const countersSum = (unit: CounterUnit, days: BoundDays, by: NonNullable<typeof counted>) => {
        const counts = unit === 'month' ? paymentMonthCounts : paymentCounts;
        const where = and(eq(counts.paymentTable, tableName), eq(counts.filter, by.name), eq(counts.value, by.value), wholeDayConditions(counts.day, days));
        return sql`SELECT coalesce(sum(${counts.payments}), 0) AS payments, coalesce(sum(${counts.amountKobo}), 0) AS kobo FROM ${counts} WHERE ${where}`;
      };
      const [row] = await statements.run(`${binding.shape}|summary`, binding.values, () => {
        const parts =
          counted && split
            ? [
                ...split.periods.map((period) => countersSum(period.unit, period.days, counted)),
                ...split.edges.map((edge) => rowsSum(conditions({ ...bound, ...edge }))),
              ]
            : [rowsSum(conditions(bound))];
        return db
          .select({ payments: sql<string>`coalesce(sum(payments), 0)::bigint`, kobo: sql<string>`coalesce(sum(kobo), 0)::bigint` })
          .from(sql`(${sql.join(parts, sql` UNION ALL `)}) AS parts`);
      });
      return { count: Number(row.payments), amountKobo: koboOf(row.kobo) };
    }
    /** How many payments match: from payment_counts, or row by row (a few pages ahead) for a Unique ID search. */
    function paymentTotal(filter: RecordFilter, bound: BoundFilter, binding: Binding, page: Page): TotalQuery {
      const counted = countedFilter(filter);
      if (filter.people || filter.remitterId || filter.motoristId || !counted) {
        return totalAhead(binding, page, () => db.select({ id: table.id }).from(table).where(conditions(bound)).$dynamic());
      }
      return totalByDays(
        binding,
        filter,
        (unit, days) => {
          const counts = unit === 'month' ? paymentMonthCounts : paymentCounts;
          return db
            .select({ value: sumOf(counts.payments) })
            .from(counts)
            .where(
              and(eq(counts.paymentTable, tableName), eq(counts.filter, counted.name), eq(counts.value, counted.value), wholeDayConditions(counts.day, days)),
            );
        },
        (range) =>
          db
            .select({ value: count() })
            .from(table)
            .where(conditions({ ...bound, ...range })),
      );
    }
    function select<Extra extends Record<string, SQL>>(where: SQL | undefined, extra: Extra = {} as Extra) {
      return db
        .select({
          ...extra,
          id: table.id,
          receiptNo: table.receiptNo,
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
      summary,
      async list(filter: RecordFilter, page: Page): Promise<{ rows: PaymentRow[]; total: ListTotal }> {
        const binding = new Binding();
        const bound = bind(filter, binding);
        const total = paymentTotal(filter, bound, binding, page);
        const source = { table, id: table.id, createdAt: table.createdAt, where: () => conditions(bound) };
        const { rows, total: known } = await readPage(db, statements, binding, total, page, source, (inPage, orderBy, extra) =>
          select(inPage, extra).orderBy(...orderBy),
        );
        return { rows: rows.map(normalise), total: known };
      },
      async byId(id: string): Promise<PaymentRow | null> {
        const [row] = await select(eq(table.id, id)).limit(1);
        return row ? normalise(row) : null;
      },
      /** Up to `limit` rows of the list after the row `afterId`, newest first: one keyset batch of a whole-list read. */
      async batch(filter: RecordFilter, afterId: string | null, limit: number): Promise<PaymentRow[]> {
        const { binding, bound, afterRow, batchSize } = bindBatch(filter, afterId, limit);
        const rows = await statements.run(`${binding.shape}|batch`, binding.values, () =>
          select(and(conditions(bound), afterRow && after(table, table.createdAt, table.id, afterRow)))
            .orderBy(desc(table.createdAt), desc(table.id))
            .limit(batchSize),
        );
        return rows.map(normalise);
      },
    };
  }

  /** The payment_counts rows of a filter, which counts one filter value at a time (null: more than one). */
  function countedFilter(filter: RecordFilter): { name: PaymentCountsFilter; value: string } | null {
    const given = (
      [
        ['vehicle_type', filter.vehicleType],
        ['plan_name', filter.planName],
        ['mode_of_payment', filter.modeOfPayment],
        ['status', filter.status],
      ] as const
    ).filter(([, value]) => value !== undefined);
    if (given.length > 1) return null;
    const [name, value] = given[0] ?? ['', ''];
    return { name, value: value ?? '' };
  }

  const subscriptionPaymentQueries = paymentQueries(subscriptionPayments, 'subscription_payments');
  const penaltyPaymentQueries = paymentQueries(penaltyPayments, 'penalty_payments');

  return {
    async listScans(filter: RecordFilter, page: Page): Promise<{ rows: ScanRow[]; total: ListTotal }> {
      const binding = new Binding();
      const bound = bind(filter, binding);
      const total = scanTotal(filter, bound, binding, page);
      const source = { table: scans, id: scans.id, createdAt: scans.createdAt, where: () => scanConditions(bound) };
      const { rows, total: known } = await readPage(db, scanStatements, binding, total, page, source, (inPage, orderBy, extra) =>
        selectScans(extra)
          .from(scans)
          .innerJoin(motorist, eq(motorist.id, scans.motoristId))
          .innerJoin(agent, eq(agent.id, scans.agentId))
          .where(inPage)
          .orderBy(...orderBy),
      );
      return { rows: rows.map(normaliseScan), total: known };
    },

    async scanById(id: string): Promise<ScanRow | null> {
      const [row] = await selectScans()
        .from(scans)
        .innerJoin(motorist, eq(motorist.id, scans.motoristId))
        .innerJoin(agent, eq(agent.id, scans.agentId))
        .where(eq(scans.id, id))
        .limit(1);
      return row ? normaliseScan(row) : null;
    },

    /** Up to `limit` scans of the list after the scan `afterId`, newest first: one keyset batch of a whole-list read. */
    async scanBatch(filter: RecordFilter, afterId: string | null, limit: number): Promise<ScanRow[]> {
      const { binding, bound, afterRow, batchSize } = bindBatch(filter, afterId, limit);
      const rows = await scanStatements.run(`${binding.shape}|batch`, binding.values, () =>
        selectScans()
          .from(scans)
          .innerJoin(motorist, eq(motorist.id, scans.motoristId))
          .innerJoin(agent, eq(agent.id, scans.agentId))
          .where(and(scanConditions(bound), afterRow && after(scans, scans.createdAt, scans.id, afterRow)))
          .orderBy(desc(scans.createdAt), desc(scans.id))
          .limit(batchSize),
      );
      return rows.map(normaliseScan);
    },

    /** Motorists and agents whose Unique ID starts with `prefix` (served by users_user_code_pattern_idx). */
    async peopleWithCodePrefix(prefix: string): Promise<NonNullable<RecordFilter['people']>> {
      const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
      const rows = await db
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(like(users.userCode, `${escaped}%`))
        .limit(MAX_PEOPLE_PER_SEARCH);
      return {
        motoristIds: rows.filter((r) => r.role === 'motorist').map((r) => r.id),
        agentIds: rows.filter((r) => r.role !== 'motorist').map((r) => r.id),
      };
    },

    /** Motorists whose plate number contains the search (see lists/plate-search.ts). */
    plateOwners: (text: string) => plateOwners(db, text),

    subscriptionPaymentSummary: subscriptionPaymentQueries.summary,
    penaltyPaymentSummary: penaltyPaymentQueries.summary,
    listSubscriptionPayments: subscriptionPaymentQueries.list,
    subscriptionPaymentById: subscriptionPaymentQueries.byId,
    listPenaltyPayments: penaltyPaymentQueries.list,
    penaltyPaymentById: penaltyPaymentQueries.byId,
    subscriptionPaymentBatch: subscriptionPaymentQueries.batch,
    penaltyPaymentBatch: penaltyPaymentQueries.batch,
  };
}
export type RecordQueries = ReturnType<typeof recordQueries>;
