import type { PersonRecord } from '@eticket/contracts';
import type { Clock } from '../../lib/clock.ts';
import { subscriptionFromColumns } from '../subscriptions/index.ts';
import { toTicketSubscription } from '../subscriptions/index.ts';
import type { PersonRow } from './person-query.ts';
import { toPersonRecord } from './person-record.ts';
import { asSeenBy, type PersonView } from './personal-view.ts';

/**
 * Person rows as records, as the viewer may see them (personal-view.ts). A motorist's ticket subscription came with the row (subscriptionColumns,
 * joined on by the subscriptions capability); its status is derived from the time now.
 */
export function createPersonRecords(deps: { clock: Clock }) {
  const { clock } = deps;
  return async function toRecords(rows: PersonRow[], view: PersonView): Promise<PersonRecord[]> {
    const now = clock.now();
    return rows.map((row) => {
      const found = row.role === 'motorist' ? subscriptionFromColumns(row) : null;
      return asSeenBy(toPersonRecord(row, found ? toTicketSubscription(found, now, found.graceMs) : null), row, view);
    });
  };
}
export type PersonRecords = ReturnType<typeof createPersonRecords>;
