import { type SQL, and, count, desc, eq, sql } from 'drizzle-orm';
import type { ModeOfPayment, PaymentStatus, PlanName, VehicleType } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import { paymentCounts, paymentMonthCounts, type penaltyPayments, type subscriptionPayments } from '../../db/schema.ts';
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
import { after } from '../../lists/keyset.ts';
import { type Page, readPage } from '../../lists/paging.ts';
import { Binding, PreparedStatements } from '../../lists/prepared.ts';
import { koboOf, type Kobo } from '../../domain/money.ts';
import {
  type BoundFilter,
  type PersonRefRow,
  type RecordFilter,
  agent,
  bind,
  bindBatch,
  motorist,
  ofPeople,
  personRefColumns,
  timeConditions,
} from './record-filter.ts';

export interface PaymentRow {
  id: string;
  receiptNo: string;
  createdAt: Date;
  bankName: string | null;
  modeOfPayment: ModeOfPayment;
  /** A non-cash payment's reference (issue 42); null for cash. */
  reference: string | null;
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

/** Transaction History's and Penalty Payment History's rows and totals: the two payment tables have the same shape for the lists. */
export function paymentQueries(
  db: Database,
  table: typeof subscriptionPayments | typeof penaltyPayments,
  tableName: 'subscription_payments' | 'penalty_payments',
) {
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
      filter.receiptNo ? eq(table.receiptNo, filter.receiptNo) : undefined,
      ofPeople(filter, table.motoristId, table.remitterId),
    );
  }
  /**
   * How many payments match and their amount. A filter the counters keep (none, or one of vehicle
   * type, plan, mode, status, over any range) sums counter rows: a row per whole month, per other
   * whole day, and the payments of the partial days at the range's edges. Otherwise (a people or
   * receipt search, a remitter, a motorist, or several filters at once) the matching payments are summed,
   * through the index of the person or of the first filter. Built once per shape, as the page's
   * statements are.
   */
  async function summary(filter: RecordFilter): Promise<{ count: number; amountKobo: Kobo }> {
    const binding = new Binding();
    const bound = bind(filter, binding);
    const counted = rowsCounted(filter) ? null : countedFilter(filter);
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
  /** How many payments match: from payment_counts, or row by row (a few pages ahead) for a people or receipt search. */
  function paymentTotal(filter: RecordFilter, bound: BoundFilter, binding: Binding, page: Page): TotalQuery {
    const counted = countedFilter(filter);
    if (rowsCounted(filter) || !counted) {
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
        reference: table.reference,
        planId: table.planId,
        planName: table.planName,
        vehicleType: table.vehicleType,
        amountKobo: table.amountKobo,
        status: table.status,
        motorist: personRefColumns(motorist),
        remitter: personRefColumns(agent),
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

/** Whether a filter's payments are counted row by row: the counters keep no people, remitters or receipts. */
const rowsCounted = (filter: RecordFilter): boolean => !!(filter.people || filter.remitterId || filter.motoristId || filter.receiptNo);

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
