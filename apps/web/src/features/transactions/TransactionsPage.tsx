import { paymentCsvColumns, type PaymentRecord } from '@eticket/contracts';
import { DataTable, type TableDownload } from '../../components/DataTable/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PAYMENT_SEARCH_PLACEHOLDER, paymentColumns, paymentRowKey, paymentRowLabel } from '../../components/paymentColumns.tsx';
import { fetchTransactions, transactionKeys } from './queries.ts';

const COLUMNS = paymentColumns('Price');
const DOWNLOAD: TableDownload<PaymentRecord> = { path: '/api/sub-history', columns: paymentCsvColumns('Price') };

/** Transaction History: the subscription payments remitters recorded. */
export function TransactionsPage() {
  return (
    <>
      <PageHeader title="Transaction History" description="Subscription payments recorded by remitters, newest first." />
      <DataTable
        label="Transaction History"
        queryKey={transactionKeys.list}
        fetchPage={fetchTransactions}
        columns={COLUMNS}
        download={DOWNLOAD}
        rowKey={paymentRowKey}
        rowLabel={paymentRowLabel}
        statusFilter={false}
        activityFilter={false}
        searchPlaceholder={PAYMENT_SEARCH_PLACEHOLDER}
      />
    </>
  );
}
