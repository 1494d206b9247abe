/**
 * The columns of every list the console downloads (spec: one column per header). The server's CSV
 * export and the console's export of ticked rows both write them, so the files are the same. Dates
 * and times read as the screen shows them: Lagos time, e.g. "5 March 2025 at 10:30"; people's names
 * capitalised with personName, plates in capitals as printed, every other text as stored (issue 26).
 */
import type { CsvColumn } from './csv.ts';
import { DEPARTMENT_LABELS, type AgentRole } from './domain.ts';
import { formatDateTime, NOT_AVAILABLE, personName } from './format.ts';
import { printedPlate } from './printing.ts';
import type { PersonRecord } from './endpoints/people/schemas.ts';
import type { PaymentRecord, ScanRecord } from './endpoints/records/schemas.ts';

/** Scan Record (spec): with the subscription as it stood at the scan, and the plate scanned (issue 48). */
export const SCAN_CSV_COLUMNS: readonly CsvColumn<ScanRecord>[] = [
  { header: 'Vehicle Type', value: (row) => row.vehicle.vehicleType },
  { header: 'Subscription Status', value: (row) => row.ticketSubscription.subscriptionStatus },
  { header: 'Motorist Unique ID', value: (row) => row.kyc.userID.userCode },
  { header: 'Plate Number', value: (row) => (row.vehicle.plateNumber ? printedPlate(row.vehicle.plateNumber) : NOT_AVAILABLE) },
  { header: 'Subscription Expiry Date', value: (row) => formatDateTime(row.ticketSubscription.subscriptionExpiryDate) },
  { header: 'Outstanding Payment (naira)', value: (row) => row.ticketSubscription.outstandingPayment },
  { header: 'Scanned By', value: (row) => personName(row.agentId.userID.fullName) },
  { header: 'Scanned Date', value: (row) => formatDateTime(row.createdAt) },
];

/** Transaction History ('Price') and Penalty Payment History ('Amount'), spec, with a non-cash payment's reference (issue 42); then the receipt number (issue 23). */
export function paymentCsvColumns(amountHeader: 'Price' | 'Amount'): readonly CsvColumn<PaymentRecord>[] {
  return [
    { header: 'Bank Name', value: (row) => row.bankName ?? NOT_AVAILABLE },
    { header: 'Mode Of Payment', value: (row) => row.modeOfPayment },
    { header: 'Reference', value: (row) => row.reference ?? NOT_AVAILABLE },
    { header: 'Unique ID', value: (row) => row.motorist.uniqueId },
    { header: 'Plan Type', value: (row) => row.subscription.name ?? NOT_AVAILABLE },
    { header: amountHeader, value: (row) => row.amount },
    { header: 'Vehicle Type', value: (row) => row.subscription.vehicleType },
    { header: 'Status', value: (row) => row.status },
    { header: 'Remitted By', value: (row) => personName(row.addedBy.fullName) },
    { header: 'Created At', value: (row) => formatDateTime(row.createdAt) },
    { header: 'Receipt No', value: (row) => row.receiptNo },
  ];
}

/** Spec section 4: 'Approved by {name or N/A}', 'Pending', 'Suspended by {name or N/A}', else 'Unknown'. */
export function personStatusLabel(person: Pick<PersonRecord, 'registrationStatus' | 'approvedByName' | 'suspendedByName'>): string {
  switch (person.registrationStatus) {
    case 'approved':
      return `Approved by ${personName(person.approvedByName) ?? NOT_AVAILABLE}`;
    case 'pending':
      return 'Pending';
    case 'suspended':
      return `Suspended by ${personName(person.suspendedByName) ?? NOT_AVAILABLE}`;
    default:
      return 'Unknown';
  }
}

/** The people lists: admin, manager, union and motorist, and the agent lists by agent role. */
export type PersonListKind = 'admin' | 'manager' | 'union' | 'motorist' | AgentRole;

/** Spec: the enforcer, remitter and union lists also show Unique ID; the motorist list has it second. */
export const PERSON_LISTS_WITH_UNIQUE_ID: readonly PersonListKind[] = ['enforcer', 'remitter', 'union', 'motorist'];

/** What staff expect beyond the spec's columns: a manager's department, a union user's union name and role (issue 26), a motorist's plate (issue 48). */
export function personListOwnColumns(list: PersonListKind): readonly CsvColumn<PersonRecord>[] {
  if (list === 'motorist') return [{ header: 'Plate Number', value: (row) => (row.vehicle ? printedPlate(row.vehicle.plateNumber) : NOT_AVAILABLE) }];
  if (list === 'manager') return [{ header: 'Department', value: (row) => (row.department ? DEPARTMENT_LABELS[row.department] : NOT_AVAILABLE) }];
  if (list === 'union') {
    return [
      { header: 'Union Name', value: (row) => row.unionName ?? NOT_AVAILABLE },
      { header: 'Role', value: (row) => row.unionRole ?? NOT_AVAILABLE },
    ];
  }
  return [];
}

/** Spec "Staff and motorist lists": Full Name, [Unique ID], [the list's own], Phone, Email, Last Login, Added By, Status. */
export function personCsvColumns(list: PersonListKind): readonly CsvColumn<PersonRecord>[] {
  return [
    { header: 'Full Name', value: (row) => personName(row.fullName) },
    ...(PERSON_LISTS_WITH_UNIQUE_ID.includes(list) ? [{ header: 'Unique ID', value: (row: PersonRecord) => row.userCode }] : []),
    ...personListOwnColumns(list),
    { header: 'Phone', value: (row) => row.phone },
    { header: 'Email', value: (row) => row.email },
    { header: 'Last Login', value: (row) => formatDateTime(row.lastLogin) },
    { header: 'Added By', value: (row) => personName(row.addedByName) ?? NOT_AVAILABLE },
    { header: 'Status', value: personStatusLabel },
  ];
}
