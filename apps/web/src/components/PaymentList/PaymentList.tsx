import { paymentCsvColumns, recordEndpoints, type PaymentRecord, type PaymentRecordList } from '@eticket/contracts';
import { DataTable, type Column, type FetchPage, type TableDownload } from '../DataTable/index.ts';
import { Group } from '@mantine/core';
import { PrintReceiptAction } from '../PrintReceiptAction.tsx';
import { ReversePaymentAction } from '../ReversePaymentAction.tsx';
import { PAYMENT_SEARCH_PLACEHOLDER, paymentColumns, paymentRowKey, paymentRowLabel } from '../paymentColumns.tsx';
import { call } from '../../lib/api.ts';
import type { PaymentFilters } from './paymentFilters.ts';
import { PaymentFilterBar } from './PaymentFilterBar.tsx';
import { PaymentSummary } from './PaymentSummary.tsx';
import { usePaymentFilters } from './usePaymentFilters.ts';

type PaymentListEndpoint = typeof recordEndpoints.subscriptionPayments | typeof recordEndpoints.penaltyPayments;
/** Which payments: subscriptions (Transaction History) or penalties (Penalty Payment History). */
type PaymentKind = 'subscription' | 'penalty';

interface PaymentListProps {
  /** The table's accessible name. */
  label: string;
  kind: PaymentKind;
  queryKey: readonly unknown[];
}

const fetcherOf =
  (endpoint: PaymentListEndpoint): FetchPage<PaymentRecord, PaymentRecordList, PaymentFilters> =>
  (query, signal) =>
    call(endpoint, { query }, { signal });

/** The row actions: Print receipt (issue 23); Reverse payment (issue 44, admins). */
const actions: Column<PaymentRecord> = {
  header: 'Actions',
  cell: (row) => (
    <Group gap={4} wrap="nowrap">
      <PrintReceiptAction payment={row} />
      <ReversePaymentAction payment={row} />
    </Group>
  ),
  stickyEnd: true,
};

const listOf = (endpoint: PaymentListEndpoint, amountHeader: 'Price' | 'Amount') => ({
  fetchPage: fetcherOf(endpoint),
  columns: [...paymentColumns(amountHeader), actions],
  download: { path: endpoint.path, columns: paymentCsvColumns(amountHeader) } satisfies TableDownload<PaymentRecord>,
});

const LISTS: Record<PaymentKind, ReturnType<typeof listOf>> = {
  subscription: listOf(recordEndpoints.subscriptionPayments, 'Price'),
  penalty: listOf(recordEndpoints.penaltyPayments, 'Amount'),
};

/**
 * Transaction History (amount headed 'Price') and Penalty Payment History ('Amount'): the payments,
 * their filters (kept in the page address) and the count and naira total of the whole filter.
 */
export function PaymentList({ label, kind, queryKey }: PaymentListProps) {
  const { filters, set, clear } = usePaymentFilters();
  const list = LISTS[kind];
  return (
    <DataTable
      label={label}
      queryKey={queryKey}
      fetchPage={list.fetchPage}
      columns={list.columns}
      download={list.download}
      rowKey={paymentRowKey}
      rowLabel={paymentRowLabel}
      statusFilter={false}
      activityFilter={false}
      searchPlaceholder={PAYMENT_SEARCH_PLACEHOLDER}
      filters={filters}
      filterBar={<PaymentFilterBar filters={filters} onChange={set} onClear={clear} />}
      summary={(reply, fetching) => <PaymentSummary summary={reply?.summary} fetching={fetching} />}
    />
  );
}
