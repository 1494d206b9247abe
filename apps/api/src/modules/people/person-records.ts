import type { PersonRecord } from '@eticket/contracts';
import type { TicketSubscriptionViews } from '../subscriptions/service.ts';
import type { PersonRow } from './person-query.ts';
import { toPersonRecord, type FileUrl } from './person-record.ts';

/**
 * Person rows as records, with the motorists' ticket subscriptions fetched for all rows at once
 * (the subscriptions capability derives their status from time), never one lookup per row.
 */
export function createPersonRecords(deps: { fileUrl: FileUrl; ticketSubscriptions: TicketSubscriptionViews }) {
  const { fileUrl, ticketSubscriptions } = deps;
  return async function toRecords(rows: PersonRow[]): Promise<PersonRecord[]> {
    const motoristIds = rows.filter((row) => row.role === 'motorist').map((row) => row.id);
    const subscriptions = await ticketSubscriptions(motoristIds);
    return rows.map((row) => toPersonRecord(row, fileUrl, subscriptions.get(row.id) ?? null));
  };
}
export type PersonRecords = ReturnType<typeof createPersonRecords>;
