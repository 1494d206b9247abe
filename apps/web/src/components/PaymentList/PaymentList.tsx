import { paymentCsvColumns, recordEndpoints, type PaymentRecord, type PaymentRecordList } from '@eticket/contracts';
import { DataTable, type Column, type FetchPage, type TableDownload } from '../DataTable/index.ts';
import { PrintReceiptAction } from '../PrintReceiptAction.tsx';
import { PAYMENT_SEARCH_PLACEHOLDER, paymentColumns, paymentRowKey, paymentRowLabel } from '../paymentColumns.tsx';
import { call } from '../../lib/api.ts';
import type { PaymentFilters } from './paymentFilters.ts';
import { PaymentFilterBar } from './PaymentFilterBar.tsx';
import { PaymentSummary } from './PaymentSummary.tsx';
import { usePaymentFilters } from './usePaymentFilters.ts';

type PaymentListEndpoint = typeof recordEndpoints.subscriptionPayments | typeof recordEndpoints.penaltyPayments;
type PaymentListPath = PaymentListEndpoint['path'];

interface PaymentListProps {
  /** The table's accessible name. */
  label: string;
  path: PaymentListPath;
  queryKey: readonly unknown[];
}

const fetcherOf =
  (endpoint: PaymentListEndpoint): FetchPage<PaymentRecord, PaymentRecordList, PaymentFilters> =>
  (query, signal) =>
    call(endpoint, { query }, { signal });

/** The row actions: Print receipt (issue 23). */
const actions: Column<PaymentRecord> = { header: 'Actions', cell: (row) => <PrintReceiptAction payment={row} />, stickyEnd: true };

const LISTS = {
  '/api/sub-history': { fetchPage: fetcherOf(recordEndpoints.subscriptionPayments), columns: [...paymentColumns('Price'), actions], csvColumns: paymentCsvColumns('Price') },
  '/api/penalty-history': {
    fetchPage: fetcherOf(recordEndpoints.penaltyPayments),
    columns: [...paymentColumns('Amount'), actions],
    csvColumns: paymentCsvColumns('Amount'),
  },
} as const;

/**
 * Transaction History (amount headed 'Price') and Penalty Payment History ('Amount'): the payments,
 * their filters (kept in the page address) and the count and naira total of the whole filter.
 */
export function PaymentList({ label, path, queryKey }: PaymentListProps) {
  const { filters, set, clear } = usePaymentFilters();
  const list = LISTS[path];
  const download: TableDownload<PaymentRecord> = { path, columns: list.csvColumns };
  return (
    <DataTable
      label={label}
      queryKey={queryKey}
      fetchPage={list.fetchPage}
      columns={list.columns}
      download={download}
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
