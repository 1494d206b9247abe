import { type SQL, and, count, desc, eq } from 'drizzle-orm';
import type { SubscriptionStatus, VehicleType } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import { scanCounts, scanMonthCounts, scans } from '../../db/schema.ts';
import { sumOf, totalAhead, totalByDays, type ListTotal, type TotalQuery, wholeDayConditions } from '../../lists/day-counts.ts';
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

/** Scan Record's rows: a page, one scan, or a keyset batch of a whole-list read. */
export function scanQueries(db: Database) {
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

  /** Scans matching `where`, with the motorist's and the agent's names (and any `extra` columns). */
  function selectScans<Extra extends Record<string, SQL>>(where: SQL | undefined, extra: Extra = {} as Extra) {
    return db
      .select({
        ...extra,
        id: scans.id,
        createdAt: scans.createdAt,
        vehicleType: scans.vehicleType,
        plateNumber: scans.plateNumber,
        subscriptionStatus: scans.subscriptionStatus,
        expiresAt: scans.expiresAt,
        outstandingKobo: scans.outstandingKobo,
        penaltyAddedKobo: scans.penaltyAddedKobo,
        motorist: personRefColumns(motorist),
        agent: personRefColumns(agent),
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

  return {
    async listScans(filter: RecordFilter, page: Page): Promise<{ rows: ScanRow[]; total: ListTotal }> {
      const binding = new Binding();
      const bound = bind(filter, binding);
      const total = scanTotal(filter, bound, binding, page);
      const source = { table: scans, id: scans.id, createdAt: scans.createdAt, where: () => scanConditions(bound) };
      const { rows, total: known } = await readPage(db, scanStatements, binding, total, page, source, (inPage, orderBy, extra) =>
        selectScans(inPage, extra).orderBy(...orderBy),
      );
      return { rows: rows.map(normaliseScan), total: known };
    },

    async scanById(id: string): Promise<ScanRow | null> {
      const [row] = await selectScans(eq(scans.id, id)).limit(1);
      return row ? normaliseScan(row) : null;
    },

    /** Up to `limit` scans of the list after the scan `afterId`, newest first: one keyset batch of a whole-list read. */
    async scanBatch(filter: RecordFilter, afterId: string | null, limit: number): Promise<ScanRow[]> {
      const { binding, bound, afterRow, batchSize } = bindBatch(filter, afterId, limit);
      const rows = await scanStatements.run(`${binding.shape}|batch`, binding.values, () =>
        selectScans(and(scanConditions(bound), afterRow && after(scans, scans.createdAt, scans.id, afterRow)))
          .orderBy(desc(scans.createdAt), desc(scans.id))
          .limit(batchSize),
      );
      return rows.map(normaliseScan);
    },
  };
}
