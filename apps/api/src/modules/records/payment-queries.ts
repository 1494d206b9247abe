import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { ModeOfPayment, PaymentStatus, PlanName, VehicleType } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import { paymentCounts, paymentMonthCounts, type penaltyPayments, type subscriptionPayments } from '../../db/schema.ts';
import { bindDaySplit, type BoundDays, type CounterUnit, sumOf, wholeDayConditions } from '../../lists/day-counts.ts';
import { defineList } from '../../lists/kit.ts';
import { Binding, PreparedStatements } from '../../lists/prepared.ts';
import { koboOf, type Kobo } from '../../domain/money.ts';
import { type BoundFilter, type PersonRefRow, type RecordFilter, agent, bind, motorist, ofPeople, personRefColumns, timeConditions } from './record-filter.ts';

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
  const list = defineList(db, {
    table,
    id: table.id,
    createdAt: table.createdAt,
    bind,
    where: conditions,
    // From payment_counts; a people or receipt search, a remitter, a motorist, or several filters at once row by row, a few pages ahead.
    counters: {
      answer: (filter: RecordFilter) => !rowsCounted(filter) && countedFilter(filter) !== null,
      range: (filter: RecordFilter) => filter,
      sum: (unit, days, _bound, filter) => {
        const counted = countedFilter(filter)!;
        const counts = unit === 'month' ? paymentMonthCounts : paymentCounts;
        return db
          .select({ value: sumOf(counts.payments) })
          .from(counts)
          .where(
            and(eq(counts.paymentTable, tableName), eq(counts.filter, counted.name), eq(counts.value, counted.value), wholeDayConditions(counts.day, days)),
          );
      },
      edge: (bound, range) => ({ ...bound, ...range }),
    },
    select: (where, extra) =>
      db
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
        .where(where),
    toRow: (row): PaymentRow => ({ ...row, amountKobo: koboOf(row.amountKobo) }),
  });
  return { summary, list: list.page, byId: list.lookup, batch: list.batch };
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
