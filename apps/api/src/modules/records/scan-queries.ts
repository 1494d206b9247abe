import { type SQL, and, eq } from 'drizzle-orm';
import type { SubscriptionStatus, VehicleType } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import { scanCounts, scanMonthCounts, scans } from '../../db/schema.ts';
import { sumOf, wholeDayConditions } from '../../lists/day-counts.ts';
import { defineList } from '../../lists/kit.ts';
import { koboOf, type Kobo } from '../../domain/money.ts';
import { type BoundFilter, type PersonRefRow, type RecordFilter, agent, bind, motorist, ofPeople, personRefColumns, timeConditions } from './record-filter.ts';

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

/**
 * Scan Record's list: a page, one scan, or a keyset batch of a whole-list read (lists/kit.ts). Spec:
 * only rows having both a motorist and an agent are listed; both are required references of a scan,
 * read through inner joins.
 */
export function scanQueries(db: Database) {
  const list = defineList(db, {
    table: scans,
    id: scans.id,
    createdAt: scans.createdAt,
    bind,
    where: (filter: BoundFilter): SQL | undefined =>
      and(
        timeConditions(filter, scans.createdAt),
        filter.vehicleType ? eq(scans.vehicleType, filter.vehicleType) : undefined,
        filter.subscriptionStatus ? eq(scans.subscriptionStatus, filter.subscriptionStatus) : undefined,
        filter.motoristId ? eq(scans.motoristId, filter.motoristId) : undefined,
        ofPeople(filter, scans.motoristId, scans.agentId),
      ),
    // From scan_counts; a Unique ID search or one motorist's scans row by row, a few pages ahead.
    counters: {
      answer: (filter: RecordFilter) => !(filter.people || filter.motoristId),
      range: (filter: RecordFilter) => filter,
      sum: (unit, days, bound) => {
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
      edge: (bound, range) => ({ ...bound, ...range }),
    },
    select: (where, extra) =>
      db
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
        .where(where),
    toRow: (row): ScanRow => ({ ...row, outstandingKobo: koboOf(row.outstandingKobo), penaltyAddedKobo: koboOf(row.penaltyAddedKobo) }),
  });
  return { listScans: list.page, scanById: list.lookup, scanBatch: list.batch };
}
