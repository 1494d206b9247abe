/**
 * The Tills page's lists as downloaded (issue 42): the server's CSV export and the console's export
 * of ticked rows write these, and the console's tables show the same headers (see export-columns.ts).
 */
import type { CsvColumn } from './csv.ts';
import { formatDateTime, NOT_AVAILABLE, personName } from './format.ts';
import type { LodgementDetails, OpenTill, TillClose } from './endpoints/till-lists/schemas.ts';
import type { TillCloseStatus } from './endpoints/tills/schemas.ts';

export const TILL_CLOSE_STATUS_LABELS: Record<TillCloseStatus, string> = {
  pending: 'Waiting for approval',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** A lodgement in words: "Deposit: access bank, teller 0012345" or "Transfer: FT2611283". */
export function lodgementText(lodgement: LodgementDetails): string {
  if (lodgement.kind === 'transfer') return `Transfer: ${lodgement.reference ?? NOT_AVAILABLE}`;
  return `Deposit: ${lodgement.bankName ?? NOT_AVAILABLE}, teller ${lodgement.tellerNo ?? NOT_AVAILABLE}`;
}

export const OPEN_TILL_CSV_COLUMNS: readonly CsvColumn<OpenTill>[] = [
  { header: 'Remitter', value: (row) => personName(row.remitter.fullName) },
  { header: 'Unique ID', value: (row) => row.remitter.userCode },
  { header: 'Opened At', value: (row) => formatDateTime(row.openedAt) },
  { header: 'Expected (naira)', value: (row) => row.expected },
  { header: 'Collections', value: (row) => row.collections },
  { header: 'Late', value: (row) => row.lateCollections },
  { header: 'Last Collection', value: (row) => formatDateTime(row.lastCollectionAt) },
  { header: 'Age (hours)', value: (row) => row.ageHours },
  { header: 'Over Limit', value: (row) => (row.overLimit ? 'yes' : 'no') },
];

export const TILL_CLOSE_CSV_COLUMNS: readonly CsvColumn<TillClose>[] = [
  { header: 'Remitter', value: (row) => personName(row.remitter.fullName) },
  { header: 'Unique ID', value: (row) => row.remitter.userCode },
  { header: 'Submitted At', value: (row) => formatDateTime(row.submittedAt) },
  { header: 'Counted (naira)', value: (row) => row.counted },
  { header: 'Expected (naira)', value: (row) => row.expected },
  { header: 'Variance (naira)', value: (row) => row.variance },
  { header: 'Lodgement', value: (row) => lodgementText(row.lodgement) },
  { header: 'Lodged On', value: (row) => row.lodgement.lodgedOn },
  { header: 'Status', value: (row) => TILL_CLOSE_STATUS_LABELS[row.status] },
  { header: 'Decided By', value: (row) => personName(row.decidedBy?.fullName) ?? NOT_AVAILABLE },
  { header: 'Reason', value: (row) => row.reason ?? NOT_AVAILABLE },
];
