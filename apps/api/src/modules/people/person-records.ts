import type { PersonRecord } from '@eticket/contracts';
import type { Clock } from '../../lib/clock.ts';
import { subscriptionFromColumns } from '../subscriptions/index.ts';
import { toTicketSubscription } from '../subscriptions/index.ts';
import type { PersonRow } from './person-query.ts';
import { toPersonRecord, type FileUrl } from './person-record.ts';

/**
 * Person rows as records. A motorist's ticket subscription came with the row (subscriptionColumns,
 * joined on by the subscriptions capability); its status is derived from the time now.
 */
export function createPersonRecords(deps: { fileUrl: FileUrl; clock: Clock }) {
  const { fileUrl, clock } = deps;
  return async function toRecords(rows: PersonRow[]): Promise<PersonRecord[]> {
    const now = clock.now();
    return rows.map((row) => {
      const found = row.role === 'motorist' ? subscriptionFromColumns(row) : null;
      return toPersonRecord(row, fileUrl, found ? toTicketSubscription(found, now, found.graceMs) : null);
    });
  };
}
export type PersonRecords = ReturnType<typeof createPersonRecords>;
