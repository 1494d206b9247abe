import { personName, type PaymentRecord, type PenaltyChange, type ScanRecord } from '@eticket/contracts';
import type { Column } from '../../../components/DataTable/index.ts';
import { NoWrap } from '../../../components/NoWrap.tsx';
import { SubscriptionStatusBadge } from '../../../components/SubscriptionStatusBadge.tsx';
import { paymentColumns } from '../../../components/paymentColumns.tsx';
import { ReversePaymentAction } from '../../../components/ReversePaymentAction.tsx';
import { formatNaira, formatTableDateTime } from '../../../lib/format.ts';

const when = <Row extends { createdAt: string }>(header: string): Column<Row> => ({
  header,
  value: (row) => row.createdAt,
  cell: (row) => <NoWrap>{formatTableDateTime(row.createdAt)}</NoWrap>,
});
const naira = (amount: number) => <NoWrap numeric>{formatNaira(amount)}</NoWrap>;

/** The payment lists' columns a motorist's history shows, in this order (penalty payments have no plan). */
const PAYMENT_HEADERS = ['Receipt No', 'Created At', 'Plan Type', 'Amount', 'Mode Of Payment', 'Remitted By', 'Status'];

/** Reverse payment (issue 44): shown to those who may reverse, on a successful payment. */
const REVERSE_ACTION: Column<PaymentRecord> = { header: 'Actions', cell: (row) => <ReversePaymentAction payment={row} />, stickyEnd: true };

/** A motorist's subscription payments (with the plan) or penalty payments: the payment lists' own columns, then the row's Reverse payment. */
export function historyPaymentColumns(kind: 'subscription' | 'penalty'): Column<PaymentRecord>[] {
  const columns = paymentColumns('Amount');
  const headers = kind === 'subscription' ? PAYMENT_HEADERS : PAYMENT_HEADERS.filter((header) => header !== 'Plan Type');
  return [...headers.map((header) => columns.find((column) => column.header === header)!), REVERSE_ACTION];
}

/** A motorist's scans, with the subscription as it stood at each. */
export const HISTORY_SCAN_COLUMNS: Column<ScanRecord>[] = [
  when('Scanned At'),
  {
    header: 'Status',
    value: (row) => row.ticketSubscription.subscriptionStatus,
    cell: (row) => <SubscriptionStatusBadge status={row.ticketSubscription.subscriptionStatus} />,
  },
  { header: 'Outstanding', value: (row) => row.ticketSubscription.outstandingPayment, cell: (row) => naira(row.ticketSubscription.outstandingPayment) },
  { header: 'Penalty Added', value: (row) => row.penaltyAdded, cell: (row) => naira(row.penaltyAdded) },
  { header: 'Scanned By', value: (row) => personName(row.agentId.userID.fullName) },
];

/** Staff changes to the motorist's outstanding penalty. */
export const PENALTY_CHANGE_COLUMNS: Column<PenaltyChange>[] = [
  when('Changed At'),
  { header: 'From', value: (row) => row.previousAmount, cell: (row) => naira(row.previousAmount) },
  { header: 'To', value: (row) => row.newAmount, cell: (row) => naira(row.newAmount) },
  { header: 'Reason', value: (row) => row.reason },
  { header: 'Changed By', value: (row) => personName(row.changedBy.fullName) },
];
